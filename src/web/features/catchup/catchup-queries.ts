import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { CatchupFeedRequest, CatchupFeedResponse } from "@/shared/catchup";
import type { Paper } from "@/shared/paper";
import { api } from "@/web/lib/api";

/** The feed is computed from the server's shared index, which changes once a day at most. */
export const CATCHUP_STALE_MS = 5 * 60 * 1000;

export const catchupKeys = {
  all: ["catchup"] as const,
  feed: (request: CatchupFeedRequest, refreshKey: number) => ["catchup", "feed", request, refreshKey] as const,
};

export function useCatchupFeed(request: CatchupFeedRequest, options: { enabled: boolean; refreshKey: number }) {
  return useQuery({
    queryKey: catchupKeys.feed(request, options.refreshKey),
    queryFn: ({ signal }) => api.post<CatchupFeedResponse<Paper>>("/api/catchup/feed", request, { signal }),
    enabled: options.enabled,
    staleTime: CATCHUP_STALE_MS,
    placeholderData: keepPreviousData,
    retry: 1,
  });
}
