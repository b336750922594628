import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { test, expect, useTheme } from "./fixtures";

/** The two projects differ in chrome: a sidebar on desktop, a bottom bar on phones. */
const isPhone = () => test.info().project.name === "mobile";

const htmlHasClass = (page: Page, name: string) =>
  page.evaluate((className) => document.documentElement.classList.contains(className), name);

async function chooseTheme(page: Page, label: "Light" | "Dark" | "System") {
  await page.getByRole("button", { name: /^Theme/ }).click();
  await page.getByRole("menuitemradio", { name: label }).click();
}

test.describe("landing page", () => {
  test("Get Started goes to /search and Sign In to /auth", async ({ page, visit }) => {
    await visit("/");
    const nav = page.getByRole("navigation", { name: "Main" });

    await nav.getByRole("link", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/search$/);

    await page.goto("/");
    await nav.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("pitches the three features and explains how it works", async ({ page, visit, shoot }) => {
    await visit("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const name of ["Smart Search", "Easy Organization", "Personalized Feed"]) {
      await expect(page.getByRole("heading", { name, exact: true })).toBeAttached();
    }

    // The in-page links scroll to their sections (behind a small menu on phones).
    if (isPhone()) {
      await page.getByRole("button", { name: "Page sections" }).click();
      await page.getByRole("menuitem", { name: "Features" }).click();
    } else {
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Features" }).click();
    }
    await expect(page.getByRole("heading", { name: "Smart Search", exact: true })).toBeInViewport();
    await shoot("landing-features");

    if (isPhone()) {
      await page.getByRole("button", { name: "Page sections" }).click();
      await page.getByRole("menuitem", { name: "How it Works" }).click();
    } else {
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "How it Works" }).click();
    }
    const steps = page.locator("#how-it-works");
    await expect(steps.getByRole("heading", { name: "Search", exact: true })).toBeInViewport();
    for (const step of ["Read", "Keep", "Catch up"]) {
      await expect(steps.getByRole("heading", { name: step, exact: true })).toBeVisible();
    }
    await shoot("landing-how-it-works");
  });

  test("footer links to the privacy policy and the terms", async ({ page, visit }) => {
    await visit("/");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();

    await footer.getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/terms-of-service$/);
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  });
});

test.describe("static pages", () => {
  test("privacy policy covers local data, server data, upstream services and deletion", async ({ page, visit }) => {
    await visit("/privacy-policy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    for (const section of [
      "Using Quire without an account",
      "Using Quire with an account",
      "Services we query for you",
      "Your API keys",
      "Keeping, exporting and deleting your data",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name: section })).toBeAttached();
    }
    await expect(page.getByText("We do not sell, rent or trade your data.")).toBeAttached();
  });

  test("terms of service", async ({ page, visit }) => {
    await visit("/terms-of-service");
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Connected services and your own keys" })).toBeAttached();
    // Public pages still offer the theme toggle.
    await expect(page.getByRole("button", { name: /^Theme/ })).toBeVisible();
  });
});

test.describe("theme", () => {
  test("is dark by default", async ({ page, visit }) => {
    await visit("/");
    expect(await htmlHasClass(page, "dark")).toBe(true);
  });

  test("toggle switches the theme and the choice survives a reload", async ({ page, visit }) => {
    await visit("/reader");
    await chooseTheme(page, "Light");
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => window.localStorage.getItem("theme"))).toBe("light");

    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
    await expect(page.getByRole("button", { name: "Theme: Light" })).toBeVisible();

    await chooseTheme(page, "Dark");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  });

  test("an invalid stored theme falls back to dark", async ({ page, visit }) => {
    await page.addInitScript(() => window.localStorage.setItem("theme", "sepia"));
    await visit("/");
    expect(await htmlHasClass(page, "dark")).toBe(true);
  });

  test("system follows the operating system live", async ({ page, visit }) => {
    await useTheme(page, "system");
    await page.emulateMedia({ colorScheme: "light" });
    await visit("/");
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  });
});

