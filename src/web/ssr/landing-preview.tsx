import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from "react-router";
import { PublicLayout } from "@/web/components/layout/public-layout";
import { ThemeProvider } from "@/web/components/theme/theme-provider";
import { LandingPage } from "@/web/features/landing/landing-page";
import { AssumedViewportWidth, type ScreenSize } from "@/web/hooks/use-media-query";
import { AssumedSession, type AuthSessionState } from "@/web/lib/auth-session";
import { stripLiveOnly } from "./live-only";

/**
 * The server's drawing of the landing page (/): the app's own PublicLayout and LandingPage
 * rendered to HTML, so the page is on screen (and whole, its links real, without JavaScript)
 * before the app's code has arrived. The app renders off the page meanwhile and replaces the
 * drawing in one step (src/web/lib/page-preview.ts), drawn exactly as it was.
 *
 * Unlike the search and reader pages, the drawing is not laid out for a screen size guessed
 * from the User-Agent and hidden on the others: the landing page lays itself out by CSS
 * breakpoints alone (no component asks for the screen's width in script), so one drawing is
 * right on every screen, a tablet's and a narrowed desktop window's too. landing-preview.test.ts
 * checks that it is the same whatever width it is rendered for.
 *
 * It does not depend on the request either (the page says the same to every visitor, signed in
 * or not, and the theme is applied to <html> by the page's head script): the server renders it
 * once per visitor kind and keeps it (src/server/features/landing/landing-preview.ts).
 */

/** A visitor without a session cookie: the page shows what it shows to the signed-out. */
const ANONYMOUS: AuthSessionState = { data: null, isPending: false };

/** One width inside each of useScreenSize's ranges (as search-preview.tsx has them). */
const SCREEN_WIDTHS = { phone: 390, tablet: 800, desktop: 1280 } as const satisfies Record<ScreenSize, number>;

/** The landing page inside the public pages' header and footer, as src/web/routes.tsx has it. */
const PREVIEW_ROUTES: RouteObject[] = [{ Component: PublicLayout, children: [{ index: true, Component: LandingPage }] }];

const handler = createStaticHandler(PREVIEW_ROUTES);

/**
 * The in-page links' targets (the sections #features and #how-it-works, the skip link's main),
 * kept without their ids: a named anchor, empty and of no height, stands just before each
 * target, with the target's scroll margin (under the sticky header), so a link to it scrolls
 * where the app's does. Each target stands in a block or a column's flow, where an element of
 * no height moves nothing.
 */
function keepLinkTargets(html: string): string {
  const linked = new Set([...html.matchAll(/ href="#([\w-]+)"/g)].map((match) => match[1]!));
  return html.replace(/<(\w+)((?: [\w-]+="[^"]*")*?) id="([\w-]+)"([^>]*)>/g, (tag, name: string, before: string, id: string, after: string) => {
    if (!linked.has(id)) return tag;
    const classes = /(?:^| )class="([^"]*)"/.exec(`${before}${after}`)?.[1] ?? "";
    const margin = classes.split(" ").filter((token) => /^(?:[\w-]+:)*scroll-m[tby]?-/.test(token));
    return `<a name="${id}" class="${["block", ...margin].join(" ")}"></a>${tag}`;
  });
}

/**
 * The drawing of the landing page for a visitor without a session cookie ("anonymous") or with
 * one ("unknown": as the app draws a session it is still asking for). `screen` renders it for
 * that screen's width, for the test that it is the same at every width; the server leaves it out.
 */
export async function renderLandingPreview(visitor: "anonymous" | "unknown" = "unknown", screen?: ScreenSize): Promise<string> {
  const context = await handler.query(new Request("http://preview.invalid/"));
  if (context instanceof Response) return "";
  const page = renderToString(
    <AssumedSession.Provider value={visitor === "anonymous" ? ANONYMOUS : null}>
      <AssumedViewportWidth.Provider value={screen ? SCREEN_WIDTHS[screen] : null}>
        <ThemeProvider>
          <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
        </ThemeProvider>
      </AssumedViewportWidth.Provider>
    </AssumedSession.Provider>,
  );
  // The marker tells the app the drawing shows the page's content (page-preview.ts).
  return `<div data-preview-content>${stripLiveOnly(keepLinkTargets(page), { disableButtons: true })}</div>`;
}
