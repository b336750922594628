import { renderToString } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from "react-router";
import type { SearchResponse } from "@/shared/search-params";
import { AppLayout } from "@/web/components/layout/app-layout";
import { AssumedSession, type AuthSessionState } from "@/web/lib/auth-session";
import { FirstRowsOnly } from "@/web/components/paper-list/paper-list";
import { ThemeProvider } from "@/web/components/theme/theme-provider";
import { AssumedViewportWidth, type ScreenSize } from "@/web/hooks/use-media-query";
import { searchResultsModule } from "@/web/features/search/search-loader";
import { advancedPanelModule, SearchPage } from "@/web/features/search/search-page";
import { searchKeys } from "@/web/features/search/search-queries";
import { readSearchState, searchRequest } from "@/web/features/search/search-url";
import { stripLiveOnly } from "./live-only";

/**
 * The server's preview of a `/search?...` page: the app's own components rendered to HTML, so
 * the page (with its first rows when the search answers in time) is on screen before the app's
 * code has run. It is a picture, not the app: the page marks it inert, the app renders off the
 * page and replaces it in one step once its own rows are drawn (src/web/lib/page-preview.ts).
 *
 * The server does not know the screen: it renders the page for the layout the browser most
 * likely uses (previewLayout) and CSS shows it only on a screen of that size, so a wrong guess
 * shows nothing rather than the wrong page. A request without a session cookie is drawn as
 * signed out (the sign-in hint, the Sign In button); with one, as the app draws a session it
 * is still asking for. Device state (stored sort, bookmarks, theme choice) is not known either: the preview shows the defaults, and the app the device's own
 * when it takes over.
 */

/** A visitor without a session cookie: the page shows what it shows to the signed-out. */
const ANONYMOUS: AuthSessionState = { data: null, isPending: false };

/** Rows in the preview: about a first screen's worth (the app draws the rest as it takes over). */
const PREVIEW_ROWS = 6;

/** One width inside each of useScreenSize's ranges, and the Tailwind classes that show only that range. */
const LAYOUTS = {
  phone: { width: 390, className: "sm:hidden" },
  tablet: { width: 800, className: "hidden sm:block lg:hidden" },
  desktop: { width: 1280, className: "hidden lg:block" },
} as const satisfies Record<ScreenSize, unknown>;

export { previewLayout } from "./preview-layout";

/** The search route inside the app's chrome; the root layout's scroll restoration would write an inline script. */
const PREVIEW_ROUTES: RouteObject[] = [{ Component: AppLayout, children: [{ path: "search", Component: SearchPage }] }];

const handler = createStaticHandler(PREVIEW_ROUTES);

/**
 * The preview of `url` (path and query of a /search page) laid out for `screen`, with
 * `response` as its results, or with the results still loading when null. Empty when the page
 * is not one the preview covers.
 */
export async function renderSearchPreview(url: string, screen: ScreenSize, response: SearchResponse | null, visitor: "anonymous" | "unknown" = "unknown"): Promise<string> {
  const address = new URL(url, "http://preview.invalid");
  const context = await handler.query(new Request(address));
  if (context instanceof Response) return "";
  const state = readSearchState(address.searchParams);
  // The page shows these as soon as their code is there; here it is there from the start.
  await searchResultsModule.load();
  if (state.searchType === "advanced") await advancedPanelModule.load();
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  if (response) queryClient.setQueryData(searchKeys.result(searchRequest(state)), response);
  const layout = LAYOUTS[screen];
  const page = renderToString(
    <AssumedSession.Provider value={visitor === "anonymous" ? ANONYMOUS : null}>
      <AssumedViewportWidth.Provider value={layout.width}>
        <FirstRowsOnly.Provider value={PREVIEW_ROWS}>
          <QueryClientProvider client={queryClient}>
            <ThemeProvider>
              <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
            </ThemeProvider>
          </QueryClientProvider>
        </FirstRowsOnly.Provider>
      </AssumedViewportWidth.Provider>
    </AssumedSession.Provider>,
  );
  queryClient.clear();
  // The marker tells the app to keep the preview until its own rows are drawn (page-preview.ts).
  return `<div class="${layout.className}"${response ? " data-preview-content" : ""}>${stripLiveOnly(page, { hooks: ["data-paper-row"] })}</div>`;
}
