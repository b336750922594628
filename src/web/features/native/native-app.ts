import { launchRoute, SHARE_INTENT_CHECK_DELAY_MS } from "@/shared/offline";
import { STORAGE_KEYS } from "@/shared/constants";
import { deepLinkToPath } from "@/web/features/auth/native-sign-in";
import { setKeptPdfSource } from "@/web/features/offline/kept-pdf-source";
import { isKeptPaper, offlineStore } from "@/web/features/offline/offline-store";
import type { Platform, Unsubscribe } from "@/web/lib/platform";
import { readString, writeString } from "@/web/lib/storage";
import { shareLinkToPath } from "./native-links";

/** What the native start-up needs of React Router's router. */
export type AppRouter = {
  state: { location: { pathname: string; search: string } };
  navigate(to: string, options?: { replace?: boolean }): unknown;
  subscribe(listener: (state: { location: { pathname: string; search: string } }) => void): () => void;
};

/** Pages never returned to at launch: the launch page itself and one-time landing pages. */
const NOT_SAVED = /^\/(?:$|auth(?:\/|$)|share(?:\/|$))/;

/**
 * The native app's behaviour (integrations-admin.md section 2, "Native behaviour"; core-app.md
 * section 4, "Native app"), started once at launch:
 * - the last visited route is saved, and a launch at `/` restores it (restorable list, else
 *   /history after a paper page, else /search);
 * - deep links open their page: `quire://auth-callback?token=...` (the external browser's
 *   sign-in) goes to /auth/callback, which sets the session; `quire://share?...` to /share;
 * - a share intent the app was launched with is checked 1 s after launch;
 * - Android's back button steps back, and leaves the app at the first page;
 * - kept papers' PDFs are read from the device's `pdf_cache`.
 */
export function startNativeApp(platform: Platform, router: AppRouter, options: { shareCheckDelayMs?: number } = {}): Unsubscribe {
  const stops: Unsubscribe[] = [];

  setKeptPdfSource(async (pdfUrl) => {
    const paperId = new URL(pdfUrl, "https://app.invalid").searchParams.get("paperId");
    if (!paperId) return null;
    const store = await offlineStore();
    const kept = (await store.list()).find((entry) => isKeptPaper(entry, paperId));
    return kept ? store.readPdf(kept) : null;
  });
  stops.push(() => setKeptPdfSource(null));

  const { pathname } = router.state.location;
  if (pathname === "/") router.navigate(launchRoute(readString(STORAGE_KEYS.lastRoute)), { replace: true });

  stops.push(
    router.subscribe(({ location }) => {
      if (!NOT_SAVED.test(location.pathname)) writeString(STORAGE_KEYS.lastRoute, `${location.pathname}${location.search}`);
    }),
  );

  const open = (link: string | null): boolean => {
    const path = link ? (deepLinkToPath(link) ?? shareLinkToPath(link)) : null;
    if (path) router.navigate(path);
    return path !== null;
  };
  stops.push(platform.app.onUrlOpen((link) => void open(link)));

  // The sign-in's deep link may be what launched the app: it is followed at once. A share is
  // looked for a second later, once the app has settled on its first page.
  let handledLaunch: string | null = null;
  void platform.app
    .launchUrl()
    .then((link) => {
      if (link && deepLinkToPath(link) && open(link)) handledLaunch = link;
    })
    .catch(() => undefined);
  const timer = setTimeout(() => {
    void platform.app
      .launchUrl()
      .then((link) => {
        if (link && link !== handledLaunch && shareLinkToPath(link)) open(link);
      })
      .catch(() => undefined);
  }, options.shareCheckDelayMs ?? SHARE_INTENT_CHECK_DELAY_MS);
  stops.push(() => clearTimeout(timer));

  stops.push(
    platform.app.onBackButton((canGoBack) => {
      if (canGoBack) window.history.back();
      else void platform.app.exit();
    }),
  );

  return () => stops.forEach((stop) => stop());
}
