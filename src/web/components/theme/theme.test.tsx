// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { DEFAULT_THEME, STORAGE_KEYS } from "@/shared/constants";
import { applyResolvedTheme, parseTheme, resolveTheme } from "@/web/components/theme/theme";
import { ThemeProvider, useTheme } from "@/web/components/theme/theme-provider";
import { installMatchMedia } from "@/web/test/match-media";

describe("parseTheme", () => {
  it("keeps the three valid values", () => {
    expect(parseTheme("dark")).toBe("dark");
    expect(parseTheme("light")).toBe("light");
    expect(parseTheme("system")).toBe("system");
  });

  it("falls back to the default (dark) for anything else", () => {
    expect(DEFAULT_THEME).toBe("dark");
    for (const invalid of [null, undefined, "", "Dark", "LIGHT", "sepia", '"dark"', 1, {}]) {
      expect(parseTheme(invalid)).toBe("dark");
    }
  });
});

describe("resolveTheme", () => {
  it("uses an explicit choice as is", () => {
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
  });

  it("follows the operating system for system", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
  });
});

describe("applyResolvedTheme", () => {
  it("puts exactly one of light/dark on the root and sets color-scheme", () => {
    const root = document.createElement("html");
    applyResolvedTheme(root, "dark");
    expect(root.className).toBe("dark");
    expect(root.style.colorScheme).toBe("dark");
    applyResolvedTheme(root, "light");
    expect(root.className).toBe("light");
    expect(root.style.colorScheme).toBe("light");
  });
});

function ThemeProbe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <>
      <p>
        {theme}:{resolvedTheme}
      </p>
      <button type="button" onClick={() => setTheme("light")}>
        light
      </button>
    </>
  );
}

describe("ThemeProvider", () => {
  beforeEach(() => {
    window.localStorage.clear();
    document.documentElement.className = "";
  });
  afterEach(cleanup);

  it("defaults to dark when nothing is stored", () => {
    installMatchMedia({ dark: false });
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByText("dark:dark")).toBeTruthy();
    expect(document.documentElement.classList.contains("dark")).toBe(true);
  });

  it("treats an invalid stored value as the default", () => {
    installMatchMedia({ dark: false });
    window.localStorage.setItem(STORAGE_KEYS.theme, "solarized");
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByText("dark:dark")).toBeTruthy();
  });

  it("follows the OS live when the stored theme is system", () => {
    const media = installMatchMedia({ dark: false });
    window.localStorage.setItem(STORAGE_KEYS.theme, "system");
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByText("system:light")).toBeTruthy();
    expect(document.documentElement.classList.contains("light")).toBe(true);

    act(() => media.setDark(true));
    expect(screen.getByText("system:dark")).toBeTruthy();
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(document.documentElement.classList.contains("light")).toBe(false);
  });

  it("stores a new choice under the theme key", () => {
    installMatchMedia({ dark: true });
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    act(() => screen.getByRole("button", { name: "light" }).click());
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe("light");
    expect(screen.getByText("light:light")).toBeTruthy();
    expect(document.documentElement.classList.contains("dark")).toBe(false);
  });
});
