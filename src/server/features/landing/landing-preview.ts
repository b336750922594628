import type { Context } from "hono";
import type { AppEnv } from "@/server/http/context";
import type { PagePreview } from "@/server/http/static-site";
import { previewVisitor } from "@/server/features/search/search-preview";
import { LANDING_DESCRIPTION, LANDING_TITLE } from "@/shared/landing";

type Visitor = ReturnType<typeof previewVisitor>;

/**
 * The code that draws the page (React and the app's components): loaded by the first drawing,
 * or once the server is up (main.ts), never on the way to listening.
 */
let renderer: Promise<typeof import("@/web/ssr/landing-preview")> | undefined;
export function loadLandingPreviewRenderer(): NonNullable<typeof renderer> {
  renderer ??= import("@/web/ssr/landing-preview");
  return renderer;
}

/**
 * The drawings, one per visitor kind: the page is the same for every request of a kind (it
 * holds no data, and is laid out by CSS for every screen), so it is rendered once. A drawing
 * that failed is forgotten, and the next request tries again.
 */
const drawings = new Map<Visitor, Promise<string>>();

function drawing(visitor: Visitor): Promise<string> {
  let html = drawings.get(visitor);
  if (!html) {
    html = loadLandingPreviewRenderer().then(({ renderLandingPreview }) => renderLandingPreview(visitor));
    html.catch(() => drawings.delete(visitor));
    drawings.set(visitor, html);
  }
  return html;
}

/** The landing page's drawing (src/web/ssr/landing-preview.tsx) for a request of /; null for any other page. */
export function landingPagePreview(c: Context<AppEnv>): PagePreview | null {
  if (c.req.path !== "/") return null;
  return { html: drawing(previewVisitor(c)), head: { title: LANDING_TITLE, description: LANDING_DESCRIPTION }, live: true };
}
