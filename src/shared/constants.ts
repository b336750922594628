/**
 * The specification's numbers, each defined once under the spec's name and used by zod
 * schemas, the database, the server and the forms alike.
 */

export const APP_NAME = "Quire";
/** Where the header's source-code link points. */
export const SOURCE_CODE_URL = "https://github.com/quire-app/quire";

/** Layout breakpoints in CSS pixels: below SMALL is a phone, below LARGE a tablet. */
export const BREAKPOINT_SMALL_PX = 640;
export const BREAKPOINT_LARGE_PX = 1024;

/** The element holding the server's preview of a page, beside #root (static-site.ts, page-preview.ts). */
export const PREVIEW_ELEMENT_ID = "quire-preview";

/** Toasts: one at a time, removed long after dismissal (the spec's shadcn values). */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export const THEMES = ["dark", "light", "system"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = "dark";

export const MOBILE_LAYOUTS = ["bottom-nav", "drawer", "tabs", "condensed"] as const;
export type MobileLayout = (typeof MOBILE_LAYOUTS)[number];
export const DEFAULT_MOBILE_LAYOUT: MobileLayout = "bottom-nav";

/** Device storage keys. */
export const STORAGE_KEYS = {
  theme: "theme",
  settings: "settings",
  profile: "profile",
  bookmarks: "bookmarks",
  readingHistory: "reading-history",
  searchCache: "search-cache",
  searchHistory: "search-history",
  recentPapersCache: "recent-papers-cache",
  papersCache: "papers.cache",
  scrollSearch: "scroll.search",
  scrollBookmarks: "scroll.bookmarks",
  inputHistorySearch: "input-history.search",
  layoutMode: "layout.mode",
  lastRoute: "navigation.lastRoute",
  pdfViewerScale: "pdf-viewer.scale",
  authToken: "auth token",
  mobileLayoutPreference: "mobileLayoutPreference",
  /** Whether the sidebar's Developer Tools group is open (admins). */
  developerToolsOpen: "sidebar.developer-tools-open",
  /** "off" when an admin switched the debugging console off on this device. */
  debugConsole: "debug-console",
  /** An anonymous visitor's language-model keys and custom providers (LLM_DEVICE_STORAGE_KEY). */
  llmKeys: "api-keys",
  /** An anonymous visitor's Relevant / Not relevant marks of the learned feed. */
  feedMarks: "feed-marks",
} as const;

/** Paging. */
export const SEARCH_DEFAULT_PAGE_SIZE = 50;
export const LIST_DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZE_OPTIONS = [20, 50, 100] as const;
export const SEARCH_TOTAL_CAP = 2000;
export const AUTHOR_SEARCH_MAX_RESULTS = 50;

/** Caching. */
export const SEARCH_STALE_MS = 30 * 60 * 1000;
export const SEARCH_KEEP_MS = 24 * 60 * 60 * 1000;
export const PAPER_STALE_MS = 60 * 60 * 1000;
export const PAPER_KEEP_MS = 24 * 60 * 60 * 1000;
export const PREFERENCE_STALE_MS = 5 * 60 * 1000;

/** Input history: the newest entries kept per input, most recent first. */
export const INPUT_HISTORY_MAX_ENTRIES = 10;

/** Search history: signed-in users on the server, anonymous visitors on the device. */
export const SEARCH_HISTORY_SIGNED_IN_MAX_ENTRIES = 10;
export const SEARCH_HISTORY_SIGNED_IN_KEEP_MS = 30 * 24 * 60 * 60 * 1000;
export const SEARCH_HISTORY_ANONYMOUS_MAX_ENTRIES = 5;
export const SEARCH_HISTORY_ANONYMOUS_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** A save this soon after the previous one is skipped unless q, author or source changed. */
export const SEARCH_HISTORY_DUPLICATE_WINDOW_MS = 30 * 1000;
export const SEARCH_HISTORY_SIGNED_IN_SAVE_DEBOUNCE_MS = 1000;
export const SEARCH_HISTORY_ANONYMOUS_SAVE_DEBOUNCE_MS = 500;

/** Pull-to-refresh: pull distance in px, finger-to-pull ratio, cap as a multiple of the threshold. */
export const PULL_TO_REFRESH_THRESHOLD_PX = 80;
export const PULL_TO_REFRESH_RESISTANCE = 2.5;
export const PULL_TO_REFRESH_MAX_PULL_FACTOR = 1.5;

/** Paper lists show this many authors before "+N more". */
export const AUTHORS_SHOWN = 3;

/** Reading history. */
export const READING_HISTORY_MERGE_WINDOW_MS = 60 * 60 * 1000;
export const READING_HISTORY_KEEP_PER_PAPER_VIEW = 10;
export const READING_HISTORY_ANONYMOUS_MAX_ENTRIES = 50;
export const READING_HISTORY_STALE_MS = 30 * 60 * 1000;
export const READING_HISTORY_LOAD_LIMIT = 1000;
export const READING_HISTORY_LIST_LIMIT = 50;

/** Upstream etiquette: arXiv allows one request every 3 seconds. */
export const ARXIV_MIN_INTERVAL_MS = 3000;
export const ARXIV_MAX_RESULTS_LIMIT = 30000;

/** Request bodies above this size are refused with 413. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
/**
 * How deep a request's JSON may nest (objects and arrays). The deepest real payload (a bookmark
 * batch: body, list, bookmark, paper, author details, one author, affiliations) is 7 levels;
 * a deeper one is refused before anything parses or serialises it (each step of that is
 * recursive, and thousands of levels exhaust the stack).
 */
export const JSON_MAX_DEPTH = 32;
/** Titles longer than this are refused. */
export const TITLE_MAX_LENGTH = 500;

/** How cite keys are made (the `citeKeyFormat` setting). */
export const CITE_KEY_FORMATS = ["arxiv_id", "first_author_year", "title_year", "custom"] as const;
export type CiteKeyFormat = (typeof CITE_KEY_FORMATS)[number];

/** Password length accepted at sign-up (better-auth's check and the form's). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Preference sync: local save debounce, duplicate-save window. */
export const PREFERENCE_LOCAL_SAVE_DEBOUNCE_MS = 500;
export const PREFERENCE_DUPLICATE_WINDOW_MS = 1000;

/** Settings defaults. */
export const SETTINGS_DEFAULTS = {
  autoLoadCatchup: false,
  autoTriggerSearch: false,
  lastViewedPaper: null as string | null,
  enableReadingHistory: true,
  watchPaperChanges: true,
  watchReadingHistory: false,
  zoteroSkipDuplicateCheck: false,
  zoteroFilters: { topLevelOnly: true, itemTypes: [] as string[], searchQuery: "" },
  citeKeyFormat: "arxiv_id" as CiteKeyFormat,
  customCiteKeyPattern: "",
};

/** A sign-in of an account younger than this sends the welcome e-mail. */
export const WELCOME_EMAIL_MAX_ACCOUNT_AGE_MS = 60 * 1000;

export const ROLES = ["user", "maintainer", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const EMAIL_NOTIFICATION_FREQUENCIES = ["none", "daily", "weekly"] as const;
export const DEFAULT_EMAIL_PREFERENCES = { welcome: true, notifications: "weekly" as const };

export const VERIFICATION_METHODS = ["manual", "auto_arxiv_match", "orcid_verification"] as const;
export const SYNC_LOG_LEVELS = ["INFO", "WARN", "ERROR"] as const;
