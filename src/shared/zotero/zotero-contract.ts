import { z } from "zod";
import { paperSchema, type Paper } from "@/shared/paper";
import { ZOTERO_FILTER_ITEM_TYPES, ZOTERO_LIST_PAGE_SIZE, ZOTERO_MAX_PAGE_SIZE, ZOTERO_SYNC_BATCH_DEFAULT, ZOTERO_SYNC_BATCH_SIZES } from "./zotero-constants";
import { ZOTERO_KEY_PATTERN } from "./zotero-item";

/**
 * The Zotero routes' shapes, shared by the server and the web. All routes need a session and act on
 * the signed-in user's own library only.
 *
 *   GET    /api/auth-zotero?action=status                 -> ZoteroStatus
 *   GET    /api/auth-zotero?action=login[&manual=true]    -> 302 to Zotero (OAuth authorize page, or the new-key page)
 *   GET    /api/auth-zotero?action=callback               -> 302 to /settings?success=oauth | ?error=<code> (Zotero's OAuth return)
 *   POST   /api/auth-zotero?action=disconnect[&soft=true] -> ZoteroDisconnectResult (soft: credentials kept, inactive)
 *   POST   /api/auth-zotero?action=revoke                 -> ZoteroDisconnectResult (key revoked at Zotero, credentials deleted)
 *   POST   /api/auth-zotero?action=reconnect              -> ZoteroStatus
 *   POST   /api/zotero/sync-credentials { apiKey }        -> ZoteroStatus (a key made by hand)
 *   GET    /api/zotero/bibliography?start&limit&q&topLevelOnly&itemTypes&since -> BibliographyResult (+ Last-Modified-Version header)
 *   GET    /api/zotero-ops?action=check-exists&arxivId&doi&title&author -> { exists, itemKey? }
 *   POST   /api/zotero-ops?action=export { item: Paper }  -> { itemKey, exists }
 *   POST   /api/zotero-ops?action=export-batch { papers: Paper[], collection? } -> ZoteroBatchExportResult
 *   DELETE /api/zotero-ops?action=delete&itemKey=KEY      -> 204
 *   GET    /api/zotero/sync                               -> ZoteroSyncState
 *   POST   /api/zotero/sync { action, batchSize? }        -> ZoteroSyncState
 *   GET    /api/zotero/sync/logs[?sessionId=]             -> { logs: ZoteroSyncLogEntry[] }
 *   GET    /api/zotero/cache                              -> ZoteroCacheStatus
 *   DELETE /api/zotero/cache                              -> ZoteroCacheStatus (emptied)
 *   GET    /api/zotero/cache/papers                       -> { papers: Paper[] } (for the duplicate check)
 *   GET    /api/zotero/canonical-ids                      -> CanonicalIdStats
 *   POST   /api/zotero/canonical-ids/batch                -> { updated, stats: CanonicalIdStats }
 *   GET    /api/zotero/arxiv-scan                         -> ArxivScanResult
 */

export type ZoteroConnectionMethod = "oauth" | "manual";

export type ZoteroStatus = {
  connected: boolean;
  /** connected; credentials_saved (soft-disconnected, Reconnect); not_connected. */
  state: "connected" | "credentials_saved" | "not_connected";
  userId: string | null;
  username: string | null;
  method: ZoteroConnectionMethod | null;
  /** Where the status came from: the stored credentials, or nothing. */
  source: "database" | "none";
  expiresAt: string | null;
  /** A manual connection was started in the last hour (the key form opens). */
  manualPending: boolean;
  /** Whether "Connect with Zotero" (OAuth) is offered on this server. */
  oauthAvailable: boolean;
};

export type ZoteroDisconnectResult = {
  success: boolean;
  details: { cookies: { success: boolean }; credentials: { success: boolean }; revoke?: { success: boolean; error?: string } };
};

export const syncCredentialsSchema = z
  .object({
    apiKey: z
      .string({ error: "apiKey is required" })
      .trim()
      .min(1, "API key cannot be empty")
      .max(64, "That does not look like a Zotero API key")
      .regex(/^[A-Za-z0-9]+$/, "That does not look like a Zotero API key"),
  })
  .strict();

const booleanParam = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === "true" || value === "1"));

