import { readFileSync } from "node:fs";
import { test as base, expect, type APIRequestContext, type Download, type Page } from "@playwright/test";
import type { Paper } from "../src/shared/paper";

/**
 * Queues sandbox faults and returns what removes exactly those. Tests run side by side, so a
 * test never clears every fault: that would remove another test's.
 */
export async function queueFaults(request: APIRequestContext, sandboxUrl: string, faults: object | object[]): Promise<() => Promise<void>> {
  const answer = await request.post(`${sandboxUrl}/__control/faults`, { data: faults });
  expect(answer.ok(), await answer.text()).toBe(true);
  const ids = ((await answer.json()) as { faults: { id: number }[] }).faults.map((fault) => fault.id);
  return async () => {
    await request.delete(`${sandboxUrl}/__control/faults?${ids.map((id) => `id=${id}`).join("&")}`);
  };
}

/** A file-system-safe name for a path, e.g. "/privacy-policy" -> "privacy-policy". */
function slug(path: string): string {
  const cleaned = path.replace(/^\/+/, "").replace(/[^a-zA-Z0-9]+/g, "-").replace(/-+$/, "");
  return cleaned || "home";
}

type Fixtures = {
  /** Fails the test on an uncaught page error or a Content-Security-Policy violation. */
  pageErrors: void;
  /** Goes to a path, waits for the page to settle, and leaves a screenshot under test-results/screens. */
  visit: (path: string, options?: { label?: string }) => Promise<void>;
  /** Takes a screenshot of the current page under test-results/screens. */
  shoot: (label: string) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  pageErrors: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error" && /Content Security Policy|Refused to/i.test(message.text())) {
          problems.push(`csp: ${message.text()}`);
        }
      });
      await use();
      expect(problems, "the page logged errors").toEqual([]);
    },
    { auto: true },
  ],
  shoot: async ({ page }, use, testInfo) => {
    await use(async (label: string) => {
      const scheme = await page.evaluate(() => (document.documentElement.classList.contains("dark") ? "dark" : "light"));
      await page.screenshot({
        path: `test-results/screens/${testInfo.project.name}/${slug(label)}-${scheme}.png`,
        fullPage: false,
        // A dialog or toast caught while it fades in would look see-through: show where it ends.
        animations: "disabled",
      });
    });
  },
  visit: async ({ page, shoot }, use) => {
    await use(async (path: string, options?: { label?: string }) => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await shoot(options?.label ?? path);
    });
  },
});

/** Sets the theme before any page script runs, the way a returning user's stored choice does. */
export async function useTheme(page: Page, theme: "light" | "dark" | "system"): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
}

/** A visitor's bookmark as the device keeps it (localStorage "bookmarks"). */
export type DeviceBookmark = { paperId: string; dateAdded: string; paperData: Paper };

export async function deviceBookmarks(page: Page): Promise<DeviceBookmark[]> {
  return page.evaluate(() => Object.values((JSON.parse(localStorage.getItem("bookmarks") ?? "{}") as { bookmarks?: Record<string, DeviceBookmark> }).bookmarks ?? {}));
}

/**
 * Searches and bookmarks the first two results by their Bookmark toggles, as a visitor does
 * (the first toggle becomes "Bookmarked", so the next unbookmarked one is first again); returns
 * what the device then keeps.
 */
export async function bookmarkTwoFromSearch(page: Page, query: string): Promise<DeviceBookmark[]> {
  await page.goto(`/search?q=${encodeURIComponent(query)}`);
  const bookmarkButtons = page.getByRole("button", { name: "Bookmark", exact: true });
  await expect(bookmarkButtons.first()).toBeVisible({ timeout: 30_000 });
  await bookmarkButtons.nth(0).click();
  await expect(page.getByRole("button", { name: "Bookmarked", exact: true })).toHaveCount(1);
  await bookmarkButtons.nth(0).click();
  await expect(page.getByRole("button", { name: "Bookmarked", exact: true })).toHaveCount(2);
  const saved = await deviceBookmarks(page);
  expect(saved).toHaveLength(2);
  return saved;
}

/** Exports the open library page in one format through its Export menu: the download and its text. */
export async function downloadExport(page: Page, format: string): Promise<{ download: Download; text: string }> {
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("menuitem", { name: format, exact: true }).click()]);
  return { download, text: readFileSync((await download.path())!, "utf8") };
}

/** The app's entry script, as the build names it. */
const APP_ENTRY = /\/assets\/index-[\w-]+\.js$/;

/**
 * Holds back the app's entry script, so what the server drew can be looked at before the app
 * takes it over: `release()` lets it load; `asked()` says whether the page asked for it.
 */
export async function holdAppEntry(page: Page): Promise<{ release: () => void; asked: () => boolean }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(APP_ENTRY, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  return { release, asked: () => asked };
}

/** What watchThePage has seen since the page's start. */
export type PageWatch = {
  /** The layout shifts' sum, and each one (when, how much, what moved), for a failure's message. */
  shift: number;
  shifts: string[];
  /** The largest paints: the element's tag, whether it is in the server's drawing, when, how large. */
  lcp: { tag: string; inPreview: boolean; time: number; size: number }[];
  /** Whether the page ever said it was loading the paper. */
  loading: boolean;
};

/** Records, from the page's start, its layout shifts, its largest paints and whether it ever said it was loading the paper. */
export async function watchThePage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const watch = { shift: 0, shifts: [] as string[], lcp: [] as { tag: string; inPreview: boolean; time: number; size: number }[], loading: false };
    (window as unknown as { __watch: typeof watch }).__watch = watch;
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        watch.shift += entry.value;
        // What moved, for the failure's message.
        const moved = entry.sources.map((source) => {
          const node = source.node as Element | undefined;
          const name = node ? `${node.nodeName}.${String(node.className ?? "").slice(0, 40)} "${(node.textContent ?? "").slice(0, 30)}"` : "?";
          return `${name} ${Math.round(source.previousRect.y)}->${Math.round(source.currentRect.y)}, ${Math.round(source.previousRect.x)}->${Math.round(source.currentRect.x)}`;
        });
        watch.shifts.push(`${Math.round(entry.startTime)} ms ${entry.value.toFixed(4)}: ${moved.join("; ")}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null; size: number })[]) {
        watch.lcp.push({ tag: entry.element?.tagName ?? "?", inPreview: Boolean(entry.element?.closest("#quire-preview")), time: entry.startTime, size: entry.size });
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
    const check = () => {
      if (/Loading paper/.test(document.title) || document.querySelector('[aria-busy="true"]')) watch.loading = true;
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/** What watchThePage has seen so far. */
export const watched = (page: Page): Promise<PageWatch> => page.evaluate(() => (window as unknown as { __watch: PageWatch }).__watch);

/**
 * Waits until the app has taken over the page the server drew (`#quire-preview` gone): before
 * that, its links are plain ones, and a click loads a new page.
 */
export async function appHasTakenOver(page: Page, timeout?: number): Promise<void> {
  await expect(page.locator("#quire-preview")).toHaveCount(0, timeout ? { timeout } : {});
}

export { expect };
