import { expect } from "vitest";
import { PREVIEW_ELEMENT_ID } from "@/shared/constants";

const LIVE_DRAWING = `<div id="${PREVIEW_ELEMENT_ID}">`;

/**
 * The inner HTML of a page's live drawing (the server's preview that is whole without the app,
 * not an inert picture), or null when the page is the bare shell. The drawing stands right after
 * #root, and ends where the page's <noscript> begins.
 */
export function liveDrawingOf(html: string): string | null {
  const start = html.indexOf(LIVE_DRAWING);
  if (start < 0) return null;
  expect(start).toBeGreaterThan(html.indexOf('<div id="root"></div>'));
  return html.slice(start + LIVE_DRAWING.length, html.lastIndexOf("</div><noscript>"));
}

/**
 * A page the server drew live, as a browser that accepts gzip gets it: a 200 HTML page,
 * compressed and revalidated on every visit, whose drawing is live (readable and usable without
 * the app, not inert). Its HTML and the drawing's.
 */
export async function liveDrawnPage(response: Response): Promise<{ html: string; drawing: string }> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/html");
  expect(response.headers.get("content-encoding")).toBe("gzip");
  expect(response.headers.get("cache-control")).toBe("no-cache");
  const html = await response.text();
  const drawing = liveDrawingOf(html);
  expect(drawing).not.toBeNull();
  expect(html).not.toContain(`id="${PREVIEW_ELEMENT_ID}" inert`);
  return { html, drawing: drawing! };
}
