import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { PASSWORD, signedInAccount, uniqueEmail } from "./test-accounts";
import { baseURL } from "../playwright.config";

/**
 * The Android app's paths in Chromium: Capacitor runs as a native platform (a
 * custom "android" platform), its plugins use their web implementations (Filesystem in
 * IndexedDB, Browser, Network, Share), and a double of the native bridge answers the App
 * plugin as Android would: the launch URL and the appUrlOpen / backButton events.
 */

const PAPER = "1911.02782";
const LOAD_TIMEOUT = 45_000;

test.describe.configure({ timeout: 120_000 });

type BridgeWindow = { __nativeBridge: { launchUrl: string | null; emit(eventName: string, data: unknown): void } };

/** Makes the page the native app, launched with `launchUrl` (a deep link or a share), before any script runs. */
async function asNativeApp(page: Page, launchUrl: string | null): Promise<void> {
  await page.addInitScript((launch) => {
    const scope = window as unknown as Record<string, unknown>;
    scope.CapacitorCustomPlatform = { name: "android" };
    const callbacks = new Map<string, { eventName: string; callback: (data: unknown) => void }>();
    let nextId = 1;
    scope.__nativeBridge = {
      launchUrl: launch,
      emit(eventName: string, data: unknown) {
        for (const entry of callbacks.values()) if (entry.eventName === eventName) entry.callback(data);
      },
    };
    const promise = (name: string) => ({ name, rtype: "promise" });
    scope.Capacitor = {
      PluginHeaders: [{ name: "App", methods: [promise("getLaunchUrl"), promise("exitApp"), promise("removeListener"), promise("removeAllListeners"), { name: "addListener", rtype: "callback" }] }],
      nativePromise: async (_plugin: string, method: string, options: { callbackId?: string }) => {
        const bridge = scope.__nativeBridge as { launchUrl: string | null };
        if (method === "getLaunchUrl") return bridge.launchUrl ? { url: bridge.launchUrl } : {};
        if (method === "removeListener" && options?.callbackId) callbacks.delete(options.callbackId);
        return {};
      },
      nativeCallback: (_plugin: string, _method: string, options: { eventName: string }, callback: (data: unknown) => void) => {
        const id = String(nextId++);
        callbacks.set(id, { eventName: options.eventName, callback });
        return id;
      },
    };
  }, launchUrl);
}

test("a link shared to the app at launch opens /share a second later, with the paper", async ({ page, shoot }) => {
  const shared = `S2ORC https://arxiv.org/abs/${PAPER}v1`;
  await asNativeApp(page, `quire://share?text=${encodeURIComponent(shared)}`);
  // Every route the app goes to, with when: /search may be on screen for only a moment when
  // the machine is busy (the check's timer fires as soon as the page is free again).
  await page.addInitScript(() => {
    const routes: { path: string; at: number }[] = [];
    (window as unknown as { __routes: typeof routes }).__routes = routes;
    for (const method of ["pushState", "replaceState"] as const) {
      const original = history[method].bind(history);
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        original(data, unused, url);
        routes.push({ path: location.pathname + location.search, at: performance.now() });
      };
    }
  });
  await page.goto("/");
  await expect(page).toHaveURL(/\/share\?text=/, { timeout: 10_000 });
  // The route restore first (a first launch goes to /search), then the share, checked a second
  // after launch (the page's clock starts before the app does).
  const routes = await page.evaluate(() => (window as unknown as { __routes: { path: string; at: number }[] }).__routes);
  const restored = routes.findIndex((route) => route.path === "/search");
  const sharedAt = routes.findIndex((route) => route.path.startsWith("/share?text="));
  expect(restored, JSON.stringify(routes)).toBeGreaterThanOrEqual(0);
  expect(sharedAt, JSON.stringify(routes)).toBeGreaterThan(restored);
  expect(routes[sharedAt]!.at).toBeGreaterThanOrEqual(1000);
  await expect(page.getByLabel("Paper URL")).toHaveValue(`https://arxiv.org/abs/${PAPER}v1`);
  await expect(page.getByLabel("Paper", { exact: true }).getByRole("heading", { name: /S2ORC/ })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await shoot("native-share-at-launch");
});

