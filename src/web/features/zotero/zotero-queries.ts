import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Paper } from "@/shared/paper";
import { ZOTERO_STATUS_RECHECK_MS } from "@/shared/zotero/zotero-constants";
import type {
  ArxivScanResult,
  BibliographyResult,
  CanonicalIdStats,
  ZoteroBatchExportResult,
  ZoteroCacheStatus,
  ZoteroDisconnectResult,
  ZoteroStatus,
  ZoteroSyncAction,
  ZoteroSyncLogEntry,
  ZoteroSyncState,
} from "@/shared/zotero/zotero-contract";
import { zoteroLookupParams } from "@/shared/zotero/zotero-lookup";
import { api } from "@/web/lib/api";
import { useUserData } from "@/web/lib/user-data/user-stores";

/** The Zotero queries: keys, hooks and staleness together (rule 8). */
export const zoteroKeys = {
  all: ["zotero"] as const,
  status: (userId: string) => ["zotero", userId, "status"] as const,
  bibliography: (userId: string, params: BibliographyParams) => ["zotero", userId, "bibliography", params] as const,
  sync: (userId: string) => ["zotero", userId, "sync"] as const,
  logs: (userId: string) => ["zotero", userId, "sync-logs"] as const,
  cache: (userId: string) => ["zotero", userId, "cache"] as const,
  canonical: (userId: string) => ["zotero", userId, "canonical"] as const,
  inLibrary: (userId: string, paperId: string) => ["zotero", userId, "in-library", paperId] as const,
};

/** While a sync runs, its state is read this often. */
export const SYNC_POLL_MS = 1000;

export type BibliographyParams = {
  start: number;
  limit: number;
  q: string;
  topLevelOnly: boolean;
  itemTypes: string[];
  sort?: "dateAdded" | "dateModified" | "title" | "creator" | "date";
  direction?: "asc" | "desc";
};

/** The signed-in user's id, or null (Zotero needs sign-in). */
export function useSignedInUserId(): string | null {
  const { session } = useUserData();
  return session.status === "signed-in" ? session.user.id : null;
}

/** The connection status, re-checked at most every 5 minutes unless the user changes something. */
export function useZoteroStatus() {
  const userId = useSignedInUserId();
  return useQuery({
    queryKey: zoteroKeys.status(userId ?? "anonymous"),
    queryFn: ({ signal }) => api.get<ZoteroStatus>("/api/auth-zotero", { query: { action: "status" }, signal }),
    enabled: userId !== null,
    staleTime: ZOTERO_STATUS_RECHECK_MS,
    retry: 1,
  });
}

export function useBibliography(params: BibliographyParams, enabled: boolean) {
  const userId = useSignedInUserId();
  return useQuery({
    queryKey: zoteroKeys.bibliography(userId ?? "anonymous", params),
    queryFn: ({ signal }) =>
      api.get<BibliographyResult>("/api/zotero/bibliography", {
        query: {
          start: params.start,
          limit: params.limit,
          q: params.q || undefined,
          topLevelOnly: params.topLevelOnly,
          itemTypes: params.itemTypes.length > 0 ? params.itemTypes.join(",") : undefined,
          sort: params.sort,
          direction: params.direction,
        },
        signal,
      }),
    enabled: enabled && userId !== null,
    placeholderData: (previous) => previous,
    staleTime: 60_000,
    retry: 1,
  });
}

/** The sync state, polled while a sync runs (a closed tab loses nothing: the job keeps going). */
export function useSyncState(enabled: boolean) {
  const userId = useSignedInUserId();
  return useQuery({
    queryKey: zoteroKeys.sync(userId ?? "anonymous"),
    queryFn: ({ signal }) => api.get<ZoteroSyncState>("/api/zotero/sync", { signal }),
    enabled: enabled && userId !== null,
    refetchInterval: (query) => (query.state.data?.syncing ? SYNC_POLL_MS : false),
  });
}

export function useSyncLogs(enabled: boolean, syncing: boolean) {
  const userId = useSignedInUserId();
  return useQuery({
    queryKey: zoteroKeys.logs(userId ?? "anonymous"),
    queryFn: ({ signal }) => api.get<{ logs: ZoteroSyncLogEntry[] }>("/api/zotero/sync/logs", { signal }).then((body) => body.logs),
    enabled: enabled && userId !== null,
    refetchInterval: syncing ? SYNC_POLL_MS * 2 : false,
  });
}

