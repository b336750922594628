import { asc, eq, getTableColumns, getTableName } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "@/server/db/client";
import {
  paperChanges,
  account,
  digestDeliveries,
  feedMarks,
  llmUsage,
  session,
  userActiveDays,
  userApiKeys,
  userAuthoredPapers,
  userIntegrations,
  userPdfCache,
  visitorEvents,
  zoteroCache,
  zoteroSyncLogs,
  zoteroSyncState,
} from "@/server/db/schema";

type UserOwnedTable = PgTable & { userId: PgColumn };

type UserTableExport = {
  table: UserOwnedTable;
  /** The columns exported; all of them when absent. Tables holding secrets list theirs, so a new secret column never leaks. */
  columns?: readonly string[];
};

/**
 * The user-owned tables the Your Data export reads as they are stored, under the export's key.
 * Adding a user table is one line here (and one in account-deletion.int.test.ts's fillers);
 * the deletion test fails while a table with a user_id is in neither this list nor
 * SERVICE_EXPORTED_TABLES. Secrets (tokens, keys, password hashes) are never listed.
 */
export const USER_TABLE_EXPORTS = {
  authoredPapers: { table: userAuthoredPapers },
  digestDeliveries: { table: digestDeliveries },
  paperChanges: { table: paperChanges },
  /** Relevant / Not relevant marks of the learned feed, each with the paper's text it trains on. */
  feedMarks: { table: feedMarks },
  integrations: { table: userIntegrations, columns: ["id", "integrationType", "metadata", "isActive", "expiresAt", "createdAt", "updatedAt"] },
  zoteroCache: { table: zoteroCache },
  zoteroSyncLogs: { table: zoteroSyncLogs },
  zoteroSyncState: { table: zoteroSyncState },
  apiKeys: {
    table: userApiKeys,
    columns: ["id", "providerName", "isConnected", "lastTested", "baseUrl", "models", "isCustom", "createdAt", "updatedAt"],
  },
  pdfCache: { table: userPdfCache },
  llmUsage: { table: llmUsage },
  events: { table: visitorEvents },
  activeDays: { table: userActiveDays },
  signInMethods: { table: account, columns: ["providerId", "accountId", "scope", "createdAt", "updatedAt"] },
  sessions: { table: session, columns: ["createdAt", "updatedAt", "expiresAt", "ipAddress", "userAgent"] },
} satisfies Record<string, UserTableExport>;

export type UserTableKey = keyof typeof USER_TABLE_EXPORTS;

/** Tables the export gives through their feature's service (in the API's shapes), by table name. */
export const SERVICE_EXPORTED_TABLES: Record<string, string> = {
  user_profiles: "profile",
  // The authors' chosen identities are part of the profile (its authorIdentities).
  profile_author_identities: "profile",
  user_bookmarks: "bookmarks",
  user_cache: "cache",
  user_settings: "settings",
  user_preferences: "preferences",
  user_search_history: "searchHistory",
  user_reading_history: "readingHistory",
  user_paper_notes: "notes",
  highlights: "highlights",
};

/** The export key holding a table's rows, for every table the export covers. */
export function exportKeyOfTable(tableName: string): string | null {
  if (tableName in SERVICE_EXPORTED_TABLES) return SERVICE_EXPORTED_TABLES[tableName]!;
  for (const [key, entry] of Object.entries(USER_TABLE_EXPORTS)) if (getTableName(entry.table) === tableName) return key;
  return null;
}

/** Reads the user's rows of every table in USER_TABLE_EXPORTS (secrets left out). */
export function userTablesRepository(db: Database) {
  async function rowsOf(entry: UserTableExport, userId: string): Promise<Record<string, unknown>[]> {
    const all = getTableColumns(entry.table) as Record<string, PgColumn>;
    const names = entry.columns ?? Object.keys(all).filter((name) => name !== "userId");
    const selection = Object.fromEntries(names.map((name) => [name, all[name]!]));
    const firstColumn = all[names[0]!]!;
    return db.select(selection).from(entry.table).where(eq(entry.table.userId, userId)).orderBy(asc(firstColumn));
  }

  return {
    async exportAll(userId: string): Promise<Record<UserTableKey, Record<string, unknown>[]>> {
      const entries = Object.entries(USER_TABLE_EXPORTS) as [UserTableKey, UserTableExport][];
      const rows = await Promise.all(entries.map(([, entry]) => rowsOf(entry, userId)));
      return Object.fromEntries(entries.map(([key], index) => [key, rows[index]!])) as Record<UserTableKey, Record<string, unknown>[]>;
    },
  };
}

export type UserTablesRepository = ReturnType<typeof userTablesRepository>;
