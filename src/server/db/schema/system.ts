import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** Application log lines worth keeping beyond stdout (jobs, sync, admin diagnostics). */
export const systemLogs = pgTable(
  "system_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    level: text("level").notNull(),
    component: text("component").notNull(),
    message: text("message").notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("system_logs_created_at_idx").on(t.createdAt.desc()),
    // The performance page reads one component's rows of one kind, newest first.
    index("system_logs_component_message_created_at_idx").on(t.component, t.message, t.createdAt.desc()),
    check("system_logs_level_check", sql`${t.level} in ('debug', 'info', 'warn', 'error')`),
  ],
);

/** Product analytics events; anonymous visitors have no user_id. */
export const visitorEvents = pgTable(
  "visitor_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    eventName: text("event_name").notNull(),
    properties: jsonb("properties").$type<Record<string, unknown>>().notNull().default({}),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("visitor_events_name_created_at_idx").on(t.eventName, t.createdAt.desc()),
    index("visitor_events_user_idx").on(t.userId),
  ],
);

/**
 * visitor_events counted per UTC day, event name and search source, kept up to date as events
 * are written (analytics.repository.ts), so the analytics page reads a few hundred rows
 * instead of counting every event. Anonymous: the users behind the counts are not kept here.
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    eventName: text("event_name").notNull(),
    /** The event's `source` property when it is a paper source (searches, bookmarks), else "". */
    source: text("source").notNull().default(""),
    events: bigint("events", { mode: "number" }).notNull().default(0),
    /** Of those, events of a signed-in user. */
    signedInEvents: bigint("signed_in_events", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.eventName, t.source] })],
);

/** The UTC days on which a signed-in user sent any event: daily active users without a scan of the events. */
export const userActiveDays = pgTable(
  "user_active_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] }), index("user_active_days_user_idx").on(t.userId)],
);

/** One row per language-model call, for usage reporting. */
export const llmUsage = pgTable(
  "llm_usage",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    provider: text("provider").notNull(),
    model: text("model").notNull(),
    promptTokens: integer("prompt_tokens"),
    completionTokens: integer("completion_tokens"),
    latencyMs: integer("latency_ms"),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    component: text("component"),
    requestMetadata: jsonb("request_metadata").$type<Record<string, unknown>>().notNull().default({}),
    success: boolean("success").notNull(),
    errorMessage: text("error_message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("llm_usage_user_created_at_idx").on(t.userId, t.createdAt.desc()),
    index("llm_usage_created_at_idx").on(t.createdAt.desc()),
  ],
);

/** Instance-wide settings shared by every server on one database (e.g. the generated auth secret). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Upstream responses shared by every instance: fresh until `fresh_until`, still served
 * after that while the upstream is failing, and deleted after `expires_at`.
 */
export const upstreamCache = pgTable(
  "upstream_cache",
  {
    /** SHA-256 of the request (method and URL, secrets removed). */
    key: text("key").primaryKey(),
    source: text("source").notNull(),
    url: text("url").notNull(),
    status: integer("status").notNull(),
    contentType: text("content_type"),
    body: text("body").notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
    freshUntil: timestamp("fresh_until", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("upstream_cache_expires_at_idx").on(t.expiresAt)],
);

/**
 * The next moment a request to a rate-limited host may start (while a request is out, the
 * moment its hold ends), shared by every instance on the database (arXiv: one request every
 * 3 seconds, whoever sends it).
 */
export const upstreamRateSlots = pgTable("upstream_rate_slots", {
  host: text("host").primaryKey(),
  nextSlotAt: timestamp("next_slot_at", { withTimezone: true }).notNull(),
  /** Until when a person is waiting for this host on some instance: background requests hold back until then. */
  interactiveUntil: timestamp("interactive_until", { withTimezone: true }),
});

/**
 * Data migrations that ran (src/server/db/data-migrations.ts): rewrites of stored rows that need
 * the app's own code, run once after the SQL migrations, under the same lock.
 */
export const dataMigrations = pgTable("data_migrations", {
  name: text("name").primaryKey(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
  /** What it changed (counts), for the operator. */
  summary: jsonb("summary").$type<Record<string, unknown>>().notNull().default({}),
});
