import { useSyncExternalStore } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toMarkedPaper, type FeedMarkEntry, type UserFeedMarkKind } from "@/shared/feed/feed-mark-api";
import type { Paper } from "@/shared/paper";
import { toast } from "@/web/components/ui/use-toast";
import { catchupKeys } from "@/web/features/catchup/catchup-keys";
import { api } from "@/web/lib/api";
import { entryFor, paperKey } from "@/web/lib/user-data/paper-key";
import { useUserDataSession } from "@/web/lib/user-data/user-data-session";
import { migrateDeviceDataToAccount } from "@/web/lib/user-data/user-stores";
import { deviceFeedMarks, type FeedMarkMap } from "./device-feed-marks";

/** Marks change only through this device's own buttons, which update the query themselves. */
export const FEED_MARKS_STALE_MS = 5 * 60 * 1000;

export const feedMarkKeys = {
  all: ["feed-marks"] as const,
  list: (userId: string) => ["feed-marks", userId] as const,
};

const EMPTY: FeedMarkMap = {};

function markPath(paperId: string): string {
  return `/api/me/feed-marks/${encodeURIComponent(paperId)}`;
}

type SetMarkInput = { paper: Paper; kind: UserFeedMarkKind | null };

/**
 * The user's marks by canonical paper id and the setter the Relevant / Not relevant buttons
 * call: an anonymous visitor's on the device, a signed-in user's in the account (loaded after
 * the sign-in move, changed optimistically and put back if the server refuses). A change
 * re-asks the catch-up feed, which ranks by the marks.
 */
export function useFeedMarks(): { marks: FeedMarkMap; signedIn: boolean; setMark: (paper: Paper, kind: UserFeedMarkKind | null) => void } {
  const { session } = useUserDataSession();
  const userId = session.status === "signed-in" ? session.user.id : null;
  const client = useQueryClient();
  const device = useSyncExternalStore(deviceFeedMarks.subscribe, deviceFeedMarks.get, deviceFeedMarks.get);
  const key = feedMarkKeys.list(userId ?? "anonymous");

  const server = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      // What the device marked before signing in is in the account first.
      await migrateDeviceDataToAccount(userId!).catch(() => undefined);
      const { marks } = await api.get<{ marks: FeedMarkEntry[] }>("/api/me/feed-marks", { signal });
      return Object.fromEntries(marks.map((mark) => [mark.paperId, mark])) as FeedMarkMap;
    },
    enabled: userId !== null,
    staleTime: FEED_MARKS_STALE_MS,
  });

  const mutation = useMutation({
    mutationFn: async ({ paper, kind }: SetMarkInput) => {
      const paperId = paperKey(paper.id);
      if (kind === null) await api.delete<void>(markPath(paperId));
      else await api.put(markPath(paperId), { kind, paper: { ...toMarkedPaper(paper), id: paperId } });
    },
    onMutate: async ({ paper, kind }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<FeedMarkMap>(key);
      const paperId = paperKey(paper.id);
      client.setQueryData<FeedMarkMap>(key, (marks = EMPTY) => {
        const next = { ...marks };
        delete next[paperId];
        if (kind) next[paperId] = { paperId, kind, paper: { ...toMarkedPaper(paper), id: paperId }, markedAt: new Date().toISOString() };
        return next;
      });
      return { before };
    },
    onError: (_error, _input, context) => {
      client.setQueryData(key, context?.before);
      toast({ variant: "destructive", title: "Failed to save your mark" });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: catchupKeys.all }),
  });

  if (userId === null) {
    return { marks: device, signedIn: false, setMark: (paper, kind) => deviceFeedMarks.set(toMarkedPaper(paper), kind) };
  }
  return { marks: server.data ?? EMPTY, signedIn: true, setMark: (paper, kind) => mutation.mutate({ paper, kind }) };
}

/** A paper's mark in a map of marks (under its id as given or canonical). */
export function markOf(marks: FeedMarkMap, paperId: string): UserFeedMarkKind | null {
  return entryFor(marks, paperId)?.kind ?? null;
}
