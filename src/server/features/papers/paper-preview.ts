import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "@/server/http/context";
import type { PagePreview } from "@/server/http/static-site";
import { previewVisitor } from "@/server/features/search/search-preview";
import { APP_NAME } from "@/shared/constants";
import type { Paper } from "@/shared/paper";
import type { PapersService } from "./papers.service";

/**
 * The reader's pages the server draws: the abstract (/abs, /paper), and the frame of the HTML
 * and PDF views (the header with the title and authors, the viewer's place).
 */
const DRAWN_READER_PATH = /^\/(?:abs|paper|html|pdf)\/(.+)$/;

/** The longest meta description: about what a search engine or a chat's link card shows. */
const DESCRIPTION_MAX = 300;

/**
 * The code that draws the page (React and the app's components): loaded by the first drawing,
 * or once the server is up (main.ts), never on the way to listening.
 */
let renderer: Promise<typeof import("@/web/ssr/paper-preview")> | undefined;
export function loadPaperPreviewRenderer(): NonNullable<typeof renderer> {
  renderer ??= import("@/web/ssr/paper-preview");
  return renderer;
}

/** The paper id of a drawn reader path, each segment decoded as the app decodes it; null for any other path. */
export function drawnReaderId(pathname: string): string | null {
  const match = DRAWN_READER_PATH.exec(pathname);
  if (!match) return null;
  try {
    return match[1]!.split("/").map(decodeURIComponent).join("/").trim();
  } catch {
    // Not UTF-8: the app says the paper was not found.
    return null;
  }
}

/**
 * Finds the paper of a reader page as the page is asked for, among what Quire holds (its arXiv
 * index, arXiv's cached answers): a page is drawn only from those, never by asking arXiv (one
 * request every 3 seconds for the whole deployment). Anything else gets the app as before.
 */
export function earlyPaper(papers: Pick<PapersService, "held">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const id = drawnReaderId(c.req.path);
    if (id) {
      try {
        const paper = await papers.held(id);
        if (paper) c.set("heldPaper", paper);
      } catch (error) {
        // The database failing here costs the drawing only; the app asks the API itself.
        c.var.log?.warn({ err: error }, "could not read a paper for its page");
      }
    }
    await next();
  });
}

/** The page's <title> (the one the app sets) and meta description (the abstract's beginning). */
export function paperPageHead(paper: Paper): { title: string; description: string } {
  const text = (paper.abstract ?? "").replace(/\s+/g, " ").trim();
  const description = text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : text || paper.title;
  return { title: `${paper.title} · ${APP_NAME}`, description };
}

/** Whether the browser will count the page as secure (and so offer to keep papers offline). */
function secureContext(c: Context<AppEnv>, publicUrl: string): boolean {
  const hostname = new URL(c.req.url).hostname;
  return publicUrl.startsWith("https:") || hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

/** The drawing of a reader page whose paper earlyPaper found; null for any other page. */
export function paperPagePreview(publicUrl: string) {
  return (c: Context<AppEnv>): PagePreview | null => {
    const paper = c.get("heldPaper");
    if (!paper) return null;
    const url = new URL(c.req.url);
    const options = { userAgent: c.req.header("user-agent"), visitor: previewVisitor(c), offline: secureContext(c, publicUrl) };
    const html = (async () => {
      const { renderPaperPreview } = await loadPaperPreviewRenderer();
      return renderPaperPreview(`${url.pathname}${url.search}`, paper, options);
    })();
    return { html, head: paperPageHead(paper), live: true };
  };
}
