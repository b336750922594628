import { useQuery } from "@tanstack/react-query";
import { PAPER_KEEP_MS, PAPER_STALE_MS } from "@/shared/constants";
import { paperSchema, type Paper } from "@/shared/paper";
import type { RelationsPage, WorkLookup } from "@/shared/paper-relations";
import { api, isApiError, isOfflineError } from "@/web/lib/api";
import { keptPaperRecord } from "@/web/features/offline/offline-queries";
import { previewData } from "@/web/lib/page-preview";

/** The reader's queries (the paper query is stale after 1 hour, kept 24 hours). */
export const paperKeys = {
  paper: (id: string) => ["paper", id] as const,
  work: (doi: string) => ["paper-work", doi] as const,
  relations: (kind: string, workId: string, page: number) => ["paper-relations", kind, workId, page] as const,
};

/** The spec's paper-load messages. */
export const PAPER_MESSAGES = {
  notFound: "Paper not found. The paper ID may be invalid or the paper may not exist.",
  failed: "Failed to load paper. Please check the paper ID and try again.",
  /** The network is the cause, not the id: the paper is not kept on this device. */
  offline: "You are offline, and this paper is not kept on this device. Connect to the internet to open it.",
  unreachable: "Quire could not be reached. Check your connection and try again.",
} as const;

/**
 * The message for a failed paper load: an unknown or unreadable id is "not found"; a request
 * that never reached the server blames the network; anything else "failed".
 */
export function paperErrorMessage(error: unknown): string {
  if (isApiError(error) && (error.status === 404 || error.status === 400)) return PAPER_MESSAGES.notFound;
  if (isOfflineError(error)) return PAPER_MESSAGES.offline;
  if (isApiError(error) && error.status === 0) return PAPER_MESSAGES.unreachable;
  return PAPER_MESSAGES.failed;
}

export function fetchPaper(id: string): Promise<Paper> {
  return api.get<{ paper: Paper }>("/papers/lookup", { query: { id } }).then((body) => body.paper);
}

/**
 * The paper from the network, or, when the network cannot be reached, the copy kept on this
 * device for offline reading (offline-store.ts); the network's failure when there is none.
 */
export async function fetchPaperOrKept(id: string): Promise<Paper> {
  try {
    return await fetchPaper(id);
  } catch (error) {
    if (isApiError(error) && error.status !== 0) throw error;
    const kept = await keptPaperRecord(id).catch(() => null);
    if (kept) return kept;
    throw error;
  }
}

/** The paper the server drew this page from (src/web/ssr/paper-preview.tsx), if it is the one for `id`. */
function drawnPaper(id: string): Paper | undefined {
  const data = previewData("paper") as { id?: unknown; paper?: unknown } | null;
  if (data?.id !== id) return undefined;
  const parsed = paperSchema.safeParse(data.paper);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The paper behind an id, fetched once and cached. A paper handed over in navigation state
 * shows at once (as placeholder data) while the full record loads; one the server drew the
 * page from shows at once too, and is asked for again behind it (it counts as stale).
 */
export function usePaper(id: string, handedOver: Paper | undefined) {
  return useQuery({
    queryKey: paperKeys.paper(id),
    queryFn: () => fetchPaperOrKept(id),
    // Asked offline too: a kept paper opens without the network.
    networkMode: "offlineFirst",
    staleTime: PAPER_STALE_MS,
    gcTime: PAPER_KEEP_MS,
    placeholderData: handedOver,
    initialData: () => drawnPaper(id),
    initialDataUpdatedAt: 0,
    enabled: id.length > 0,
  });
}

export function fetchWork(doi: string): Promise<WorkLookup> {
  return api.get<WorkLookup>("/papers/work", { query: { doi } });
}

export function fetchRelations(kind: "references" | "citations", workId: string, page: number, perPage: number): Promise<RelationsPage> {
  return api.get<RelationsPage>(`/papers/${kind}`, { query: { workId, page: String(page), perPage: String(perPage) } });
}
