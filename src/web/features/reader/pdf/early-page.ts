/**
 * Page 1 of a /pdf/ page load on screen before the app has started (drawn by pdf-document.ts;
 * public/pdf-prefetch.js starts the app once it is up), and before that the picture of it kept
 * from the last time (page-picture.ts, put up by pdf-prefetch.js). Apart from pdf-document.ts so that
 * pages which only take it down (paper-page.tsx) do not bring pdf.js with them.
 */
import { useEffect } from "react";
import { PREVIEW_ELEMENT_ID } from "@/shared/constants";

/** How long the early page may stay up without a viewer taking it over (a failed start). */
const EARLY_PAGE_MAX_MS = 10_000;
let earlyPage: { frame: HTMLElement; timer: number } | null = null;

/**
 * What public/pdf-prefetch.js shares with this module: the kept picture of the page it put up
 * (page-picture.ts), and whether pdf.js's own drawing is up (the picture then stays down).
 */
type EarlyPicture = { picture?: HTMLElement | null; pageShown?: boolean };
const prefetched = () => (globalThis as { __quirePdfPrefetch?: EarlyPicture }).__quirePdfPrefetch;

/** Takes the kept picture down, if pdf-prefetch.js put it up. */
function takePictureDown(): void {
  const early = prefetched();
  early?.picture?.remove();
  if (early) early.picture = null;
}

/**
 * Where the viewer will draw its pages, when the server's drawing of the page is on screen
 * (src/web/ssr/paper-preview.tsx: the header, and the viewer's place below it): the early page
 * goes there, under its toolbar's room, and the header stays in sight. Without a drawing it
 * covers the page (the app is not there yet). public/pdf-prefetch.js places its picture so too.
 */
export function placeEarlyPage(frame: HTMLElement): void {
  const place = document.querySelector(`#${PREVIEW_ELEMENT_ID} [data-pdf-place]`);
  // Not where the drawing is not shown (a wide screen's, styles.css): it covers the page then.
  if (!place || place.getClientRects().length === 0) return;
  const box = place.getBoundingClientRect();
  // Inside the place's 1 px border, as the viewer's pages are.
  frame.dataset.inPlace = "";
  frame.style.top = `${box.top + 1}px`;
  frame.style.left = `${box.left + 1}px`;
  frame.style.width = `${box.width - 2}px`;
  frame.style.height = `${box.height - 2}px`;
  // The viewer keeps its scrollbar's room on the right (none where scrollbars overlay the page).
  frame.style.paddingRight = `${16 + scrollbarWidth()}px`;
}

/**
 * The width the viewer will fit its pages to (pdf-page-view.tsx, widthFitScale: its pages'
 * box less the gap on each side), when the server's drawing shows the viewer's place; null
 * without one, the viewer's width then being known only once it is on the page.
 */
export function earlyPagesWidth(): number | null {
  const place = document.querySelector(`#${PREVIEW_ELEMENT_ID} [data-pdf-place]`);
  if (!place || place.getClientRects().length === 0) return null;
  // Inside the place's 1 px border, less the scrollbar's room and a 16 px gap on each side.
  // Whole pixels, as the viewer measures its pages' box (clientWidth).
  const width = Math.round(place.getBoundingClientRect().width - 2) - scrollbarWidth() - 2 * 16;
  return width > 0 ? width : null;
}

/** The room the viewer's pages keep for their scrollbar (as they are styled: a stable gutter; 0 where scrollbars overlay the page). */
function scrollbarWidth(): number {
  const probe = document.createElement("div");
  probe.style.cssText = "position:absolute;top:-100px;width:50px;height:50px;overflow:auto;scrollbar-gutter:stable;visibility:hidden";
  document.body.append(probe);
  const width = probe.offsetWidth - probe.clientWidth;
  probe.remove();
  return width;
}

/**
 * Puts the read-ahead drawing on screen, alone, before the app has rendered: the reader sees
 * the paper at once. The viewer takes the drawing over (takeReadAhead), which takes this down.
 */
export function showEarlyPage(drawing: HTMLCanvasElement, density: number): void {
  const early = prefetched();
  if (early) early.pageShown = true;
  const frame = document.createElement("div");
  frame.className = "pdf-early-page";
  frame.setAttribute("aria-hidden", "true");
  drawing.style.width = `${drawing.width / density}px`;
  drawing.dataset.painted = "true";
  frame.append(drawing);
  placeEarlyPage(frame);
  document.body.append(frame);
  // The picture goes in the same task, so no frame shows neither.
  takePictureDown();
  earlyPage = { frame, timer: window.setTimeout(dismissEarlyPage, EARLY_PAGE_MAX_MS) };
}

/** Takes the early page down (the viewer is up, or the paper could not be shown). */
export function dismissEarlyPage(): void {
  takePictureDown();
  if (!earlyPage) return;
  window.clearTimeout(earlyPage.timer);
  earlyPage.frame.remove();
  const drawing = earlyPage.frame.querySelector("canvas");
  if (drawing) {
    drawing.removeAttribute("style");
    delete drawing.dataset.painted;
  }
  earlyPage = null;
}

/** For pages shown instead of the viewer (errors): the early page must not cover them. */
export function useDismissEarlyPage(): void {
  useEffect(dismissEarlyPage, []);
}
