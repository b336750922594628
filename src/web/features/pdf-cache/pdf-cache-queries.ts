import { useEffect, useRef } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  pdfCacheListSchema,
  pdfCacheStatsSchema,
  PDF_CACHE_MESSAGES,
  type CachedPdfEntry,
  type PdfCacheStats,
} from "@/shared/pdf-cache";
import { toast } from "@/web/components/ui/use-toast";
import { api, ApiError, CLIENT_ERROR_CODES } from "@/web/lib/api";

/**
 * The Cloud PDF Cache card's resources: the user's cached files and their stats
 * (`/api/pdf-cache`), and the storage setup (`POST /api/pdf-proxy?action=setup`).
 */
export const pdfCacheKeys = {
  all: ["pdf-cache"] as const,
  files: (userId: string) => ["pdf-cache", userId, "files"] as const,
  stats: (userId: string) => ["pdf-cache", userId, "stats"] as const,
  setup: (userId: string) => ["pdf-cache", userId, "setup"] as const,
};

/** Asked afresh whenever the card opens: every PDF the user opens elsewhere changes them. */
export const PDF_CACHE_STALE_MS = 0;

/** The spec's zero stats, shown when they cannot be loaded. */
export const EMPTY_STATS: PdfCacheStats = {
  totalFiles: 0,
  totalSize: 0,
  totalSizeMB: 0,
  lastCachedAt: null,
  limitBytes: 0,
  storage: { kind: "file", ok: true, reason: null },
};

function parsed<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError(CLIENT_ERROR_CODES.invalidResponse, "The server sent an unreadable answer", 200);
  return result.data;
}

/** Toasts a query's failure once per failure (the spec's words), while the card shows empty values. */
function useFailureToast(error: unknown, title: string): void {
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    toast({ variant: "destructive", title, description: error instanceof Error ? error.message : undefined });
  }, [error, title]);
}

export function useCachedPdfs(userId: string) {
  const query = useQuery({
    queryKey: pdfCacheKeys.files(userId),
    queryFn: async ({ signal }) => parsed(pdfCacheListSchema, await api.get<unknown>("/api/pdf-cache", { signal })).files,
    staleTime: PDF_CACHE_STALE_MS,
    retry: 1,
  });
  useFailureToast(query.error, PDF_CACHE_MESSAGES.loadFilesFailed);
  return query;
}

export function usePdfCacheStats(userId: string) {
  const query = useQuery({
    queryKey: pdfCacheKeys.stats(userId),
    queryFn: async ({ signal }) => parsed(pdfCacheStatsSchema, await api.get<unknown>("/api/pdf-cache/stats", { signal })),
    staleTime: PDF_CACHE_STALE_MS,
    retry: 1,
  });
  useFailureToast(query.error, PDF_CACHE_MESSAGES.loadStatsFailed);
  return query;
}

/** Makes sure the cache's storage exists (once per visit of the card); its failure is the spec's "Failed to initialize". */
export function usePdfCacheSetup(userId: string) {
  return useQuery({
    queryKey: pdfCacheKeys.setup(userId),
    queryFn: () => api.post<{ error: null; note: string }>("/api/pdf-proxy", undefined, { query: { action: "setup" } }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Remove one file, clear all: each updates the list and refreshes the stats, and says how it went. */
export function usePdfCacheMutations(userId: string) {
  const client = useQueryClient();
  const refreshStats = () => client.invalidateQueries({ queryKey: pdfCacheKeys.stats(userId) });
  return {
    remove: useMutation({
      mutationFn: (paperId: string) => api.delete<void>(`/api/pdf-cache/files/${encodeURIComponent(paperId)}`),
      onSuccess: (_result, paperId) => {
        client.setQueryData<CachedPdfEntry[]>(pdfCacheKeys.files(userId), (files) => (files ?? []).filter((file) => file.paperId !== paperId));
        void refreshStats();
        toast({ title: PDF_CACHE_MESSAGES.removed });
      },
      onError: (error) => toast({ variant: "destructive", title: PDF_CACHE_MESSAGES.removeFailed, description: error.message }),
    }),
    clear: useMutation({
      mutationFn: () => api.delete<{ removed: number }>("/api/pdf-cache"),
      onSuccess: () => {
        client.setQueryData<CachedPdfEntry[]>(pdfCacheKeys.files(userId), []);
        void refreshStats();
        toast({ title: PDF_CACHE_MESSAGES.cleared });
      },
      onError: (error) => toast({ variant: "destructive", title: PDF_CACHE_MESSAGES.clearFailed, description: error.message }),
    }),
  };
}
