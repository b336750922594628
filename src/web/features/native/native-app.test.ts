// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "@/shared/constants";
import { keptPdfSource } from "@/web/features/offline/kept-pdf-source";
import type { Platform } from "@/web/lib/platform";
import { webPlatform } from "@/web/lib/platform-web";
import { startNativeApp, type AppRouter } from "./native-app";
import { shareLinkToPath } from "./native-links";

/** The native platform as the adapter hands it out, with the App plugin's events in the test's hands. */
function nativeDouble(launchUrl: string | null) {
  const urlListeners: Array<(url: string) => void> = [];
  const backListeners: Array<(canGoBack: boolean) => void> = [];
  const exit = vi.fn(async () => undefined);
  const platform: Platform = {
    ...webPlatform,
    native: true,
    app: {
      launchUrl: vi.fn(async () => launchUrl),
      onUrlOpen: (listener) => {
        urlListeners.push(listener);
        return () => urlListeners.splice(urlListeners.indexOf(listener), 1);
      },
      onBackButton: (listener) => {
        backListeners.push(listener);
        return () => undefined;
      },
      exit,
    },
  };
  return { platform, exit, openUrl: (url: string) => urlListeners.forEach((listener) => listener(url)), back: (canGoBack: boolean) => backListeners.forEach((listener) => listener(canGoBack)) };
}

function routerAt(pathname: string) {
  const listeners: Array<(state: { location: { pathname: string; search: string } }) => void> = [];
  const router: AppRouter & { visit(path: string): void } = {
    state: { location: { pathname, search: "" } },
    navigate: vi.fn(),
    subscribe: (listener) => {
      listeners.push(listener);
      return () => undefined;
    },
    visit: (path) => {
      const [p, q] = path.split("?");
      listeners.forEach((listener) => listener({ location: { pathname: p!, search: q ? `?${q}` : "" } }));
    },
  };
  return router;
}

let stop: (() => void) | undefined;
beforeEach(() => {
  vi.useFakeTimers();
  window.localStorage.clear();
});
afterEach(() => {
  stop?.();
  vi.useRealTimers();
});

describe("the native app at launch", () => {
  it("restores the saved route when it is restorable, saves each visited route, and goes to /history after a paper", async () => {
    window.localStorage.setItem(STORAGE_KEYS.lastRoute, "/bookmarks?page=2");
    const router = routerAt("/");
    stop = startNativeApp(nativeDouble(null).platform, router);
    expect(router.navigate).toHaveBeenCalledWith("/bookmarks?page=2", { replace: true });
    router.visit("/abs/2401.12345");
    expect(window.localStorage.getItem(STORAGE_KEYS.lastRoute)).toBe("/abs/2401.12345");
    // /auth and /share are not where a launch returns to.
    router.visit("/share?url=x");
    expect(window.localStorage.getItem(STORAGE_KEYS.lastRoute)).toBe("/abs/2401.12345");
    stop();
    const next = routerAt("/");
    stop = startNativeApp(nativeDouble(null).platform, next);
    expect(next.navigate).toHaveBeenCalledWith("/history", { replace: true });
  });

  it("goes to /search on a first launch, and leaves a launch at another page where it is", () => {
    const first = routerAt("/");
    stop = startNativeApp(nativeDouble(null).platform, first);
    expect(first.navigate).toHaveBeenCalledWith("/search", { replace: true });
    stop();
    const deep = routerAt("/settings");
    stop = startNativeApp(nativeDouble(null).platform, deep);
    expect(deep.navigate).not.toHaveBeenCalled();
  });

  it("checks the share intent 1 s after launch and opens /share once, however Android hands it over", async () => {
    const link = "quire://share?text=Attention%20https%3A%2F%2Farxiv.org%2Fabs%2F1706.03762";
    const native = nativeDouble(link);
    const router = routerAt("/search");
    stop = startNativeApp(native.platform, router);
    // Android also delivers the launch link as appUrlOpen: not followed before the check.
    native.openUrl(link);
    await vi.advanceTimersByTimeAsync(999);
    expect(router.navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(router.navigate).toHaveBeenCalledTimes(1);
    expect(router.navigate).toHaveBeenCalledWith("/share?text=Attention+https%3A%2F%2Farxiv.org%2Fabs%2F1706.03762");
    // A share while the app runs opens at once.
    native.openUrl("quire://share?url=https%3A%2F%2Fdoi.org%2F10.1000%2F182");
    expect(router.navigate).toHaveBeenLastCalledWith("/share?url=https%3A%2F%2Fdoi.org%2F10.1000%2F182");
  });

  it("follows the sign-in deep link at once, at launch or while running", async () => {
    const native = nativeDouble("quire://auth-callback?token=abc");
    const router = routerAt("/auth");
    stop = startNativeApp(native.platform, router);
    await vi.advanceTimersByTimeAsync(0);
    expect(router.navigate).toHaveBeenCalledWith("/auth/callback?token=abc");
    native.openUrl("quire://auth-callback?token=def");
    expect(router.navigate).toHaveBeenLastCalledWith("/auth/callback?token=def");
    // Other schemes and hosts are ignored.
    native.openUrl("https://evil.example/auth/callback?token=x");
    native.openUrl("quire://elsewhere?token=x");
    await vi.advanceTimersByTimeAsync(1000);
    expect(router.navigate).toHaveBeenCalledTimes(2);
  });

  it("steps back with Android's back button, and leaves the app at the first page", () => {
    const native = nativeDouble(null);
    const back = vi.spyOn(window.history, "back").mockImplementation(() => undefined);
    stop = startNativeApp(native.platform, routerAt("/search"));
    native.back(true);
    expect(back).toHaveBeenCalled();
    native.back(false);
    expect(native.exit).toHaveBeenCalled();
  });

  it("reads kept PDFs from the device while it runs", () => {
    stop = startNativeApp(nativeDouble(null).platform, routerAt("/search"));
    expect(keptPdfSource()).toBeTypeOf("function");
    stop();
    stop = undefined;
    expect(keptPdfSource()).toBeNull();
  });
});

describe("shareLinkToPath", () => {
  it("keeps only what /share reads", () => {
    expect(shareLinkToPath("quire://share?text=hi&evil=1")).toBe("/share?text=hi");
    expect(shareLinkToPath("quire://share")).toBe("/share");
    expect(shareLinkToPath("quire://auth-callback?token=x")).toBeNull();
    expect(shareLinkToPath("javascript:alert(1)")).toBeNull();
    expect(shareLinkToPath(`quire://share?text=${"a".repeat(10_000)}`)).toBeNull();
  });
});
