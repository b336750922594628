import { createBrowserRouter, redirect, type RouteObject } from "react-router";
import { AppLayout } from "@/web/components/layout/app-layout";
import { PublicLayout } from "@/web/components/layout/public-layout";
import { RootLayout } from "@/web/components/layout/root-layout";
import { RouteErrorPage } from "@/web/features/not-found/route-error-page";
import { RequireAdmin, RequireDeveloper } from "@/web/features/auth/require-role";
import { searchLoader } from "@/web/features/search/search-loader";

/**
 * Every page is its own chunk, loaded on first visit, so the initial bundle is the shell only.
 *
 * To add an app page: create `src/web/features/<area>/<area>-page.tsx` and add one entry
 * to `appRoutes`, e.g.
 *   { path: "search", lazy: () => import("@/web/features/search/search-page").then((m) => ({ Component: m.SearchPage })) },
 * A module may also hand back a `loader` (see the reader's last-viewed route).
 */

const notFound: RouteObject = {
  path: "*",
  lazy: () => import("@/web/features/not-found/not-found-page").then((m) => ({ Component: m.NotFoundPage })),
};

/**
 * The admin pages (admins and super admins) and the developer pages (the developer guard:
 * maintainers and above). Anyone else is sent to /, also from an address that names no page.
 */
const adminRoutes: RouteObject[] = [
  {
    path: "admin",
    Component: RequireAdmin,
    children: [
      { path: "performance", lazy: () => import("@/web/features/admin/performance-page").then((m) => ({ Component: m.PerformancePage })) },
      { path: "analytics", lazy: () => import("@/web/features/admin/analytics-page").then((m) => ({ Component: m.AnalyticsPage })) },
      { path: "arxiv-index", lazy: () => import("@/web/features/admin/arxiv-index-page").then((m) => ({ Component: m.ArxivIndexPage })) },
      notFound,
    ],
  },
  {
    path: "dev",
    Component: RequireDeveloper,
    children: [
      {
        path: "localStorage-inspector",
        lazy: () => import("@/web/features/dev/local-storage-inspector-page").then((m) => ({ Component: m.LocalStorageInspectorPage })),
      },
      { path: "search-v2-test", lazy: () => import("@/web/features/dev/search-v2-test-page").then((m) => ({ Component: m.SearchV2TestPage })) },
      { path: "test-page", lazy: () => import("@/web/features/dev/test-page").then((m) => ({ Component: m.TestPage })) },
      { path: "query-tester", lazy: () => import("@/web/features/dev/query-tester-page").then((m) => ({ Component: m.QueryTesterPage })) },
      { path: "pdf-test", lazy: () => import("@/web/features/dev/pdf-test-page").then((m) => ({ Component: m.PdfTestPage })) },
      { path: "library-test", lazy: () => import("@/web/features/dev/library-test-page").then((m) => ({ Component: m.LibraryTestPage })) },
      { path: "llm-test", lazy: () => import("@/web/features/dev/llm-test-page").then((m) => ({ Component: m.LlmTestPage })) },
      notFound,
    ],
  },
  {
    path: "auth-test",
    Component: RequireDeveloper,
    children: [{ index: true, lazy: () => import("@/web/features/dev/auth-test-page").then((m) => ({ Component: m.AuthTestPage })) }],
  },
];