test.describe("page head", () => {
  test("the web manifest's theme colour is the page's own (dark, the default theme)", async ({ page }) => {
    await page.goto("/privacy-policy");
    const dark = await page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]').getAttribute("content");
    const manifest = (await (await page.request.get("/manifest.webmanifest")).json()) as { theme_color: string; background_color: string };
    expect(manifest.theme_color).toBe(dark);
    expect(manifest.background_color).toBe(dark);
  });

  test("the scripts run before first paint are in the page itself, allowed by their hashes alone: they run, and nothing is fetched for them", async ({ browser }) => {
    // Without the service worker, which would answer from its precache: the page as the server sends it.
    const context = await browser.newContext({ baseURL, serviceWorkers: "block" });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    // Notes search-prefetch.js leaving its search for the app (which takes it and deletes it).
    await page.addInitScript(() => {
      let early: unknown;
      Object.defineProperty(window, "__quireEarlySearch", {
        configurable: true,
        get: () => early,
        set: (value) => {
          early = value;
          (window as { __earlySearchSeen?: boolean }).__earlySearchSeen = true;
        },
      });
    });
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    // /search?q=... : search-prefetch.js starts the search, pdf-prefetch.js returns at once, theme-init.js sets the theme.
    const response = await page.goto("/search?q=transformer");
    await expect(page.getByRole("combobox", { name: "Search query" })).toBeVisible();
    const scripts = await page.evaluate(() =>
      [...document.head.querySelectorAll("script:not([type])")].map((script) => ({ src: script.getAttribute("src"), text: script.textContent ?? "" })),
    );
    expect(scripts).toHaveLength(3);
    for (const script of scripts) expect(script.src).toBeNull();
    expect(scripts.map((script) => script.text)).toEqual([
      expect.stringContaining("__quirePdfPrefetch"),
      expect.stringContaining('localStorage.getItem("theme")'),
      expect.stringContaining("/api/search"),
    ]);
    // The policy names exactly these three (each by the SHA-256 of its text) and allows no other inline script.
    const policy = (await response!.allHeaders())["content-security-policy"] ?? "";
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1]?.split(" ") ?? [];
    const hashes = scripts.map((script) => `'sha256-${createHash("sha256").update(script.text, "utf8").digest("base64")}'`);
    expect(scriptSrc.sort()).toEqual(["'self'", ...hashes].sort());
    // They ran under it (a blocked one would be reported on the console): the search was started early.
    expect(await page.evaluate(() => (window as { __earlySearchSeen?: boolean }).__earlySearchSeen)).toBe(true);
    expect(violations).toEqual([]);
    expect(requested.filter((path) => /(?:pdf-prefetch|theme-init|search-prefetch)/.test(path))).toEqual([]);
    await context.close();
  });
});

