/**
 * The catch-up feed once a user has marks: the learned model (src/shared/feed) re-ranks every
 * paper of the range, blended with the profile's score, and each paper on the page says which
 * marked paper it is like. A user with no explicit mark and categories in their profile is
 * also given the papers to mark first (the cold start).
 */
import { CATCHUP_PAGE_SIZE, type CatchupFeedEntry, type CatchupProfile, type ScoreExplanation } from "@/shared/catchup";
import { pickColdStartPapers } from "@/shared/feed/cold-start";
import { FeedIndex } from "@/shared/feed/feed-index";
import type { FeedMark } from "@/shared/feed/feed-marks";
import { trainFeedModel } from "@/shared/feed/feed-model";
import { FEED_EXPLAINED_PAPERS, FEED_MODEL_DEFAULTS, rankWithModel, type RankedFeedPaper } from "@/shared/feed/rank-feed";
import type { Paper } from "@/shared/paper";

/** Feed indexes kept per instance (one per set of categories, range and refresh): a few users' worth. */
const INDEXES_KEPT = 8;

/** What a paper the profile does not match at all is explained with. */
const UNMATCHED: ScoreExplanation = { score: 0, raw: 0, category: null, author: null, keywords: [], excludeTerms: [] };

export type LearnedFeedInput = {
  /** The range's papers, newest first, without duplicates. */
  papers: Paper[];
  /** Identifies `papers`: the same key, the same papers (categories, range and refresh times). */
  key: string;
  profile: CatchupProfile;
  marks: readonly FeedMark[];
  /** Filters the ranking (the author box, the tab, the Bookmarked filter) before paging. */
  select: (ranked: RankedFeedPaper<Paper>[]) => { list: RankedFeedPaper<Paper>[]; matching: number; recommended: number };
  page: number;
  /**
   * The OpenAlex author ids of papers whose author reason is a profile author with an identity
   * (undefined for a paper without a readable record): the profile's matches are settled by
   * identity (settleAuthorIdentities), as in the feed without marks.
   */
  authorIds: (papers: Paper[]) => Promise<(paper: Paper) => ReadonlySet<string> | undefined>;
};

export function learnedFeed() {
  const indexes = new Map<string, FeedIndex<Paper>>();

  function indexOf(key: string, papers: Paper[]): FeedIndex<Paper> {
    let index = indexes.get(key);
    if (index) {
      // Most recently used last.
      indexes.delete(key);
      indexes.set(key, index);
      return index;
    }
    index = new FeedIndex(papers);
    indexes.set(key, index);
    if (indexes.size > INDEXES_KEPT) indexes.delete(indexes.keys().next().value!);
    return index;
  }

  const toEntry = (ranked: RankedFeedPaper<Paper>): CatchupFeedEntry<Paper> => ({
    paper: ranked.paper,
    explanation: ranked.explanation ?? UNMATCHED,
    score: ranked.score,
    like: ranked.like,
  });

  return {
    /**
     * The page of the learned ranking, or null while the marks hold no positive (the profile
     * alone ranks then). Training happens once; a page past the first ranks explained
     * (FEED_EXPLAINED_PAPERS) has its reasons worked out in a second pass over the same model.
     */
    async rank(input: LearnedFeedInput) {
      const index = indexOf(input.key, input.papers);
      const model = trainFeedModel(index, input.marks, undefined, FEED_MODEL_DEFAULTS);
      if (!model) return null;
      const candidates = index.allPositions;
      const profileScores = index.scoring.profileScores(input.profile, candidates);
      if (profileScores.toSettle.length > 0) profileScores.settle(await input.authorIds(profileScores.toSettle.map((position) => index.papers[position]!)));
      const pageOf = (explain?: { offset: number; limit: number }) => {
        const ranked = rankWithModel(index, model, input.profile, candidates, FEED_MODEL_DEFAULTS.modelWeight, explain, profileScores);
        // Selected and paged as ranked; only the page's papers get their explanations written.
        const selected = input.select(ranked.papers);
        const pageCount = Math.max(1, Math.ceil(selected.list.length / CATCHUP_PAGE_SIZE));
        const page = Math.min(input.page, pageCount - 1);
        const shown = selected.list.slice(page * CATCHUP_PAGE_SIZE, (page + 1) * CATCHUP_PAGE_SIZE);
        const ranks = shown.map((entry) => ranked.papers.indexOf(entry));
        return { list: selected.list, matching: selected.matching, recommended: selected.recommended, page, papers: shown.map(toEntry), ranks, model: ranked.model };
      };
      const first = pageOf();
      const deepest = Math.max(-1, ...first.ranks);
      if (deepest < FEED_EXPLAINED_PAPERS) return first;
      const shallowest = Math.min(...first.ranks);
      return pageOf({ offset: shallowest, limit: deepest - shallowest + 1 });
    },

    /** Papers of the user's categories to ask a new user about (newest, unlike one another). */
    coldStart(key: string, papers: Paper[], categories: string[]): Paper[] {
      if (categories.length === 0 || papers.length === 0) return [];
      return pickColdStartPapers(indexOf(key, papers), { categories });
    },
  };
}
export type LearnedFeed = ReturnType<typeof learnedFeed>;
