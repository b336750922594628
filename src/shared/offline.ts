/**
 * Offline reading and the native app's constants and rules, shared by the web app, its
 * service worker and the native app.
 */

/** A save is tried this many times in all, this long apart. */
export const OFFLINE_SAVE_ATTEMPTS = 3;
export const OFFLINE_SAVE_RETRY_MS = 500;

/** The device directory offline PDFs live in. */
export const DEVICE_PDF_DIRECTORY = "pdf_cache";

/** The native app looks for a share intent this long after launch. */
export const SHARE_INTENT_CHECK_DELAY_MS = 1000;
/** The service worker asks for an update this often. */
export const SERVICE_WORKER_UPDATE_INTERVAL_MS = 60 * 60 * 1000;
/**
 * Save Offline waits at most this long for the service worker to take over the page (on a
 * first visit it is still downloading the app): a paper is kept only once it opens offline.
 */
export const SERVICE_WORKER_READY_TIMEOUT_MS = 2 * 60 * 1000;

/**
 * Routes the native app returns to at launch. `/zotero`
 * is the spec's name for the Zotero library; it is stored as the route the user was on.
 */
export const RESTORABLE_ROUTES = [
  "/search",
  "/catchup",
  "/bookmarks",
  "/collections",
  "/trash",
  "/reader",
  "/profile",
  "/settings",
  "/user-data",
  "/history",
  "/zotero",
  "/zotero-library",
] as const;

/** Where a launch at `/` goes when the saved route cannot be restored and was a paper page. */
export const PAPER_ROUTE_FALLBACK = "/history";
/** Where it goes otherwise. */
export const DEFAULT_LAUNCH_ROUTE = "/search";

/** The Save Offline button's and the offline list's messages. */
export const OFFLINE_MESSAGES = {
  savedTitle: "Downloaded for offline",
  savedDescription: "Paper saved for offline reading",
  failedTitle: "Download failed",
  failedDescription: "Could not save paper for offline reading",
  fileNotFound: "File not found",
  removeFailed: "Failed to remove paper from offline storage",
} as const;

/** The offline indicator's labels. */
export const OFFLINE_INDICATOR_LABELS = {
  checking: "Checking",
  available: "Available offline",
  onlineOnly: "Online only",
} as const;

/** The Save Offline button's labels. */
export const OFFLINE_BUTTON_LABELS = { idle: "Save Offline", saving: "Saving...", saved: "Offline" } as const;

/**
 * The restore at launch: the saved route when it is restorable (a
 * restorable page or below it, query kept), else `/history` after a paper page, else `/search`.
 */
export function launchRoute(savedRoute: string | null | undefined): string {
  const saved = (savedRoute ?? "").trim();
  if (!saved.startsWith("/") || saved.startsWith("//")) return DEFAULT_LAUNCH_ROUTE;
  const pathname = saved.split(/[?#]/)[0] ?? "";
  if (RESTORABLE_ROUTES.some((route) => pathname === route || pathname.startsWith(`${route}/`))) return saved;
  if (/^\/(?:paper|abs|pdf|html|abstract)\//.test(pathname)) return PAPER_ROUTE_FALLBACK;
  return DEFAULT_LAUNCH_ROUTE;
}

/** 1 MB is 1024*1024 bytes. */
const BYTES_PER_MB = 1024 * 1024;

/** A file's size for people: "850 KB", "2.4 MB". */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "0 KB";
  if (bytes < BYTES_PER_MB) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / BYTES_PER_MB).toFixed(1)} MB`;
}
