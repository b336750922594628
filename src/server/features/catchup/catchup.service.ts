import {
  CATCHUP_PAGE_SIZE,
  CATCHUP_RANGE_DAYS,
  clampThreshold,
  feedCategories,
  recommend,
  ScoringIndex,
  settleAuthorIdentities,
  type CatchupFeedRequest,
  type CatchupFeedResponse,
  type CatchupIndexStatus,
  type CatchupProfile,
  type CatchupRange,
  type ScoredPaper,
} from "@/shared/catchup";
import { FEED_COLD_START_ENOUGH_MARKS } from "@/shared/feed/feed-mark-api";
import type { FeedMark } from "@/shared/feed/feed-marks";
import type { Paper } from "@/shared/paper";
import type { Clock } from "@/server/lib/clock";
import type { Logger } from "@/server/logger";
import type { ArxivSource } from "@/server/sources/arxiv/arxiv-source";
import type { AuthorsService } from "@/server/features/authors/authors.service";
import type { CatchupRepository, CategoryState } from "./catchup.repository";
import { selectFeed } from "./feed-selection";
import { learnedFeed } from "./learned-feed";

/** Papers fetched per arXiv request while refreshing a category, and at most per category. */
const INDEX_PAGE_SIZE = 500;
const INDEX_MAX_PER_CATEGORY = 1000;
/** The index covers the longest range. */
const INDEX_SPAN_MS = CATCHUP_RANGE_DAYS.monthly * 24 * 60 * 60 * 1000;
/** After a failed refresh, the next try waits this long (arXiv is not hammered while down). */
const RETRY_AFTER_FAILURE_MS = 5 * 60 * 1000;
/** A refresh another instance started and never finished is taken over after this. */
const REFRESH_CLAIM_MS = 2 * 60 * 1000;

/**
 * arXiv announces new papers once a day (20:00 US Eastern, Sunday to Thursday). A category
 * refreshed after the most recent midnight UTC has everything announced since, give or take
 * the hour between the announcement and midnight: refreshing more often would only repeat the
 * same listing.
 */
