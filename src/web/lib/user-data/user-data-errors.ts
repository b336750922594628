import type { z } from "zod";
import { toast } from "@/web/components/ui/use-toast";
import { isOffline } from "@/web/lib/connectivity";

/** The spec's messages for user data, each written once. */
export const USER_DATA_MESSAGES = {
  loadBookmarks: "Failed to load bookmarks",
  saveBookmark: "Failed to save bookmark",
  deleteBookmark: "Failed to delete bookmark",
  loadReadingHistory: "Failed to load reading history",
  clearReadingHistory: "Failed to clear reading history",
  loadProfile: "Failed to load profile",
  saveProfile: "Failed to save profile",
  loadSettings: "Failed to load settings",
  saveSettings: "Failed to save settings",
  loadUserData: "Failed to load user data",
  loadUserDataToast: "Error loading data",
  clearBookmarksTitle: "Error clearing bookmarks",
  clearBookmarksDescription: "There was a problem clearing your bookmarks.",
  clearCacheTitle: "Error clearing cache",
  clearCacheDescription: "There was a problem clearing the cache.",
} as const;

/**
 * Input refused before anything is sent (unknown fields, wrong types, an over-long key). Its
 * message says what is wrong, for a form to show as it is.
 */
export class UserDataInputError extends Error {
  override readonly name = "UserDataInputError";
}

/** "what: problem; problem", readable by a person. */
export function describeProblems(what: string, problems: readonly string[]): string {
  return `${what}: ${problems.join("; ")}`;
}

/** "what: path: problem; path: problem" from a zod error, readable by a person. */
export function describeIssues(what: string, error: z.ZodError): string {
  return describeProblems(
    what,
    error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message)),
  );
}

/**
 * Parses with the schema or throws a UserDataInputError naming every problem. The schemas
 * live in `@/shared/user-data` (zod): callers load them with `await import(...)` when they
 * validate a write, so zod stays out of the first load (only the type is imported here).
 */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new UserDataInputError(describeIssues(what, result.error));
  return result.data;
}

/** What a failure toast says of its cause when the device is offline. */
export const OFFLINE_FAILURE_DESCRIPTION = "You are offline: try again once you are back online.";

/** The destructive toast a failed load or save shows; offline, it says the network is the cause. */
export function toastFailure(title: string, description?: string): void {
  const cause = description ?? (isOffline() ? OFFLINE_FAILURE_DESCRIPTION : undefined);
  toast({ variant: "destructive", title, ...(cause ? { description: cause } : {}) });
}

/** Whether two JSON-like values are equal, whatever the order of their object keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (typeof inner !== "object" || inner === null || Array.isArray(inner)) return inner;
    return Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}
