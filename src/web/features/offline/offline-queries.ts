import { createContext, useContext, useMemo } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { OFFLINE_MESSAGES } from "@/shared/offline";
import type { Paper } from "@/shared/paper";
import { toast } from "@/web/components/ui/use-toast";
import { isKeptPaper, keepPaper, offlineStore, offlineSupported, type KeptPaper } from "./offline-store";

/** The kept papers of this device: one list every row's button and indicator read. */
export const offlineKeys = { kept: ["offline", "kept"] as const };

/** The device's kept papers. Read from the device, so it runs offline too ("always"). */
export function useKeptPapers() {
  return useQuery({
    queryKey: offlineKeys.kept,
    queryFn: async (): Promise<KeptPaper[]> => (await offlineStore()).list(),
    networkMode: "always",
    staleTime: Number.POSITIVE_INFINITY,
    enabled: offlineSupported(),
  });
}

export type OfflineStatus = "checking" | "available" | "online-only";

/**
 * What a server render of a page (src/web/ssr/paper-preview.tsx) takes the device to say: that
 * it can keep papers, and whether this one is kept. Null, the default: ask the device.
 */
export const AssumedOfflineStatus = createContext<OfflineStatus | null>(null);

/** Whether this device can keep papers offline (as a server render assumes it, there). */
export function useOfflineSupported(): boolean {
  return useContext(AssumedOfflineStatus) !== null || offlineSupported();
}

/**
 * The answer for every paper while the device cannot answer paper by paper: what a server render
 * assumes, "checking" while it is asked ("online-only" where it is never asked), "online-only"
 * if it failed. Null once the kept papers are in.
 */
function statusOfEvery(assumed: OfflineStatus | null, kept: ReturnType<typeof useKeptPapers>): OfflineStatus | null {
  if (assumed) return assumed;
  if (kept.isPending) return kept.fetchStatus === "idle" ? "online-only" : "checking";
  if (kept.isError) return "online-only";
  return null;
}

/** Whether the paper with this id is among the kept papers. */
function keptStatus(entries: readonly KeptPaper[], paperId: string): OfflineStatus {
  return entries.some((entry) => isKeptPaper(entry, paperId)) ? "available" : "online-only";
}

/** Whether this paper is kept: "checking" until the device has answered. */
export function useOfflineStatus(paper: Pick<Paper, "id"> | undefined): OfflineStatus {
  const assumed = useContext(AssumedOfflineStatus);
  const kept = useKeptPapers();
  if (assumed) return assumed;
  if (!paper) return "checking";
  return statusOfEvery(null, kept) ?? keptStatus(kept.data ?? [], paper.id);
}

/**
 * useOfflineStatus for every row of a list at once: one read of the kept papers (one query
 * observer for the list, not one per row), and each row's status from it. The same function
 * while the answer is the same: lists redraw their rows when it changes.
 */
export function useOfflineStatusOf(): (paper: Pick<Paper, "id">) => OfflineStatus {
  const assumed = useContext(AssumedOfflineStatus);
  const kept = useKeptPapers();
  const every = statusOfEvery(assumed, kept);
  const entries = kept.data;
  return useMemo(() => (every ? () => every : (paper: Pick<Paper, "id">) => keptStatus(entries ?? [], paper.id)), [every, entries]);
}

/** Save Offline, with the spec's toasts. */
export function useKeepPaper() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paper: Paper) => keepPaper(paper),
    networkMode: "always",
    onSuccess: () => {
      toast({ title: OFFLINE_MESSAGES.savedTitle, description: OFFLINE_MESSAGES.savedDescription });
    },
    onError: () => {
      toast({ variant: "destructive", title: OFFLINE_MESSAGES.failedTitle, description: OFFLINE_MESSAGES.failedDescription });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: offlineKeys.kept }),
  });
}

/** Removes a kept paper (its PDF and record). */
export function useRemoveKeptPaper() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (paperId: string) => (await offlineStore()).remove(paperId),
    networkMode: "always",
    onSuccess: () => toast({ title: "Removed from offline storage" }),
    onError: () => toast({ variant: "destructive", title: OFFLINE_MESSAGES.removeFailed }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: offlineKeys.kept }),
  });
}

/** The record of a kept paper, for the reader when the network cannot give it; null when not kept. */
export async function keptPaperRecord(id: string): Promise<Paper | null> {
  if (!offlineSupported()) return null;
  const kept = await (await offlineStore()).list();
  return kept.find((entry) => isKeptPaper(entry, id))?.paper ?? null;
}