export const bibliographyQuerySchema = z.object({
  start: z.coerce.number({ error: "start must be a number" }).int().min(0, "start must be 0 or more").default(0),
  limit: z.coerce.number({ error: "limit must be a number" }).int().min(1, "limit must be 1 to 100").max(ZOTERO_MAX_PAGE_SIZE, "limit must be 1 to 100").default(ZOTERO_LIST_PAGE_SIZE),
  q: z.string().max(500, "The search is too long").optional(),
  topLevelOnly: booleanParam,
  /** Comma-separated item types (the filter chips). */
  itemTypes: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(",").map((type) => type.trim()).filter(Boolean) : []))
    .pipe(z.array(z.enum(ZOTERO_FILTER_ITEM_TYPES, { error: `itemTypes must be among ${ZOTERO_FILTER_ITEM_TYPES.join(", ")}` })).max(ZOTERO_FILTER_ITEM_TYPES.length)),
  since: z.coerce.number().int().min(0).optional(),
  sort: z.enum(["dateAdded", "dateModified", "title", "creator", "date"]).optional(),
  direction: z.enum(["asc", "desc"]).optional(),
});

export type BibliographyResult = {
  items: Paper[];
  totalResults: number;
  version: number;
  lastModified: string | null;
};

export const checkExistsQuerySchema = z
  .object({
    arxivId: z.string().trim().max(100).optional(),
    doi: z.string().trim().max(300).optional(),
    title: z.string().trim().max(1000).optional(),
    author: z.string().trim().max(300).optional(),
  })
  .refine((value) => Boolean(value.arxivId || value.doi || value.title), { message: "Give an arXiv id, a DOI or a title" });

/** A paper as the export routes take it: title and at least one author (the spec's rule). */
export const exportablePaperSchema = paperSchema.refine((paper) => paper.title.trim() !== "", { message: "The paper has no title" }).refine((paper) => paper.authors.some((author) => author.trim() !== ""), {
  message: "The paper has no author",
});

export const exportBodySchema = z.object({ item: exportablePaperSchema }).strict();

export const EXPORT_BATCH_MAX = 500;
export const exportBatchBodySchema = z
  .object({
    papers: z.array(exportablePaperSchema).min(1, "Choose at least one paper").max(EXPORT_BATCH_MAX, `At most ${EXPORT_BATCH_MAX} papers at once`),
    /** Also file them in the Zotero collection of this name (made when missing). */
    collection: z.string().trim().min(1).max(255).optional(),
  })
  .strict();

export type ZoteroBatchExportResult = {
  exported: number;
  alreadyInLibrary: number;
  failed: { paperId: string; message: string }[];
  collectionKey: string | null;
  /** Zotero writes made (50 items each at most). */
  writes: number;
};

export const deleteQuerySchema = z.object({
  itemKey: z.string({ error: "Invalid item key for deletion." }).regex(ZOTERO_KEY_PATTERN, "Invalid item key for deletion."),
});

export type ZoteroSyncStatus = "idle" | "syncing" | "paused";

/** Sync progress (spec: current, total, syncing, paused) and what the card needs besides. */
export type ZoteroSyncState = {
  status: ZoteroSyncStatus;
  syncing: boolean;
  paused: boolean;
  mode: "batch" | "full" | "incremental" | null;
  current: number;
  total: number;
  /** Items in the synced copy, read with the state: the card shows both from one answer. */
  cached: number;
  batchSize: number;
  libraryVersion: number | null;
  message: string | null;
  error: string | null;
  sessionId: string | null;
  stopRequested: "stop" | "cancel" | null;
  lastSyncedAt: string | null;
  updatedAt: string | null;
};

export const SYNC_ACTIONS = ["batch", "full", "resume", "incremental", "stop", "cancel", "reset"] as const;
export const syncActionSchema = z
  .object({
    action: z.enum(SYNC_ACTIONS, { error: `action must be one of ${SYNC_ACTIONS.join(", ")}` }),
    batchSize: z.union(ZOTERO_SYNC_BATCH_SIZES.map((size) => z.literal(size)), { error: `batchSize must be ${ZOTERO_SYNC_BATCH_SIZES.join(", ")}` }).default(ZOTERO_SYNC_BATCH_DEFAULT),
  })
  .strict();
export type ZoteroSyncAction = (typeof SYNC_ACTIONS)[number];

export type ZoteroSyncLogEntry = {
  id: string;
  timestamp: string;
  event: string;
  details: string | null;
  level: "INFO" | "WARN" | "ERROR";
  sessionId: string | null;
};

export type ZoteroCacheStatus = { count: number; lastSync: string | null };

export type CanonicalIdStats = { total: number; withCanonicalId: number; withoutCanonicalId: number };

export type ArxivScanIssue = {
  /** Where the id was found: bookmarks, reading history, Zotero cache, papers. */
  table: "user_bookmarks" | "user_reading_history" | "zotero_cache" | "user_cache";
  rowId: string;
  paperId: string;
  title: string;
  arxivId: string;
  message: string;
  /**
   * A corrected id suggested for this one (the LLM id correction fills it, when configured); null
   * until something suggests one.
   */
  suggestion: string | null;
};

export type ArxivScanResult = { scanned: number; invalid: ArxivScanIssue[]; tables: string[] };
