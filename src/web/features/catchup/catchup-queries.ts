import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { CatchupFeedRequest, CatchupFeedResponse } from "@/shared/catchup";
import { profileAuthors } from "@/shared/author-identity";
import type { Paper } from "@/shared/paper";
import { api } from "@/web/lib/api";
import { useProfile } from "@/web/lib/user-data/user-data-hooks";

/** The feed is computed from the server's shared index, which changes once a day at most. */
export const CATCHUP_STALE_MS = 5 * 60 * 1000;

export const catchupKeys = {
  all: ["catchup"] as const,
  feed: (request: CatchupFeedRequest, refreshKey: number) => ["catchup", "feed", request, refreshKey] as const,
};

/**
 * The feed for a request. Each profile author name travels with the identity the user linked
 * to it, so the server matches that person rather than everyone of the name.
 */
export function useCatchupFeed(asked: CatchupFeedRequest, options: { enabled: boolean; refreshKey: number }) {
  const { profile } = useProfile();
  const names = asked.profile.authors.map((author) => (typeof author === "string" ? author : author.name));
  const request: CatchupFeedRequest = { ...asked, profile: { ...asked.profile, authors: profileAuthors(names, profile.authorIdentities) } };
  return useQuery({
    queryKey: catchupKeys.feed(request, options.refreshKey),
    queryFn: ({ signal }) => api.post<CatchupFeedResponse<Paper>>("/api/catchup/feed", request, { signal }),
    enabled: options.enabled,
    staleTime: CATCHUP_STALE_MS,
    placeholderData: keepPreviousData,
    retry: 1,
  });
}