export function useCacheStatus(enabled: boolean, syncing: boolean) {
  const userId = useSignedInUserId();
  return useQuery({
    queryKey: zoteroKeys.cache(userId ?? "anonymous"),
    queryFn: ({ signal }) => api.get<ZoteroCacheStatus>("/api/zotero/cache", { signal }),
    enabled: enabled && userId !== null,
    refetchInterval: syncing ? SYNC_POLL_MS * 2 : false,
  });
}

export function useCanonicalStats(enabled: boolean) {
  const userId = useSignedInUserId();
  return useQuery({
    queryKey: zoteroKeys.canonical(userId ?? "anonymous"),
    queryFn: ({ signal }) => api.get<CanonicalIdStats>("/api/zotero/canonical-ids", { signal }),
    enabled: enabled && userId !== null,
  });
}

/** Whether a paper is in the mirrored Zotero library (no call to Zotero itself). */
export function useInZoteroLibrary(paper: Paper, enabled: boolean) {
  const userId = useSignedInUserId();
  const lookup = zoteroLookupParams(paper);
  return useQuery({
    queryKey: zoteroKeys.inLibrary(userId ?? "anonymous", paper.id),
    queryFn: ({ signal }) =>
      api.get<{ exists: boolean; itemKey: string | null }>("/api/zotero-ops", {
        query: { action: "check-exists", cacheOnly: "true", ...lookup },
        signal,
      }),
    enabled: enabled && userId !== null,
    staleTime: ZOTERO_STATUS_RECHECK_MS,
    retry: false,
  });
}

/** Every Zotero action; each refreshes what it changed. */
export function useZoteroActions() {
  const client = useQueryClient();
  const userId = useSignedInUserId() ?? "anonymous";
  const refreshStatus = () => client.invalidateQueries({ queryKey: zoteroKeys.status(userId) });
  const setSync = (state: ZoteroSyncState) => client.setQueryData(zoteroKeys.sync(userId), state);
  return {
    connectWithKey: useMutation({
      mutationFn: (apiKey: string) => api.post<ZoteroStatus>("/api/zotero/sync-credentials", { apiKey }),
      onSuccess: (status) => client.setQueryData(zoteroKeys.status(userId), status),
    }),
    softDisconnect: useMutation({
      mutationFn: () => api.post<ZoteroDisconnectResult>("/api/auth-zotero?action=disconnect&soft=true"),
      onSettled: refreshStatus,
    }),
    reconnect: useMutation({
      mutationFn: () => api.post<ZoteroStatus>("/api/auth-zotero?action=reconnect"),
      onSuccess: (status) => client.setQueryData(zoteroKeys.status(userId), status),
      onError: refreshStatus,
    }),
    deleteCredentials: useMutation({
      mutationFn: () => api.post<ZoteroDisconnectResult>("/api/auth-zotero?action=revoke"),
      onSettled: () => client.invalidateQueries({ queryKey: zoteroKeys.all }),
    }),
    sync: useMutation({
      mutationFn: (input: { action: ZoteroSyncAction; batchSize?: number }) => api.post<ZoteroSyncState>("/api/zotero/sync", input),
      onSuccess: (state) => {
        setSync(state);
        void client.invalidateQueries({ queryKey: zoteroKeys.logs(userId) });
      },
    }),
    clearCache: useMutation({
      mutationFn: () => api.delete<ZoteroCacheStatus>("/api/zotero/cache"),
      onSuccess: (status) => client.setQueryData(zoteroKeys.cache(userId), status),
    }),
    canonicalBatch: useMutation({
      mutationFn: () => api.post<{ updated: number; stats: CanonicalIdStats }>("/api/zotero/canonical-ids/batch"),
      onSuccess: (result) => client.setQueryData(zoteroKeys.canonical(userId), result.stats),
    }),
    exportPaper: useMutation({
      mutationFn: (paper: Paper) => api.post<{ itemKey: string; exists: boolean; message: string }>("/api/zotero-ops?action=export", { item: paper }),
      onSuccess: (_result, paper) => client.setQueryData(zoteroKeys.inLibrary(userId, paper.id), { exists: true, itemKey: _result.itemKey }),
    }),
    exportBatch: useMutation({
      mutationFn: (input: { papers: Paper[]; collection?: string }) => api.post<ZoteroBatchExportResult>("/api/zotero-ops?action=export-batch", input),
    }),
    deleteItem: useMutation({
      mutationFn: (itemKey: string) => api.delete<void>("/api/zotero-ops", { query: { action: "delete", itemKey } }),
      onSuccess: () => client.invalidateQueries({ queryKey: ["zotero", userId, "bibliography"] }),
    }),
    scanArxivIds: useMutation({
      mutationFn: () => api.get<ArxivScanResult>("/api/zotero/arxiv-scan"),
    }),
  };
}
