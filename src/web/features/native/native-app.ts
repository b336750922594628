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

/** A link followed is not followed again for this long (Android hands the launch link over twice). */
const REPEAT_WINDOW_MS = 5000;

/** Pages never returned to at launch: the launch page itself and one-time landing pages. */
const NOT_SAVED = /^\/(?:$|auth(?:\/|$)|share(?:\/|$))/;

/**
 * The native app's behaviour, started once at launch:
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

  // Android hands the launch link to appUrlOpen too: a link is followed once, however it comes.
  const followed = new Set<string>();
  const open = (link: string, path: string | null) => {
    if (!path || followed.has(link)) return;
    followed.add(link);
    // The same link shared again later is a new share.
    setTimeout(() => followed.delete(link), REPEAT_WINDOW_MS);
    router.navigate(path);
  };
  let launchSettled = false;
  stops.push(
    platform.app.onUrlOpen((link) => {
      const auth = deepLinkToPath(link);
      if (auth) return open(link, auth);
      // A share that launched the app waits for the check a second after launch.
      if (launchSettled) open(link, shareLinkToPath(link));
    }),
  );

  // The sign-in's deep link may be what launched the app: it is followed at once. A share
  // intent is looked for a second after launch, once the app has settled on its first page.
  void platform.app
    .launchUrl()
    .then((link) => {
      if (link) open(link, deepLinkToPath(link));
    })
    .catch(() => undefined);
  const timer = setTimeout(() => {
    launchSettled = true;
    void platform.app
      .launchUrl()
      .then((link) => {
        if (link) open(link, shareLinkToPath(link));
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
