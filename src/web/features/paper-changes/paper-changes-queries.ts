import { useCallback, useEffect, useSyncExternalStore } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { applyPaperChanges, type PaperChange } from "@/shared/paper-changes";
import type { Paper } from "@/shared/paper";
import { api } from "@/web/lib/api";
import { useUserDataSession } from "@/web/lib/user-data/user-data-session";
import { useBookmarks, useUserStores } from "@/web/lib/user-data/user-stores";
import { entryFor } from "@/web/lib/user-data/paper-key";
import { devicePaperChanges, keptAmong } from "./device-paper-changes";

/** The server checks after each harvest (a few times a day): a minute is fresh enough. */
export const PAPER_CHANGES_STALE_MS = 60 * 1000;

export const paperChangesKeys = {
  all: ["paper-changes"] as const,
};

const path = (paperId: string) => `/api/me/paper-changes/bookmarks/${encodeURIComponent(paperId)}/update`;

/**
 * The user's open changes (new versions, publications of the papers they keep) and what to do
 * with them: the server's list when signed in, the device's own when not.
 */
export function usePaperChanges(): {
  changes: readonly PaperChange[];
  /** Moves the bookmark to the new version (and DOI, journal reference). */
  update(paperId: string): Promise<void>;
  dismiss(change: PaperChange): Promise<void>;
  markSeen(): Promise<void>;
} {
  const { session } = useUserDataSession();
  const signedIn = session.status === "signed-in";
  const queryClient = useQueryClient();
  const stores = useUserStores();
  const device = useSyncExternalStore(devicePaperChanges.subscribe, devicePaperChanges.getSnapshot, devicePaperChanges.getSnapshot);
  const server = useQuery({
    queryKey: paperChangesKeys.all,
    queryFn: ({ signal }) => api.get<{ changes: PaperChange[] }>("/api/me/paper-changes", { signal }),
    enabled: signedIn,
    staleTime: PAPER_CHANGES_STALE_MS,
  });
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: paperChangesKeys.all }), [queryClient]);
  const updateMutation = useMutation({
    mutationFn: async (paperId: string) => {
      if (signedIn) {
        await api.post(path(paperId));
        await stores.bookmarks.reload();
        await refresh();
        return;
      }
      const bookmark = (await stores.bookmarks.all()).find((entry) => entry.paperId === paperId);
      if (!bookmark) return;
      const mine = devicePaperChanges.getSnapshot().filter((change) => change.paperId === paperId);
      const paper = applyPaperChanges(bookmark.paperData, mine);
      await stores.bookmarks.putMany([{ ...bookmark, paperData: paper, title: paper.title }]);
      devicePaperChanges.remove((change) => change.paperId === paperId);
    },
  });

  return {
    changes: signedIn ? (server.data?.changes ?? []) : session.status === "anonymous" ? device : [],
    update: (paperId) => updateMutation.mutateAsync(paperId),
    async dismiss(change) {
      if (signedIn) {
        await api.post(`/api/me/paper-changes/${encodeURIComponent(change.id)}/dismiss`);
        await refresh();
      } else devicePaperChanges.remove((other) => other.id === change.id);
    },
    async markSeen() {
      if (!signedIn) return;
      await api.post("/api/me/paper-changes/seen", {});
      await refresh();
    },
  };
}

/**
 * A paper the reader just loaded (a fresh answer) against the user's bookmark of it: the
 * server compares and keeps what changed when signed in, the device when not. Nothing is
 * asked upstream for it.
 */
export function useObservePaper(paper: Paper | null | undefined): void {
  const { session } = useUserDataSession();
  const bookmarks = useBookmarks();
  const bookmarked = paper ? entryFor(bookmarks, paper.id) !== undefined : false;
  const stores = useUserStores();
  const queryClient = useQueryClient();
  const arxivId = paper?.arxivId ?? null;
  const doi = paper?.doi ?? null;
  useEffect(() => {
    if (!paper || !bookmarked || session.status === "loading") return;
    let cancelled = false;
    void (async () => {
      if (session.status === "signed-in") {
        await api.post("/api/me/paper-changes/observed", { paper });
        if (!cancelled) await queryClient.invalidateQueries({ queryKey: paperChangesKeys.all });
        return;
      }
      const kept = (await stores.bookmarks.all()).find((entry) => entry.paperId === paper.id);
      if (kept && !cancelled) devicePaperChanges.observe(kept.paperData, paper);
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // The same paper answered again (same version and DOI) is the same observation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [paper?.id, arxivId, doi, bookmarked, session.status]);
}

/**
 * An anonymous user's search results against the device's bookmarks: a result that is a kept
 * paper in a newer version (or newly published) gets the bookmark its badge. The comparison
 * stays on the device and asks nothing upstream; a signed-in user's bookmarks are the server's
 * to check.
 */
export function useObserveSearchResults(papers: readonly Paper[] | undefined): void {
  const { session } = useUserDataSession();
  const bookmarks = useBookmarks();
  const stores = useUserStores();
  const anonymous = session.status === "anonymous";
  const kept = anonymous && papers ? papers.filter((paper) => entryFor(bookmarks, paper.id) !== undefined) : [];
  // The same results with the same kept papers are the same observation.
  const signature = kept.map((paper) => `${paper.id}|${paper.arxivId ?? ""}|${paper.doi ?? ""}|${paper.journalRef ?? ""}`).join("\n");
  useEffect(() => {
    if (!signature || !papers) return;
    let cancelled = false;
    void (async () => {
      const all = await stores.bookmarks.all();
      if (!cancelled) devicePaperChanges.observeAll(keptAmong(all, papers));
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, stores]);
}
