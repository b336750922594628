// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { appContainer, PREVIEW_MAX_MS, previewHasContent, revealApp } from "./page-preview";

afterEach(() => {
  revealApp();
  document.body.innerHTML = "";
  vi.useRealTimers();
});

describe("the server's page preview", () => {
  it("without one, the app renders into #root on the page", () => {
    document.body.innerHTML = '<div id="root"></div>';
    const root = appContainer();
    expect(root.isConnected).toBe(true);
    expect(previewHasContent()).toBe(false);
  });

  it("with one, the app renders off the page and replaces the preview in one step when revealed", () => {
    document.body.innerHTML = '<div id="root"></div><div id="quire-preview" inert><div data-preview-content>rows</div></div>';
    const root = appContainer();
    expect(root.isConnected).toBe(false);
    expect(previewHasContent()).toBe(true);
    root.textContent = "the app";
    revealApp();
    expect(document.getElementById("quire-preview")).toBeNull();
    expect(document.body.textContent).toBe("the app");
    expect(previewHasContent()).toBe(false);
  });

  it("with one not shown on this screen (drawn for another width), the app renders on the page at once and the preview goes", () => {
    document.body.innerHTML = '<div id="root"></div><div id="quire-preview" inert><div data-preview-content style="display: none">rows</div><script type="application/json" data-preview-paper>{}</script></div>';
    const root = appContainer();
    expect(root.isConnected).toBe(true);
    expect(document.getElementById("quire-preview")).toBeNull();
    expect(previewHasContent()).toBe(false);
  });

  it("keeps the place the visitor scrolled the preview to, when the app's first render scrolls back to the top", async () => {
    document.body.innerHTML = '<div id="root"></div><div id="quire-preview"><div data-preview-content>page</div></div>';
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    const scrollY = vi.spyOn(window, "scrollY", "get").mockReturnValue(1500);
    try {
      appContainer();
      revealApp();
      // The router's ScrollRestoration, in the same commit as the page that revealed the app.
      window.scrollTo(0, 0);
      await Promise.resolve();
      expect(scrollTo).toHaveBeenLastCalledWith({ left: 0, top: 1500, behavior: "instant" });
    } finally {
      scrollTo.mockRestore();
      scrollY.mockRestore();
    }
  });

  it("leaves the scroll to the app when the preview was not scrolled", async () => {
    document.body.innerHTML = '<div id="root"></div><div id="quire-preview"><div data-preview-content>page</div></div>';
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    try {
      appContainer();
      revealApp();
      await Promise.resolve();
      expect(scrollTo).not.toHaveBeenCalled();
    } finally {
      scrollTo.mockRestore();
    }
  });

  it("shows the app anyway if it never says it is ready", () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="root"></div><div id="quire-preview" inert>frame</div>';
    const root = appContainer();
    vi.advanceTimersByTime(PREVIEW_MAX_MS);
    expect(root.isConnected).toBe(true);
    expect(document.getElementById("quire-preview")).toBeNull();
  });
});