test.describe("app chrome", () => {
  test("shows a red Offline badge while the browser is offline", async ({ page, context, visit, shoot }) => {
    await visit("/reader");
    const badge = page.getByRole("banner").getByText("Offline", { exact: true });
    await expect(badge).toHaveCount(0);

    await context.setOffline(true);
    await expect(badge).toBeVisible();
    await shoot("shell-offline");

    await context.setOffline(false);
    await expect(badge).toHaveCount(0);
  });

  test("header has the logo, source-code link, theme toggle and Sign In", async ({ page, visit }) => {
    await visit("/reader");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Quire" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Source code" })).toHaveAttribute("href", /^https:\/\//);
    await expect(header.getByRole("button", { name: /^Theme/ })).toBeVisible();
    await header.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("desktop sidebar collapses to icons and expands again", async ({ page, visit, shoot }) => {
    test.skip(isPhone(), "phones use the bottom bar");
    await visit("/reader");
    const nav = page.getByRole("navigation", { name: "Main" });
    const width = async () => (await nav.boundingBox())?.width ?? 0;

    for (const name of [
      "Search",
      "Catchup",
      "Bookmarks",
      "Collections",
      "History",
      "Profile",
      "Zotero Library",
      "Settings",
      "Your Data",
    ]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    expect(await width()).toBeGreaterThanOrEqual(250);

    await page.getByRole("button", { name: "Collapse sidebar" }).click();
    await expect(page.getByRole("button", { name: "Expand sidebar" })).toBeVisible();
    await expect.poll(width).toBeLessThan(80);
    // Icons keep their names, so the rail still works for keyboard and screen-reader users.
    await expect(nav.getByRole("link", { name: "Bookmarks", exact: true })).toBeVisible();
    await shoot("shell-sidebar-collapsed");

    await page.getByRole("button", { name: "Expand sidebar" }).click();
    await expect.poll(width).toBeGreaterThanOrEqual(250);
  });

  test("the current section is marked in the navigation", async ({ page, visit }) => {
    await visit("/reader");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Bookmarks", exact: true }).click();
    await expect(page).toHaveURL(/\/bookmarks$/);
    await expect(nav.getByRole("link", { name: "Bookmarks", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Search", exact: true })).not.toHaveAttribute("aria-current", "page");
    expect(await page.evaluate(() => window.localStorage.getItem("navigation.lastRoute"))).toBe("/bookmarks");
  });

  test("phone bottom bar and Menu sheet", async ({ page, visit, shoot }) => {
    test.skip(!isPhone(), "desktop uses the sidebar");
    await visit("/reader");
    const bar = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Search", "Catchup", "Bookmarks", "Settings"]) {
      await expect(bar.getByRole("link", { name, exact: true })).toBeVisible();
    }

    await bar.getByRole("button", { name: "Menu" }).click();
    const sheet = page.getByRole("dialog", { name: "Menu" });
    await expect(sheet).toBeVisible();
    for (const name of ["Collections", "History", "Profile", "Zotero Library", "Your Data"]) {
      await expect(sheet.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(sheet.getByRole("link", { name: "Sign In" })).toBeVisible();
    await shoot("shell-menu-sheet");

    await sheet.getByRole("link", { name: "History", exact: true }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(sheet).toBeHidden();
  });

  test("phone navigation style can be drawer, tabs or condensed", async ({ page, visit, shoot }) => {
    test.skip(!isPhone(), "the preference applies to phones");
    await visit("/reader");
    const openMenuFromBar = () =>
      page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Menu" }).click();
    const sheet = page.getByRole("dialog", { name: "Menu" });

    await openMenuFromBar();
    await sheet.getByRole("radio", { name: "Drawer" }).check();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Menu", exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(sheet.getByRole("link", { name: "Search", exact: true })).toBeVisible();
    await shoot("shell-drawer");

    await sheet.getByRole("radio", { name: "Tabs" }).check();
    await page.keyboard.press("Escape");
    await page.reload();
    const tabs = page.getByRole("navigation", { name: "Main" });
    await expect(tabs.getByRole("link", { name: "Zotero Library", exact: true })).toBeAttached();
    await expect(tabs.getByRole("link", { name: "Search", exact: true })).toBeVisible();
    await shoot("shell-tabs");

    await page.getByRole("button", { name: "Open menu" }).click();
    await sheet.getByRole("radio", { name: "Condensed" }).check();
    await page.keyboard.press("Escape");
    const rail = page.getByRole("navigation", { name: "Main" });
    await expect(rail.getByRole("link", { name: "Bookmarks", exact: true })).toBeVisible();
    expect((await rail.boundingBox())?.width ?? 0).toBeLessThan(80);
    await shoot("shell-condensed");
    expect(await page.evaluate(() => window.localStorage.getItem("mobileLayoutPreference"))).toBe("condensed");
  });
});

test.describe("reader without a paper id", () => {
  test("shows No Recent Papers with buttons to search and bookmarks", async ({ page, visit }) => {
    await visit("/reader");
    await expect(page.getByRole("heading", { name: "No Recent Papers" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Search Papers" }).click();
    await expect(page).toHaveURL(/\/search$/);

    await page.goto("/reader");
    await page.getByRole("main").getByRole("link", { name: "View Bookmarks" }).click();
    await expect(page).toHaveURL(/\/bookmarks$/);
  });

  test("reopens the last viewed paper", async ({ page }) => {
    await page.addInitScript(() =>
      window.localStorage.setItem("settings", JSON.stringify({ lastViewedPaper: "2401.12345" })),
    );
    await page.goto("/reader");
    await expect(page).toHaveURL(/\/abs\/2401\.12345$/);
  });
});

test("unknown routes show Page not found inside the chrome", async ({ page, visit }) => {
  await visit("/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Home page" })).toHaveAttribute("href", "/");
  await main.getByRole("link", { name: "Search papers" }).click();
  await expect(page).toHaveURL(/\/search$/);
});

for (const theme of ["light", "dark"] as const) {
  test(`screenshots in ${theme}`, async ({ page, visit }) => {
    await useTheme(page, theme);
    await visit("/", { label: "landing" });
    expect(await htmlHasClass(page, theme)).toBe(true);
    await visit("/reader", { label: "shell-reader" });
    await visit("/no-such-page", { label: "shell-not-found" });
    await visit("/privacy-policy");
  });
}
