import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { DEFAULT_EMAIL_PREFERENCES } from "@/shared/constants";
import type { DuplicateKeys } from "@/shared/library/duplicates";
import { user } from "./auth";

/** Every user-owned row goes when its user goes. */
const userId = () =>
  text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** One research profile per user (upserted on user_id). */
export const userProfiles = pgTable(
  "user_profiles",
  {
    userId: userId().primaryKey(),
    name: text("name"),
    email: text("email"),
    affiliation: text("affiliation"),
    avatarUrl: text("avatar_url"),
    socialLinks: jsonb("social_links").$type<Record<string, string>>().notNull().default({}),
    /** arXiv category codes, the first being the primary category. */
    researchCategories: jsonb("research_categories").$type<string[]>().notNull().default([]),
    /** Keywords. */
    researchInterests: jsonb("research_interests").$type<string[]>().notNull().default([]),
    authorNames: jsonb("author_names").$type<string[]>().notNull().default([]),
    excludeTerms: jsonb("exclude_terms").$type<string[]>().notNull().default([]),
    role: text("role", { enum: ["user", "maintainer", "admin"] }).notNull().default("user"),
    isPublic: boolean("is_public").notNull().default(true),
    emailPreferences: jsonb("email_preferences")
      .$type<{ welcome: boolean; notifications: "none" | "daily" | "weekly" }>()
      .notNull()
      .default(DEFAULT_EMAIL_PREFERENCES),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("user_profiles_role_check", sql`${t.role} in ('user', 'maintainer', 'admin')`)],
);

/** Free-form preferences, one value per user and key. */
export const userPreferences = pgTable(
  "user_preferences",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userId(),
    preferenceKey: text("preference_key").notNull(),
    preferenceValue: jsonb("preference_value").$type<unknown>(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("user_preferences_user_key_uq").on(t.userId, t.preferenceKey)],
);

/** A bookmarked paper; `tags` are the collections it belongs to. */
export const userBookmarks = pgTable(
  "user_bookmarks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userId(),
    paperId: text("paper_id").notNull(),
    paperData: jsonb("paper_data").$type<Record<string, unknown>>().notNull(),
    notes: text("notes"),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    /** Canonical id of the paper (16 hex chars) for duplicate detection across sources. */
    canonicalId: text("canonical_id"),
    /**
     * The paper's duplicate keys (src/shared/library/duplicates.ts, DuplicateKeys), written with
     * the paper: the Bookmark toggle's duplicate check downloads these, never the papers. Null on
     * rows written before the column existed (computed when read).
     */
    duplicateKeys: jsonb("duplicate_keys").$type<DuplicateKeys>(),
    /** Lowercased title, authors and abstract, written with the paper: the text filter reads this one column. */
    searchText: text("search_text").notNull().default(""),
    bookmarkedAt: timestamp("bookmarked_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when the bookmark is moved to Trash; null while it is in the library. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("user_bookmarks_user_paper_uq").on(t.userId, t.paperId),
    // The library's pages, newest first in exactly the list's order, so a filtered first page stops after 20 matches.
    index("user_bookmarks_user_library_order_idx").on(t.userId, t.bookmarkedAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    index("user_bookmarks_user_canonical_idx").on(t.userId, t.canonicalId),
  ],
);

/** One row per view; views of the same paper and view type within an hour are merged. */
export const userReadingHistory = pgTable(
  "user_reading_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userId(),
    paperId: text("paper_id").notNull(),
    paperData: jsonb("paper_data").$type<Record<string, unknown>>(),
    viewType: text("view_type").notNull().default("abs"),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
    entityId: text("entity_id"),
  },
  (t) => [
    index("user_reading_history_user_read_at_idx").on(t.userId, t.readAt.desc()),
    index("user_reading_history_user_paper_view_idx").on(t.userId, t.paperId, t.viewType, t.readAt.desc()),
  ],
);

/** The settings document, one per user. */
export const userSettings = pgTable("user_settings", {
  userId: userId().primaryKey(),
  settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Per-user cache entries with expiry (e.g. profile-papers-{userId}, bookmarkFilters). */
export const userCache = pgTable(
  "user_cache",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userId(),
    cacheKey: text("cache_key").notNull(),
    paperData: jsonb("paper_data").$type<unknown>(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    cachedAt: timestamp("cached_at", { withTimezone: true }).notNull().defaultNow(),
    accessCount: integer("access_count").notNull().default(0),
    lastAccessed: timestamp("last_accessed", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_cache_user_key_uq").on(t.userId, t.cacheKey),
    index("user_cache_expires_at_idx").on(t.expiresAt),
  ],
);

/** Saved search history (10 entries for 30 days per signed-in user). */
export const userSearchHistory = pgTable(
  "user_search_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: userId(),
    params: jsonb("params").$type<Record<string, unknown>>().notNull(),
    results: integer("results"),
    searchedAt: timestamp("searched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("user_search_history_user_searched_at_idx").on(t.userId, t.searchedAt.desc())],
);

/** A markdown note per user and paper (the reader's Notes card). */
export const userPaperNotes = pgTable(
  "user_paper_notes",
  {
    userId: userId(),
    paperId: text("paper_id").notNull(),
    content: text("content").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("user_paper_notes_user_paper_uq").on(t.userId, t.paperId), index("user_paper_notes_user_updated_idx").on(t.userId, t.updatedAt.desc())],
);
