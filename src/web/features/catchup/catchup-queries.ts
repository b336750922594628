import { useMemo, useSyncExternalStore } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { CatchupFeedRequest, CatchupFeedResponse } from "@/shared/catchup";
import { profileAuthors } from "@/shared/author-identity";
import type { Paper } from "@/shared/paper";
import { catchupKeys } from "@/web/features/catchup/catchup-keys";
import { deviceBookmarkSignals, deviceFeedMarks, deviceReadSignals, marksForFeedRequest } from "@/web/features/feed-marks/device-feed-marks";
import { api } from "@/web/lib/api";
import { useProfile, useReadingHistory } from "@/web/lib/user-data/user-data-hooks";
import { useBookmarks } from "@/web/lib/user-data/user-stores";
import { useUserDataSession } from "@/web/lib/user-data/user-data-session";

/** The feed is computed from the server's shared index, which changes once a day at most. */
export const CATCHUP_STALE_MS = 5 * 60 * 1000;

/**
 * The feed for a request. Each profile author name travels with the identity the user linked
 * to it, so the server matches that person rather than everyone of the name; an anonymous
 * visitor's marks travel with it too (they live on the device; a signed-in user's are read on
 * the server, and a change of them re-asks the feed), with the device's bookmarks and reading
 * history as weaker positives.
 */
export function useCatchupFeed(asked: CatchupFeedRequest, options: { enabled: boolean; refreshKey: number }) {
  const { profile } = useProfile();
  const names = asked.profile.authors.map((author) => (typeof author === "string" ? author : author.name));
  const request: CatchupFeedRequest = { ...asked, profile: { ...asked.profile, authors: profileAuthors(names, profile.authorIdentities) } };
  const { session } = useUserDataSession();
  const deviceMarks = useSyncExternalStore(deviceFeedMarks.subscribe, deviceFeedMarks.get, deviceFeedMarks.get);
  // The device's bookmarks and reading (the device stores while anonymous) teach the feed too.
  const bookmarks = useBookmarks();
  const { entries: reads } = useReadingHistory();
  const anonymous = session.status === "anonymous";
  const marks = useMemo(
    () => (anonymous ? marksForFeedRequest(deviceMarks, { bookmarks: deviceBookmarkSignals(bookmarks), reads: deviceReadSignals(reads) }) : []),
    [anonymous, deviceMarks, bookmarks, reads],
  );
  const body: CatchupFeedRequest = marks.length > 0 ? { ...request, marks } : request;
  return useQuery({
    queryKey: catchupKeys.feed(body, options.refreshKey),
    queryFn: ({ signal }) => api.post<CatchupFeedResponse<Paper>>("/api/catchup/feed", body, { signal }),
    enabled: options.enabled && session.status !== "loading",
    staleTime: CATCHUP_STALE_MS,
    placeholderData: keepPreviousData,
    retry: 1,
  });
}
