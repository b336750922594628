/**
 * Every Zotero message of the specification, in its words.
 * The server and the web both use these, so a test can look for the exact text.
 */
export const ZOTERO_MESSAGES = {
  notConnectedTitle: "Not connected to Zotero",
  notConnectedBody: "Please connect your Zotero account in settings",
  alreadyInLibrary: "Already in library",
  exported: "Exported to Zotero",
  exportFailedTitle: "Export failed",
  exportFailedBody: "Could not export to Zotero",
  exportErrorTitle: "Export error",
  exportErrorBody: "An unexpected error occurred",
  exportSucceeded: "Paper exported successfully",
  exportFailedWith: (text: string) => `Export failed: ${text}`,
  exportNetworkError: "Export failed due to network error",
  userNotAuthenticated: "User not authenticated",
  deleteFailedStatus: (status: number) => `Failed to delete item. Status: ${status}`,
  invalidItemKey: "Invalid item key for deletion.",

  connectionError: "Connection Error",
  disconnectError: "Disconnect Error",
  reconnectionError: "Reconnection Error",
  reconnectionErrorBody: "You may need to sign in again",
  deletionError: "Deletion Error",
  disconnected: "Disconnected",
  reconnected: "Reconnected",
  credentialsDeleted: "Credentials Deleted",

  libraryLoadError: "Error loading Zotero library",
  libraryUpToDate: "Library up to date",
  noChangesSinceLastSync: "No changes since last sync",
  deletionFailed: "Deletion Failed",
  deletionUnexpected: "An unexpected error occurred during deletion.",
  noItemsFound: "No Items Found",

  initialBatchFailed: "Failed to get initial batch",
  librarySizeFailed: "Failed to get library size",
  batchItemsFailed: "Failed to get batch items",
  syncCancelled: "Sync cancelled",
  syncFailed: "Sync failed",
  batchFailed: "Batch failed",
  resumeFailed: "Resume failed",
  incrementalFailed: "Incremental sync failed - try full sync first",
  noRecentChanges: "No recent changes found",

  canonicalErrorTitle: "Error",
  canonicalErrorBody: "Failed to generate canonical IDs",
  canonicalStopping: "Stopping after the current batch...",

  scanError: "Error scanning database tables.",
} as const;

/** The OAuth return's error codes and what the settings page says for each (any other code: 'Connection failed'). */
export const ZOTERO_OAUTH_ERRORS: Record<string, string> = {
  missing_params: "OAuth failed: Missing required parameters",
  token_mismatch: "OAuth failed: Token mismatch",
  auth_failed: "OAuth failed: Authentication error",
};

/** The message for an OAuth return's error code. */
export function zoteroOAuthErrorMessage(code: string): string {
  return ZOTERO_OAUTH_ERRORS[code] ?? "Connection failed";
}
