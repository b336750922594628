import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
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
