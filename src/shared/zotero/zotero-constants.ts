/**
 * The Zotero integration's numbers, each defined once and used
 * by the server, the database code and the forms alike.
 */

/** Stored credentials expire this long after they were saved. */
export const ZOTERO_CREDENTIALS_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The connection status is re-checked at most this often unless the user changes something. */
export const ZOTERO_STATUS_RECHECK_MS = 5 * 60 * 1000;
/** The cookie marking a manual (API key) connection under way lives this long. */
export const ZOTERO_MANUAL_COOKIE_MAX_AGE_SECONDS = 60 * 60;
/** The OAuth handshake's own cookie (the request token and its secret) lives this long. */
export const ZOTERO_OAUTH_COOKIE_MAX_AGE_SECONDS = 15 * 60;

/** The library page's default page size, and the sizes it offers. */
export const ZOTERO_LIST_PAGE_SIZE = 20;
export const ZOTERO_LIST_PAGE_SIZES = [20, 50, 100] as const;
/** The Zotero API's largest `limit`; incremental sync reads pages of this size. */
export const ZOTERO_MAX_PAGE_SIZE = 100;
export const ZOTERO_INCREMENTAL_PAGE_SIZE = 100;
/** Zotero takes at most this many objects per write, and this many keys per `itemKey=` read. */
export const ZOTERO_WRITE_BATCH = 50;
export const ZOTERO_ITEM_KEYS_PER_READ = 50;

/** Library sync batch sizes (items per batch) and the default. */
export const ZOTERO_SYNC_BATCH_SIZES = [10, 50, 100] as const;
export type ZoteroSyncBatchSize = (typeof ZOTERO_SYNC_BATCH_SIZES)[number];
export const ZOTERO_SYNC_BATCH_DEFAULT: ZoteroSyncBatchSize = 50;

/** The sync log on the settings card shows the latest entries; the database answers 50, or 100 for one session. */
export const ZOTERO_SYNC_LOG_SHOWN = 20;
export const ZOTERO_SYNC_LOG_QUERY_LIMIT = 50;
export const ZOTERO_SYNC_LOG_SESSION_LIMIT = 100;
/** Sync log rows older than this are deleted. */
export const ZOTERO_SYNC_LOG_RETENTION_DAYS = 90;

/** Canonical ids are generated in batches of this many cached items. */
export const CANONICAL_ID_BATCH_SIZE = 100;

/** The library page's item-type filter chips. */
export const ZOTERO_FILTER_ITEM_TYPES = ["journalArticle", "preprint", "book", "thesis", "conferencePaper", "report", "note"] as const;

/** The item types Quire writes when it exports a paper (what Zotero's arXiv translator makes). */
export const ZOTERO_EXPORT_ITEM_TYPES = ["preprint", "journalArticle"] as const;
