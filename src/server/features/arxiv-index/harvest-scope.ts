import { CATCHUP_DEFAULT_CATEGORY } from "@/shared/catchup";
import { groupSetsFor } from "@/shared/arxiv-query/arxiv-sets";
import type { ArxivHarvestScope } from "@/server/config";

/** How long the followed categories are trusted before they are read again. */
const FOLLOWED_MEMO_MS = 60_000;

/**
 * The scopes the harvest takes, as harvest rows name them: `all`, the configured sets, or
 * (followed) the group sets holding every category a profile or feed follows, with the feed's
 * default category so a fresh install has something to search.
 */
export function harvestScopes(scope: ArxivHarvestScope, followed: () => Promise<string[]>, now: () => number = Date.now): () => Promise<readonly string[]> {
  if (scope.mode === "off") return async () => [];
  if (scope.mode === "all") return async () => ["all"];
  if (scope.mode === "sets") return async () => scope.sets;
  let memo: { at: number; scopes: Promise<readonly string[]> } | null = null;
  return () => {
    if (memo && now() - memo.at < FOLLOWED_MEMO_MS) return memo.scopes;
    const scopes = followed().then((categories) => groupSetsFor([CATCHUP_DEFAULT_CATEGORY, ...categories]));
    memo = { at: now(), scopes };
    scopes.catch(() => (memo = null));
    return scopes;
  };
}
