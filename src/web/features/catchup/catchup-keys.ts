import type { CatchupFeedRequest } from "@/shared/catchup";

/**
 * The catch-up feed's query keys, apart from its hooks (catchup-queries.ts): the feed marks on
 * every search result row invalidate the feed by these keys, and the hooks' module brings the
 * profile's author identities (and zod with them) that a result row does not need.
 */
export const catchupKeys = {
  all: ["catchup"] as const,
  feed: (request: CatchupFeedRequest, refreshKey: number) => ["catchup", "feed", request, refreshKey] as const,
};
