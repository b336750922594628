import type { Paper } from "@/shared/paper";
import type { ZoteroStatus } from "@/shared/zotero/zotero-contract";
import { ZOTERO_STATUS_RECHECK_MS } from "@/shared/zotero/zotero-constants";
import { zoteroLookupParams } from "@/shared/zotero/zotero-lookup";
import { api } from "@/web/lib/api";
import { getAppQueryClient } from "@/web/lib/query-client";
import { useSignedInUserId, zoteroKeys } from "./zotero-queries";

/** The note the Bookmark toggle adds when the paper is already in the user's Zotero library. */
export const IN_ZOTERO_NOTE = "Also in your Zotero library.";

/**
 * Zotero in Quire's duplicate check: whether a paper is in the user's mirrored Zotero library
 * (DOI, arXiv id, or title with the first author), so bookmarking it can say so. Asks only when
 * Zotero is connected (the status is cached for 5 minutes) and never fails the caller.
 */
export function useZoteroDuplicateNote(): (paper: Paper) => Promise<string | null> {
  const userId = useSignedInUserId();
  return async (paper) => {
    if (!userId) return null;
    try {
      const readStatus = () => api.get<ZoteroStatus>("/api/auth-zotero", { query: { action: "status" } });
      // The app's query cache when there is one (the status is shared with the Zotero cards).
      const client = getAppQueryClient();
      const status = client
        ? await client.fetchQuery({ queryKey: zoteroKeys.status(userId), queryFn: readStatus, staleTime: ZOTERO_STATUS_RECHECK_MS })
        : await readStatus();
      if (!status.connected) return null;
      const found = await api.get<{ exists: boolean }>("/api/zotero-ops", { query: { action: "check-exists", cacheOnly: "true", ...zoteroLookupParams(paper) } });
      return found.exists ? IN_ZOTERO_NOTE : null;
    } catch {
      return null;
    }
  };
}
