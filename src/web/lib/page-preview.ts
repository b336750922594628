import { useLayoutEffect, useSyncExternalStore } from "react";
import { PREVIEW_ELEMENT_ID } from "@/shared/constants";

/**
 * The server's preview of a page (src/server/http/static-site.ts, drawn by
 * src/web/ssr/search-preview.tsx) stays on screen while the app starts: the app renders into
 * #root taken off the page meanwhile, and replaces the preview with it in one step once its
 * page is drawn as far as the preview was (useRevealApp), so nothing blinks or moves.
 */

/** If the page never says it is ready (a bug, a part that never loads), the app shows anyway. */
export const PREVIEW_MAX_MS = 4000;

let hidden: { root: HTMLElement; preview: HTMLElement; hasContent: boolean } | null = null;

/** Told when the app goes on the page (useAppOnPage). */
const revealListeners = new Set<() => void>();

/** Puts the app on the page in place of the preview; does nothing without a preview. */
export function revealApp(): void {
  if (!hidden) return;
  const { root, preview } = hidden;
  hidden = null;
  const scrolled = { left: window.scrollX, top: window.scrollY };
  preview.replaceWith(root);
  for (const listener of revealListeners) listener();
  keepScroll(scrolled);
}

/**
 * The visitor may have scrolled the preview, or followed an in-page link in it, before the app
 * took over; the router's first render then scrolls the page back to its top, in the same commit
 * as the page that reveals the app (its ScrollRestoration). The place the visitor was at is put
 * back once that commit is done, before the frame is drawn, and without the page's smooth
 * scrolling: the page does not move. The app's page is drawn as the preview was, so the place
 * shows the same.
 */
function keepScroll(scrolled: { left: number; top: number }): void {
  if (scrolled.left === 0 && scrolled.top === 0) return;
  // Even at that place already: a smooth scroll the router started meanwhile is stopped by it.
  queueMicrotask(() => window.scrollTo({ ...scrolled, behavior: "instant" }));
}

function subscribeReveal(listener: () => void): () => void {
  revealListeners.add(listener);
  return () => revealListeners.delete(listener);
}

/**
 * Whether the app is on the page (not rendering off it behind a preview). A part that measures
 * itself, or takes over something already on screen (the PDF viewer: its fitted zoom, the early
 * page), waits for it: off the page it has no size, and what it took over would leave the
 * screen before it came.
 */
export function useAppOnPage(): boolean {
  return useSyncExternalStore(
    subscribeReveal,
    () => hidden === null,
    () => true,
  );
}

/**
 * The element to render the app into: #root, off the page while a preview is shown (so the
 * page has one of each element and nothing to look up twice).
 */
export function appContainer(): HTMLElement {
  const root = document.getElementById("root");
  if (!root) throw new Error("index.html must contain #root");
  const preview = document.getElementById(PREVIEW_ELEMENT_ID);
  if (preview && !previewShown(preview)) {
    // Drawn for another screen than this one (its layout is guessed from the User-Agent, or
    // the page is not drawn at this width, as /pdf/ beside the side cards): nothing to hold.
    preview.remove();
  } else if (preview) {
    root.remove();
    hidden = { root, preview, hasContent: Boolean(preview.querySelector("[data-preview-content]")) };
    window.setTimeout(revealApp, PREVIEW_MAX_MS);
    // The drawing's titles are set in a blocking copy of the serif (styles.css); the app's,
    // which replace them, in the serif itself: loaded now, from the file the drawing already
    // has, so the app's title is drawn in it when it takes the page over, never in a fallback.
    void document.fonts?.load(`1em ${SERIF}`).catch(() => undefined);
  }
  return root;
}

/** The app's serif (styles.css, --font-serif). */
const SERIF = '"Source Serif 4 Variable"';

/** Whether the preview shows anything on this screen (a drawing is hidden at the widths it was not laid out for). */
function previewShown(preview: HTMLElement): boolean {
  const drawn = [...preview.children].filter((child) => child.tagName !== "SCRIPT");
  return drawn.length === 0 || drawn.some((child) => getComputedStyle(child).display !== "none");
}

/** Whether a preview is waiting and shows the page's content, not just its frame with the content loading. */
export function previewHasContent(): boolean {
  return hidden?.hasContent ?? false;
}

/** Reveals the app, in the same frame as the render, once `ready`. */
export function useRevealApp(ready = true): void {
  useLayoutEffect(() => {
    if (ready) revealApp();
  }, [ready]);
}

/**
 * The data a preview was drawn from (src/web/ssr/paper-preview.tsx puts the paper of a reader
 * page beside its drawing), for the page to show at once instead of asking for it again and
 * showing its loading state meanwhile. Null without a preview, or once the app has replaced it.
 */
export function previewData(kind: "paper"): unknown {
  const script = hidden?.preview.querySelector(`script[data-preview-${kind}]`);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as unknown;
  } catch {
    return null;
  }
}