export function lastAnnouncement(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** What the learned feed trains on: every mark, and how many of them the user gave on purpose. */
export type FeedLearning = { marks: readonly FeedMark[]; explicit: number };

const newestFirst = (a: { paper: Paper }, b: { paper: Paper }) => Date.parse(b.paper.publishedDate ?? "") - Date.parse(a.paper.publishedDate ?? "");

type LoadedCategory = { refreshedAt: number; papers: Paper[]; index: ScoringIndex<Paper>; published: number[] };

/**
 * Quire's own arXiv index as the feed reads it: whether it covers a category (and since when
 * its harvest is current), and every paper of a category submitted since a moment, newest first.
 */
export type CatchupPaperIndex = {
  covering(categories: string[]): Promise<Map<string, Date>>;
  papersSince(category: string, since: Date, until: Date): Promise<Paper[]>;
};

/** A category's state, from the arXiv API's listing (catchup_categories) or from the index. */
type FeedCategoryState = CategoryState & { fromIndex?: boolean };

/**
 * The catch-up feed: a shared index of each category's newest papers, refreshed from the
 * arXiv API at most once per arXiv announcement by whichever instance gets there first, and
 * every user's feed scored from it. No arXiv call is made for a visit while the index is fresh.
 */
export function catchupService(deps: {
  repository: CatchupRepository;
  arxiv: ArxivSource;
  clock: Clock;
  logger: Logger;
  index?: CatchupPaperIndex;
  /** Papers' OpenAlex author ids; without it, authors with an identity match by name (and say so). */
  authors?: Pick<AuthorsService, "paperAuthorIds">;
}) {
  const { repository, arxiv, clock, logger } = deps;
  /** Per instance: each category's papers and word index, reloaded when its refresh time changes. */
  const loaded = new Map<string, LoadedCategory>();
  const refreshing = new Map<string, Promise<void>>();
  const learned = learnedFeed();

  async function fetchListing(category: string, now: Date): Promise<Paper[]> {
    const papers: Paper[] = [];
    const oldest = now.getTime() - INDEX_SPAN_MS;
    for (let start = 0; start < INDEX_MAX_PER_CATEGORY; start += INDEX_PAGE_SIZE) {
      const page = await arxiv.search({
        searchQuery: `cat:${category}`,
        sortBy: "submittedDate",
        sortOrder: "descending",
        start,
        maxResults: INDEX_PAGE_SIZE,
        // The index is the cache: a refresh must see arXiv's current listing.
        freshMs: 0,
      });
      papers.push(...page.papers);
      const last = page.papers.at(-1)?.publishedDate;
      if (page.papers.length < INDEX_PAGE_SIZE || !last || Date.parse(last) < oldest) break;
    }
    return papers;
  }

  async function refresh(category: string): Promise<void> {
    const now = clock.now();
    const claimed = await repository.claimRefresh(
      category,
      now,
      lastAnnouncement(now),
      new Date(now.getTime() - REFRESH_CLAIM_MS),
    );
    if (!claimed) return;
    try {
      const papers = await fetchListing(category, now);
      await repository.replace(category, papers, now);
      logger.info({ category, papers: papers.length }, "catch-up index refreshed");
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.warn({ err: error, category }, "catch-up index refresh failed; the last good index stays");
      await repository.recordFailure(category, message);
    }
  }

  /**
   * Each category's state: a category Quire's own arXiv index covers is read from it (every
   * paper of the range, however many); the others come from the arXiv API's listing, refreshed
   * when they need it (one at a time: arXiv's 3-second rule applies anyway).
   */
  async function ensureFresh(categories: string[]): Promise<FeedCategoryState[]> {
    const covered = deps.index ? await deps.index.covering(categories).catch((error: unknown) => {
      logger.warn({ err: error }, "could not read the arXiv index's coverage; the feed uses arXiv's API");
      return new Map<string, Date>();
    }) : new Map<string, Date>();
    const fromIndex: FeedCategoryState[] = [...covered].map(([category, refreshedAt]) => ({ category, refreshedAt, attemptedAt: refreshedAt, lastError: null, fromIndex: true }));
    const listed = categories.filter((category) => !covered.has(category));
    return [...fromIndex, ...(listed.length ? await ensureListed(listed) : [])];
  }

  async function ensureListed(categories: string[]): Promise<CategoryState[]> {
    const now = clock.now();
    const boundary = lastAnnouncement(now).getTime();
    const states = new Map((await repository.states(categories)).map((state) => [state.category, state]));
    for (const category of categories) {
      const state = states.get(category);
      const fresh = state?.refreshedAt && state.refreshedAt.getTime() >= boundary;
      const retryWait = state?.lastError && state.attemptedAt && now.getTime() - state.attemptedAt.getTime() < RETRY_AFTER_FAILURE_MS;
      if (fresh || retryWait) continue;
      let pending = refreshing.get(category);
      if (!pending) {
        pending = refresh(category).finally(() => refreshing.delete(category));
        refreshing.set(category, pending);
      }
      await pending;
    }
    return repository.states(categories);
  }

  async function load(state: FeedCategoryState): Promise<LoadedCategory | null> {
    if (!state.refreshedAt) return null;
    const key = state.fromIndex ? `index:${state.category}` : state.category;
    const known = loaded.get(key);
    const now = clock.now();
    // From the index, the month before the clock's day: read again when the harvest or the day moves on.
    const stamp = state.fromIndex ? state.refreshedAt.getTime() + lastAnnouncement(now).getTime() : state.refreshedAt.getTime();
    if (known && known.refreshedAt === stamp) return known;
    const papers = state.fromIndex
      ? await deps.index!.papersSince(state.category, new Date(lastAnnouncement(now).getTime() - INDEX_SPAN_MS), now)
      : await repository.papers(state.category);
    const entry = {
      refreshedAt: stamp,
      papers,
      index: new ScoringIndex(papers),
      published: papers.map((paper) => Date.parse(paper.publishedDate ?? "")),
    };
    loaded.set(key, entry);
    return entry;
  }

  function indexStatus(states: CategoryState[], categories: string[]): CatchupIndexStatus {
    const failedCategories = states.filter((state) => state.lastError).map((state) => state.category);
    const times = categories.map((category) => states.find((state) => state.category === category)?.refreshedAt ?? null);
    const refreshedAt = times.some((time) => time === null)
      ? null
      : new Date(Math.min(...times.map((time) => time!.getTime()))).toISOString();
    return { refreshedAt, stale: failedCategories.length > 0, failedCategories };
  }

  /**
   * Every paper of the categories in the range, newest first, without duplicates, with each
   * category's word index and range, and a key naming exactly this list.
   */
  async function inRange(categories: string[], range: CatchupRange) {
    const states = await ensureFresh(categories);
    const since = clock.now().getTime() - CATCHUP_RANGE_DAYS[range] * 24 * 60 * 60 * 1000;
    const parts: { entry: LoadedCategory; end: number }[] = [];
    const stamps: string[] = [];
    for (const state of states) {
      const entry = await load(state);
      if (!entry) continue;
      // Newest first: the range is a prefix of the list.
      let end = 0;
      while (end < entry.papers.length && entry.published[end]! >= since) end++;
      parts.push({ entry, end });
      // The list is named by what it holds: each category's papers and how many of them are in
      // the range (not the range's start, which moves every minute and made the learned feed
      // build its index of up to 10,000 papers again each minute).
      stamps.push(`${state.fromIndex ? "index:" : ""}${state.category}@${entry.refreshedAt}#${end}`);
    }
    return { parts, states, key: `${range}:${stamps.sort().join(",")}` };
  }

  /**
   * Name matches of authors with an identity are checked against the papers' OpenAlex records:
   * only those papers are looked up (a name's papers, a handful per feed), in batches.
   */
  async function settleIdentities(scored: ScoredPaper<Paper>[]): Promise<ScoredPaper<Paper>[]> {
    const toCheck = scored.filter((entry) => entry.explanation.authorId !== undefined).map((entry) => entry.paper);
    if (toCheck.length === 0) return scored;
    return settleAuthorIdentities(scored, await authorIdsOf(toCheck));
  }

  /** The OpenAlex author ids of these papers, as settleAuthorIdentities reads them. */
  async function authorIdsOf(papers: Paper[]): Promise<(paper: Paper) => ReadonlySet<string> | undefined> {
    const ids = deps.authors ? await deps.authors.paperAuthorIds(papers) : new Map<string, ReadonlySet<string>>();
    return (paper) => ids.get(paper.id);
  }

  /** Every paper of the categories in the range, scored, newest first, without duplicates. */
  async function scoredInRange(categories: string[], profile: CatchupProfile, range: CatchupRange) {
    const { parts, states } = await inRange(categories, range);
    const seen = new Set<string>();
    const all: ScoredPaper<Paper>[] = [];
    for (const { entry, end } of parts) {
      const candidates = Array.from({ length: end }, (_, position) => position);
      for (const scored of entry.index.score(profile, candidates)) {
        if (seen.has(scored.paper.id)) continue;
        seen.add(scored.paper.id);
        all.push(scored);
      }
    }
    const settled = await settleIdentities(all);
    settled.sort(newestFirst);
    return { all: settled, status: indexStatus(states, categories) };
  }

  /** Every paper of the range, unscored (the learned feed ranks them all), newest first. */
  async function papersInRange(categories: string[], range: CatchupRange) {
    const { parts, states, key } = await inRange(categories, range);
    const seen = new Set<string>();
    const papers: Paper[] = [];
    for (const { entry, end } of parts) {
      for (const paper of entry.papers.slice(0, end)) {
        if (seen.has(paper.id)) continue;
        seen.add(paper.id);
        papers.push(paper);
      }
    }
    papers.sort((a, b) => newestFirst({ paper: a }, { paper: b }));
    return { papers, key, status: indexStatus(states, categories) };
  }

  /** The feed ranked by the profile alone (the spec's scoring). */
  async function profileFeed(request: CatchupFeedRequest, categories: string[], profile: CatchupProfile): Promise<CatchupFeedResponse<Paper>> {
    const { all, status } = await scoredInRange(categories, profile, request.range);
    const { list, matching, recommended } = selectFeed(request, all, (entries) => recommend(entries, request.threshold));
    const pageCount = Math.max(1, Math.ceil(list.length / CATCHUP_PAGE_SIZE));
    const page = Math.min(request.page, pageCount - 1);
    return {
      papers: list.slice(page * CATCHUP_PAGE_SIZE, (page + 1) * CATCHUP_PAGE_SIZE),
      total: list.length,
      counts: { all: matching, recommended },
      page,
      pageSize: CATCHUP_PAGE_SIZE,
      categories,
      index: status,
    };
  }

  return {
    ensureFresh,
    scoredInRange,

    /**
     * A page of the feed. With `learning` (the user's marks, and how many are explicit), the
     * learned model ranks the feed once a mark is positive, and a user with few explicit marks
     * whose profile has categories is given papers to mark first,
     * until they have marked FEED_COLD_START_ENOUGH_MARKS.
     */
    async feed(request: CatchupFeedRequest, learning: FeedLearning = { marks: [], explicit: 0 }): Promise<CatchupFeedResponse<Paper>> {
      const categories = request.categories?.length ? [...new Set(request.categories)] : feedCategories(request.profile);
      // The categories on screen are the profile's for scoring: cs.AI stands in for an empty profile,
      // and a category chip the user adds counts like one of theirs.
      const profile = { ...request.profile, categories };
      const askColdStart = learning.explicit < FEED_COLD_START_ENOUGH_MARKS && request.profile.categories.length > 0 && request.page === 0;
      if (learning.marks.length > 0 || askColdStart) {
        const { papers, key, status } = await papersInRange(categories, request.range);
        const coldStart = askColdStart ? learned.coldStart(key, papers, request.profile.categories) : undefined;
        const ranked =
          learning.marks.length > 0
            ? await learned.rank({
                papers,
                key,
                profile,
                marks: learning.marks,
                page: request.page,
                authorIds: authorIdsOf,
                select: (entries) => selectFeed(request, entries, (matching) => matching.filter((entry) => (entry.score ?? 0) >= clampThreshold(request.threshold) - 1e-9)),
              })
            : null;
        if (ranked) {
          return {
            papers: ranked.papers,
            total: ranked.list.length,
            counts: { all: ranked.matching, recommended: ranked.recommended },
            page: ranked.page,
            pageSize: CATCHUP_PAGE_SIZE,
            categories,
            index: status,
            learned: { positives: ranked.model.positives, negatives: ranked.model.negatives },
            ...(coldStart ? { coldStart } : {}),
          };
        }
        return { ...(await profileFeed(request, categories, profile)), ...(coldStart ? { coldStart } : {}) };
      }
      return profileFeed(request, categories, profile);
    },
  };
}
export type CatchupService = ReturnType<typeof catchupService>;
