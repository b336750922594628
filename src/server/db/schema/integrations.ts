import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

const userId = () =>
  text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });

/** A connected external service (Zotero); credentials are stored encrypted by the service layer. */
export const userIntegrations = pgTable(
  "user_integrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userId(),
    integrationType: text("integration_type").notNull(),
    credentials: jsonb("credentials").$type<Record<string, unknown>>().notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    isActive: boolean("is_active").notNull().default(true),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("user_integrations_user_type_uq").on(t.userId, t.integrationType)],
);

/** The user's Zotero library mirrored locally, one row per user and paper. */
export const zoteroCache = pgTable(
  "zotero_cache",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userId(),
    zoteroItemKey: text("zotero_item_key").notNull(),
    paperId: text("paper_id").notNull(),
    title: text("title"),
    authors: jsonb("authors").$type<string[]>().notNull().default([]),
    abstract: text("abstract"),
    url: text("url"),
    thumbnailUrl: text("thumbnail_url"),
    publishedDate: text("published_date"),
    updatedDate: text("updated_date"),
    dateAdded: timestamp("date_added", { withTimezone: true }),
    category: text("category"),
    categories: jsonb("categories").$type<string[]>().notNull().default([]),
    source: text("source").notNull().default("zotero"),
    canonicalId: text("canonical_id"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    /** The Zotero item's version when it was cached: a later version means the row is stale. */
    itemVersion: integer("item_version"),
    lastSynced: timestamp("last_synced", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("zotero_cache_user_paper_uq").on(t.userId, t.paperId),
    index("zotero_cache_user_item_key_idx").on(t.userId, t.zoteroItemKey),
    index("zotero_cache_user_canonical_idx").on(t.userId, t.canonicalId),
  ],
);

export const zoteroSyncLogs = pgTable(
  "zotero_sync_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userId(),
    sessionId: text("session_id"),
    event: text("event").notNull(),
    details: text("details"),
    level: text("level", { enum: ["INFO", "WARN", "ERROR"] }).notNull().default("INFO"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    timestamp: timestamp("timestamp", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("zotero_sync_logs_user_timestamp_idx").on(t.userId, t.timestamp.desc()),
    index("zotero_sync_logs_user_session_idx").on(t.userId, t.sessionId),
    index("zotero_sync_logs_timestamp_idx").on(t.timestamp),
    check("zotero_sync_logs_level_check", sql`${t.level} in ('INFO', 'WARN', 'ERROR')`),
  ],
);

/**
 * Where a user's library sync stands: the job queue runs it, this row is its saved state (read by
 * the settings card's polling, and by the job itself after a restart). One row per user.
 */
export const zoteroSyncState = pgTable(
  "zotero_sync_state",
  {
    userId: userId().primaryKey(),
    /** idle, syncing (a job owns it), paused (stopped, cancelled or failed with progress kept). */
    status: text("status", { enum: ["idle", "syncing", "paused"] }).notNull().default("idle"),
    /** What the running (or last) sync does: one batch, the whole library, or changes since a version. */
    mode: text("mode", { enum: ["batch", "full", "incremental"] }),
    batchSize: integer("batch_size").notNull().default(50),
    /** Items of the current full pass already stored: the offset the next batch starts at. */
    position: integer("position").notNull().default(0),
    /** Progress shown: items done and items in all. */
    current: integer("current").notNull().default(0),
    total: integer("total").notNull().default(0),
    /** The library version when the current full pass began. */
    passVersion: bigint("pass_version", { mode: "number" }),
    passStartedAt: timestamp("pass_started_at", { withTimezone: true }),
    /** The library version the cache reflects (incremental sync asks for changes since it). */
    libraryVersion: bigint("library_version", { mode: "number" }),
    /** Set by Stop (after the current batch) or Cancel (at once); read by the job between requests. */
    stopRequest: text("stop_request", { enum: ["stop", "cancel"] }),
    jobId: text("job_id"),
    sessionId: text("session_id"),
    /** The last outcome in the spec's words ("Sync cancelled", "No recent changes found"...). */
    message: text("message"),
    error: text("error"),
    startedAt: timestamp("started_at", { withTimezone: true }),
    /** Written by the running job every few seconds; a stale one means its process died. */
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("zotero_sync_state_status_idx").on(t.status),
    check("zotero_sync_state_status_check", sql`${t.status} in ('idle', 'syncing', 'paused')`),
  ],
);

/** A language-model provider key the user brought, encrypted at rest. */
export const userApiKeys = pgTable(
  "user_api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userId(),
    providerName: text("provider_name").notNull(),
    encryptedApiKey: text("encrypted_api_key").notNull(),
    isConnected: boolean("is_connected").notNull().default(false),
    lastTested: timestamp("last_tested", { withTimezone: true }),
    baseUrl: text("base_url"),
    models: jsonb("models").$type<string[]>().notNull().default([]),
    isCustom: boolean("is_custom").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("user_api_keys_user_provider_uq").on(t.userId, t.providerName)],
);

/**
 * One PDF's bytes in the blob store, stored once by content however many users keep it
 * (user_pdf_cache rows point here by file_hash). Removed when the last row pointing at it goes.
 */
export const pdfBlobs = pgTable("pdf_blobs", {
  /** SHA-256 of the bytes, lower-case hex. */
  hash: text("hash").primaryKey(),
  sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
  /** The object's key in the blob store (pdf/sha256/ab/{hash}.pdf). */
  storageKey: text("storage_key").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A PDF kept in the cloud cache for a user. storage_path is the spec's per-user path
 * (user-{userId}/arxiv/{paperId}.pdf); the bytes are the pdf_blobs row of file_hash.
 */
export const userPdfCache = pgTable(
  "user_pdf_cache",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userId(),
    paperId: text("paper_id").notNull(),
    paperTitle: text("paper_title"),
    paperAuthors: text("paper_authors"),
    fileSizeBytes: bigint("file_size_bytes", { mode: "number" }).notNull().default(0),
    cachedAt: timestamp("cached_at", { withTimezone: true }).notNull().defaultNow(),
    lastAccessed: timestamp("last_accessed", { withTimezone: true }).notNull().defaultNow(),
    accessCount: integer("access_count").notNull().default(0),
    source: text("source").notNull().default("arxiv"),
    arxivId: text("arxiv_id"),
    storagePath: text("storage_path").notNull(),
    fileHash: text("file_hash")
      .notNull()
      .references(() => pdfBlobs.hash, { onDelete: "restrict" }),
  },
  (t) => [
    uniqueIndex("user_pdf_cache_user_paper_uq").on(t.userId, t.paperId),
    index("user_pdf_cache_user_last_accessed_idx").on(t.userId, t.lastAccessed.desc()),
    index("user_pdf_cache_file_hash_idx").on(t.fileHash),
  ],
);