/** Pages inside the app chrome (header, sidebar, phone navigation). */
const appRoutes: RouteObject[] = [
  ...adminRoutes,
  // The developer pages' search link (q, author, source, llm, sort, order, page, size) opens /search.
  { path: "search-v2", lazy: () => import("@/web/features/dev/search-v2-url").then((m) => ({ loader: m.searchV2Loader })) },
  {
    path: "search",
    // In the main bundle on purpose (a few KB): it starts the search while the page's code
    // downloads. Within the page the results hook fetches by itself, so it runs on arrival only.
    loader: searchLoader,
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
    lazy: () => import("@/web/features/search/search-page").then((m) => ({ Component: m.SearchPage })),
  },
  {
    path: "reader",
    lazy: () =>
      import("@/web/features/reader/last-viewed-page").then((m) => ({
        Component: m.LastViewedPage,
        loader: m.lastViewedLoader,
      })),
  },
  {
    path: "reader/:paperId",
    lazy: () => import("@/web/features/reader/paper-route").then((m) => ({ loader: m.readerPaperLoader })),
  },
  // The paper reader: /paper/{url-encoded id}, and /abs, /pdf, /html whose id may be {archive}/{number}.
  ...["paper/:id", "abs/*", "pdf/*", "html/*"].map(
    (path): RouteObject => ({
      path,
      lazy: () => import("@/web/features/reader/paper-page").then((m) => ({ Component: m.PaperPage })),
    }),
  ),
  {
    // The Cloud PDF Cache card's links (the spec's /papers/{paperId}) open the PDF.
    path: "papers/*",
    lazy: () => import("@/web/features/pdf-cache/papers-redirect").then((m) => ({ loader: m.papersRedirectLoader })),
  },
  {
    path: "abstract/*",
    lazy: () => import("@/web/features/reader/paper-route").then((m) => ({ loader: m.abstractRedirectLoader })),
  },
  {
    path: "delete-account",
    lazy: () =>
      import("@/web/features/account/delete-account-page").then((m) => ({ Component: m.DeleteAccountPage })),
  },
  { path: "catchup", lazy: () => import("@/web/features/catchup/catchup-page").then((m) => ({ Component: m.CatchupPage })) },
  { path: "profile", lazy: () => import("@/web/features/profile/profile-page").then((m) => ({ Component: m.ProfilePage })) },
  { path: "settings", lazy: () => import("@/web/features/settings/settings-page").then((m) => ({ Component: m.SettingsPage })) },
  { path: "user-data", lazy: () => import("@/web/features/user-data/user-data-page").then((m) => ({ Component: m.UserDataPage })) },
  { path: "bookmarks", lazy: () => import("@/web/features/library/bookmarks-page").then((m) => ({ Component: m.BookmarksPage })) },
  { path: "history", lazy: () => import("@/web/features/library/history-page").then((m) => ({ Component: m.HistoryPage })) },
  { path: "collections", lazy: () => import("@/web/features/library/collections-page").then((m) => ({ Component: m.CollectionsPage })) },
  { path: "trash", lazy: () => import("@/web/features/library/trash-page").then((m) => ({ Component: m.TrashPage })) },
  // Papers kept on this device for offline reading (Save Offline).
  { path: "offline", lazy: () => import("@/web/features/offline/offline-page").then((m) => ({ Component: m.OfflinePage })) },
  // The share target of the installed web app and the Android app; public.
  { path: "share", lazy: () => import("@/web/features/share/share-page").then((m) => ({ Component: m.SharePage })) },
  { path: "zotero-library", lazy: () => import("@/web/features/zotero/zotero-library-page").then((m) => ({ Component: m.ZoteroLibraryPage })) },
  // The native app's restorable routes name /zotero.
  { path: "zotero", loader: ({ request }) => redirect(`/zotero-library${new URL(request.url).search}`) },
  // Unknown paths, and pages not built yet, get the 404 inside the chrome.
  notFound,
];

/** Public pages with their own simple header and footer. */
const publicRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import("@/web/features/landing/landing-page").then((m) => ({ Component: m.LandingPage })),
  },
  {
    path: "auth",
    lazy: () => import("@/web/features/auth/auth-page").then((m) => ({ Component: m.AuthPage })),
  },
  {
    // The native app's deep link (quire://auth-callback?token=...) is delivered here.
    path: "auth/callback",
    lazy: () => import("@/web/features/auth/auth-callback-page").then((m) => ({ Component: m.AuthCallbackPage })),
  },
  {
    path: "privacy-policy",
    lazy: () => import("@/web/features/legal/privacy-policy-page").then((m) => ({ Component: m.PrivacyPolicyPage })),
  },
  {
    path: "terms-of-service",
    lazy: () =>
      import("@/web/features/legal/terms-of-service-page").then((m) => ({ Component: m.TermsOfServicePage })),
  },
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    // Shown while the first page's chunk loads; the theme is already on <html>.
    HydrateFallback: () => null,
    children: [
      { Component: PublicLayout, children: publicRoutes },
      { Component: AppLayout, children: appRoutes },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