test("a launch at / returns to the last page; a paper page returns to /history", async ({ page }) => {
  await asNativeApp(page, null);
  await page.goto("/bookmarks");
  await expect(page.getByRole("heading", { name: "Bookmarked Papers" })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await page.goto("/");
  await expect(page).toHaveURL(/\/bookmarks$/);
  await page.goto(`/abs/${PAPER}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: LOAD_TIMEOUT });
  // The heading may be the server's drawing: the page counts once the app has it.
  await expect(page.locator("#quire-preview")).toHaveCount(0, { timeout: LOAD_TIMEOUT });
  await page.goto("/");
  await expect(page).toHaveURL(/\/history$/);
});

test("sign-in in the external browser returns by the deep link and sets the session", async ({ page, request }, testInfo) => {
  const email = uniqueEmail("native", testInfo.project.name);
  await signedInAccount(request, email);
  // The token the browser's sign-in hands back (better-auth's bearer plugin).
  const signIn = await request.post("/api/auth/sign-in/email", { data: { email, password: PASSWORD }, headers: { Origin: baseURL } });
  const token = signIn.headers()["set-auth-token"];
  expect(token).toBeTruthy();

  await asNativeApp(page, null);
  await page.goto("/auth");
  await expect(page.getByRole("button", { name: "Continue in Browser" })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await page.evaluate((link) => (window as unknown as BridgeWindow).__nativeBridge.emit("appUrlOpen", { url: link }), `quire://auth-callback?token=${encodeURIComponent(token!)}`);
  await expect(page).toHaveURL(/\/search$/, { timeout: LOAD_TIMEOUT });
  expect(await page.evaluate(() => localStorage.getItem("auth token"))).toBe(token);
  await page.goto("/settings");
  await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible({ timeout: LOAD_TIMEOUT });

  // A link that is not the app's own does nothing.
  await page.evaluate(() => (window as unknown as BridgeWindow).__nativeBridge.emit("appUrlOpen", { url: "https://evil.example/auth/callback?token=x" }));
  await expect(page).toHaveURL(/\/settings$/);
});

test("Save Offline writes to the device's pdf_cache, listed and removed under Offline storage, read with no network", async ({ page, context, shoot }) => {
  await asNativeApp(page, null);
  await page.goto(`/abs/${PAPER}`);
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toBeVisible({ timeout: LOAD_TIMEOUT });
  await page.getByRole("button", { name: "Save Offline" }).click();
  await expect(page.getByText("Downloaded for offline", { exact: true })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(page.getByRole("button", { name: "Offline", exact: true })).toBeDisabled();

  // The PDF viewer's code, fetched while online (the native app has it on the device).
  await page.getByRole("link", { name: "PDF", exact: true }).click();
  await expect(page.locator('canvas[data-painted="true"]').first()).toBeVisible({ timeout: LOAD_TIMEOUT });

  await page.getByRole("link", { name: "Settings" }).first().click();
  const files = page.getByRole("list", { name: "Device files" });
  await expect(page.getByText("Offline storage", { exact: true })).toBeVisible({ timeout: LOAD_TIMEOUT });
  await expect(files.getByText("Lo_et_al_2019_s2orc_the_semantic_scholar_ope.pdf")).toBeVisible();
  await files.scrollIntoViewIfNeeded();
  await shoot("native-offline-storage");

  // No network (the app's code is on the device; here it was fetched above): the kept paper opens from the device's file.
  await page.getByRole("link", { name: "Open offline papers" }).click();
  await context.setOffline(true);
  await page.getByRole("link", { name: /^Read S2ORC/ }).click();
  await expect(page.locator('canvas[data-painted="true"]').first()).toBeVisible({ timeout: LOAD_TIMEOUT });
  await context.setOffline(false);

  await page.goto("/settings");
  await files.getByRole("button", { name: "Remove Lo_et_al_2019_s2orc_the_semantic_scholar_ope.pdf" }).click();
  await expect(page.getByText(/No papers are kept on this device/)).toBeVisible();
});
