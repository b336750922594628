import { renderToString } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from "react-router";
import type { Paper } from "@/shared/paper";
import { AppLayout } from "@/web/components/layout/app-layout";
import { ThemeProvider } from "@/web/components/theme/theme-provider";
import { AssumedViewportWidth, type ScreenSize } from "@/web/hooks/use-media-query";
import { stripLiveOnly } from "./live-only";
import { previewLayout } from "./preview-layout";
import { AssumedOfflineStatus } from "@/web/features/offline/offline-queries";
import { PaperPage, SideCardsShown } from "@/web/features/reader/paper-page";
import { paperKeys } from "@/web/features/reader/paper-queries";
import { readerPathParts } from "@/web/features/reader/paper-route";
import { AssumedSession, type AuthSessionState } from "@/web/lib/auth-session";

/**
 * The server's drawing of a paper's page (/abs/{id}, /paper/{id}, /html/{id}, /pdf/{id}): the app's own
 * reader rendered to HTML around a paper the server already holds, so the title, authors and
 * abstract are on screen (and readable without JavaScript) before the app's code has run. The
 * app takes the paper over from the page (its JSON beside the drawing) and replaces the drawing
 * in one step (src/web/lib/page-preview.ts), drawn exactly as it was.
 *
 * Like the search preview (search-preview.tsx), it is laid out for the screen the browser most
 * likely has and shown only on a screen of that size; without JavaScript it is shown on any.
 */

/** A visitor without a session cookie: the page shows what it shows to the signed-out. */
const ANONYMOUS: AuthSessionState = { data: null, isPending: false };

const LAYOUTS = {
  phone: { width: 390, className: "sm:hidden noscript:block" },
  tablet: { width: 800, className: "hidden sm:block lg:hidden noscript:block" },
  desktop: { width: 1280, className: "hidden lg:block noscript:block" },
} as const satisfies Record<ScreenSize, unknown>;

/** The reader's routes inside the app's chrome, as src/web/routes.tsx has them. */
const PREVIEW_ROUTES: RouteObject[] = [
  { Component: AppLayout, children: ["paper/:id", "abs/*", "html/*", "pdf/*"].map((path): RouteObject => ({ path, Component: PaperPage })) },
];

const handler = createStaticHandler(PREVIEW_ROUTES);

/**
 * JSON that can sit inside a <script> element: `<` written as its escape, so no text of the
 * paper's (a title holding `</script>`, say) can end the element; the parse gives the same data.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/**
 * The drawing of `url` (a reader path) around `paper`, laid out for the screen `userAgent` most
 * likely has, with the paper's JSON for the app; empty when the path is not a reader page the
 * drawing covers. `offline`: whether the browser can keep papers offline (a secure page), so
 * the page shows Save Offline as the app will.
 */
export function renderPaperPreview(
  url: string,
  paper: Paper,
  options: { userAgent?: string; visitor?: "anonymous" | "unknown"; offline?: boolean } = {},
): Promise<string> {
  return (async () => {
    const address = new URL(url, "http://preview.invalid");
    const parts = readerPathParts(address.pathname);
    if (!parts) return "";
    const context = await handler.query(new Request(address));
    if (context instanceof Response) return "";
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    queryClient.setQueryData(paperKeys.paper(parts.id), paper);
    const layout = LAYOUTS[previewLayout(options.userAgent)];
    const page = renderToString(
      <AssumedSession.Provider value={options.visitor === "anonymous" ? ANONYMOUS : null}>
        <AssumedViewportWidth.Provider value={layout.width}>
          <AssumedOfflineStatus.Provider value={options.offline ? "online-only" : null}>
            <SideCardsShown.Provider value={false}>
              <QueryClientProvider client={queryClient}>
                <ThemeProvider>
                  <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
                </ThemeProvider>
              </QueryClientProvider>
            </SideCardsShown.Provider>
          </AssumedOfflineStatus.Provider>
        </AssumedViewportWidth.Provider>
      </AssumedSession.Provider>,
    );
    queryClient.clear();
    // The marker tells the app the drawing shows the page's content (page-preview.ts); the JSON
    // is the paper it was drawn from, which the app shows at once instead of asking for it.
    const data = `<script type="application/json" data-preview-paper>${scriptSafeJson({ id: parts.id, paper })}</script>`;
    // /pdf/ is drawn only below the widths where the side cards stand beside the viewer (styles.css).
    const until = parts.view === "pdf" ? ' data-preview-until="xl"' : "";
    return `<div class="${layout.className}" data-preview-content${until}>${stripLiveOnly(page, { disableButtons: true })}</div>${data}`;
  })();
}
