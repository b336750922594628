import { MATCHED_BY_NAME_NOTE, toProfileAuthor, type ProfileAuthor } from "./author-identity";

/**
 * Catch-up recommendations: the spec's scoring, plus the explanation of each score so a user can
 * see why a paper was recommended and tune the profile. Pure: the server's feed and digests and the
 * tests all call the same code.
 */
import type { FeedLikeReason, FeedMarkKind, MarkedPaper } from "@/shared/feed/feed-mark-api";

/** Range values and their lengths (daily is the default). */
export const CATCHUP_RANGES = ["daily", "weekly", "monthly"] as const;
export type CatchupRange = (typeof CATCHUP_RANGES)[number];
export const CATCHUP_DEFAULT_RANGE: CatchupRange = "daily";
export const CATCHUP_RANGE_DAYS: Record<CatchupRange, number> = { daily: 1, weekly: 7, monthly: 30 };
export const CATCHUP_RANGE_LABELS: Record<CatchupRange, string> = {
  daily: "Last 24 Hours",
  weekly: "Last 7 Days",
  monthly: "Last 30 Days",
};

/** The category the feed uses when the profile names none. */
export const CATCHUP_DEFAULT_CATEGORY = "cs.AI";

/** Score weights. */
export const SCORE_CATEGORY_MATCH = 0.3;
export const SCORE_AUTHOR_MATCH = 0.3;
export const SCORE_PER_KEYWORD = 0.2;
export const SCORE_PER_EXCLUDE_TERM = -0.4;

/** The sensitivity slider: the minimum score of a recommended paper. */
export const CATCHUP_THRESHOLD_DEFAULT = 0.3;
export const CATCHUP_THRESHOLD_MIN = 0;
export const CATCHUP_THRESHOLD_MAX = 0.8;
export const CATCHUP_THRESHOLD_STEP = 0.01;

/** Papers per page in the catch-up lists. */
export const CATCHUP_PAGE_SIZE = 20;
/** The spec's default fetch page size for catch-up. */
export const CATCHUP_FETCH_PAGE_SIZE = 50;

/** The client profile. */
export type CatchupProfile = {
  /** Names, or names with the OpenAlex identity the user chose (a bare name is a name-only author). */
  authors: (string | ProfileAuthor)[];
  /** arXiv category codes. */
  categories: string[];
  keywords: string[];
  excludeTerms: string[];
};

/** What scoring reads of a paper. */
export type ScorablePaper = {
  title: string;
  abstract: string;
  authors: readonly string[];
  categories: readonly string[];
};

/** Why a paper scored what it did: each matched rule and its weight. */
export type ScoreExplanation = {
  /** The final score, clamped to 0..1. */
  score: number;
  /** The sum before clamping. */
  raw: number;
  /** The profile category the paper is listed in (first one found), if any. */
  category: string | null;
  /** The profile author name found among the paper's authors, if any. */
  author: string | null;
  /**
   * How the author matched, for a profile author with an identity: "identity" when the paper's
   * OpenAlex record lists that author, "name" when the record could not be read and the name
   * stood in. Absent for a name-only author (a name is all there is to match).
   */
  authorBy?: "identity" | "name";
  /** The OpenAlex id of the profile author that matched by name, still to be checked by identity. */
  authorId?: string;
  keywords: string[];
  excludeTerms: string[];
};

/** Shows a slider value as a percent with one decimal, e.g. 0.3 -> "30.0%". */
export function formatThreshold(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

/** Keeps a threshold on the slider's scale: 0..0.8 in steps of 0.01; anything else gives the default. */
export function clampThreshold(value: unknown): number {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof number !== "number" || !Number.isFinite(number)) return CATCHUP_THRESHOLD_DEFAULT;
  const clamped = Math.min(CATCHUP_THRESHOLD_MAX, Math.max(CATCHUP_THRESHOLD_MIN, number));
  return Math.round(clamped / CATCHUP_THRESHOLD_STEP) * CATCHUP_THRESHOLD_STEP;
}

/** The categories a feed shows: the profile's, or cs.AI when it names none. */
export function feedCategories(profile: Pick<CatchupProfile, "categories">): string[] {
  const categories = [...new Set(profile.categories.map((category) => category.trim()).filter(Boolean))];
  return categories.length > 0 ? categories : [CATCHUP_DEFAULT_CATEGORY];
}

/** Lower case, accents removed, split into words of letters and digits. */
export function words(text: string): string[] {
  const lower = text.toLowerCase();
  const result: string[] = [];
  let start = -1;
  let special = false;
  const flush = (end: number) => {
    if (start < 0) return;
    const word = lower.slice(start, end);
    if (special) {
      // Rare: accents and non-Latin letters go the slow, Unicode-aware way.
      for (const part of word.normalize("NFKD").replace(/\p{M}+/gu, "").split(/[^\p{L}\p{N}]+/u)) if (part) result.push(part);
    } else result.push(word);
    start = -1;
    special = false;
  };
  for (let i = 0; i < lower.length; i++) {
    const code = lower.charCodeAt(i);
    const plain = (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
    if (plain || code > 127) {
      if (start < 0) start = i;
      if (!plain) special = true;
    } else flush(i);
  }
  flush(lower.length);
  return result;
}

/** A word and the forms of it a plural makes ("model", "models"; "class", "classes"). */
function singular(word: string): string[] {
  if (word.length > 3 && word.endsWith("es")) return [word, word.slice(0, -1), word.slice(0, -2)];
  if (word.length > 2 && word.endsWith("s")) return [word, word.slice(0, -1)];
  return [word];
}

function normaliseName(name: string): string {
  return words(name).join(" ");
}

/** A paper's words, ready for scoring: computed once per paper and remembered. */
export type PreparedText = {
  /** Every word of title and abstract, with the singular forms of plurals. */
  wordSet: Set<string>;
  /** The words joined by single spaces, with a space at each end, for phrase checks. */
  text: string;
  /** Each author's name in the form profile names are compared in. */
  authorKeys: string[];
};

const prepared = new WeakMap<object, PreparedText>();

/**
 * Splits title and abstract into words once. The catch-up index keeps the same paper objects
 * between requests, so the cost is paid when a paper enters the index, not per scoring.
 */
export function prepareForScoring(paper: ScorablePaper): PreparedText {
  const known = prepared.get(paper);
  if (known) return known;
  const list = words(`${paper.title} ${paper.abstract}`);
  const wordSet = new Set<string>();
  for (const word of list) for (const form of singular(word)) wordSet.add(form);
  const result = { wordSet, text: ` ${list.join(" ")} `, authorKeys: paper.authors.map(normaliseName) };
  prepared.set(paper, result);
  return result;
}

/**
 * A scorer for one profile: the profile's terms are prepared once; scoring a paper is a set
 * lookup per term (plus a phrase check for terms of several words whose words all occur).
 *
 * Matching rules (the spec names the weights, not the matching; these are the ones a user
 * expects): keywords and exclude terms match whole words of the title or abstract, ignoring
 * case, accents and punctuation, and a plural finds its singular ("transformers" counts for
 * "transformer"; "art" does not match "part"); a term of several words matches them in a row;
 * each term counts once. An author matches when a paper author's name equals a profile name,
 * ignoring case, accents and punctuation. The category counts when any of the paper's
 * categories is a profile category.
 */
export function createScorer(profile: CatchupProfile): (paper: ScorablePaper) => ScoreExplanation {
  const categories = new Set(profile.categories);
  const authors = new Map<string, string>();
  for (const entry of profile.authors) {
    const { name } = toProfileAuthor(entry);
    const key = normaliseName(name);
    if (key && !authors.has(key)) authors.set(key, name);
  }
  const terms = profileTerms(profile);

  return (paper) => {
    let raw = 0;
    let category: string | null = null;
    for (const paperCategory of paper.categories) {
      if (categories.has(paperCategory)) {
        category = paperCategory;
        raw += SCORE_CATEGORY_MATCH;
        break;
      }
    }
    let author: string | null = null;
    const needsText = authors.size > 0 || terms.length > 0;
    const prepared = needsText ? prepareForScoring(paper) : null;
    if (prepared && authors.size > 0) {
      for (const key of prepared.authorKeys) {
        const found = authors.get(key);
        if (found) {
          author = found;
          raw += SCORE_AUTHOR_MATCH;
          break;
        }
      }
    }
    const keywords: string[] = [];
    const excludeTerms: string[] = [];
    if (prepared && terms.length > 0) {
      const { wordSet, text } = prepared;
      for (const term of terms) {
        let all = true;
        for (let k = 0; k < term.words.length && all; k++) all = wordSet.has(term.words[k]!);
        if (!all || (term.phrase && !term.phrase.test(text))) continue;
        if (term.kind === "keyword") {
          keywords.push(term.original);
          raw += SCORE_PER_KEYWORD;
        } else {
          excludeTerms.push(term.original);
          raw += SCORE_PER_EXCLUDE_TERM;
        }
      }
    }
    // Sums of tenths carry float noise (0.1 + 0.2); round to the weights' precision.
    raw = Math.round(raw * 1000) / 1000;
    return { score: Math.min(1, Math.max(0, raw)), raw, category, author, keywords, excludeTerms };
  };
}

/** A paper with its score and the reasons. */
export type ScoredPaper<P extends ScorablePaper> = { paper: P; explanation: ScoreExplanation };

type ProfileTerm = { original: string; kind: "keyword" | "exclude"; words: string[]; phrase: RegExp | null };

function profileTerms(profile: CatchupProfile): ProfileTerm[] {
  const terms: ProfileTerm[] = [];
  const seen = new Set<string>();
  const add = (original: string, kind: ProfileTerm["kind"]) => {
    const termWords = words(original);
    const key = `${kind}:${termWords.join(" ")}`;
    if (termWords.length === 0 || seen.has(key)) return;
    seen.add(key);
    const escaped = termWords.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    const phrase = termWords.length > 1 ? new RegExp(` ${escaped.map((word) => `${word}(?:s|es)?`).join(" ")} `) : null;
    terms.push({ original: original.trim(), kind, words: termWords, phrase });
  };
  for (const keyword of profile.keywords) add(keyword, "keyword");
  for (const exclude of profile.excludeTerms) add(exclude, "exclude");
  return terms;
}

/**
 * An inverted index over a set of candidate papers (word -> papers, author -> papers), built
 * once when the papers enter the catch-up index. Scoring a profile then walks only the
 * papers each term names instead of every word of every paper: the catch-up index is shared
 * by every user, so this is what makes a feed or a digest run cheap.
 */
export class ScoringIndex<P extends ScorablePaper> {
  readonly papers: readonly P[];
  private readonly postings = new Map<string, number[]>();
  private readonly authorPostings = new Map<string, number[]>();
  /** Category -> the papers listed in it, and the category's place in each paper's list. */
  private readonly categoryPostings = new Map<string, { positions: number[]; places: number[] }>();
  private readonly texts: string[] = [];

  constructor(papers: readonly P[]) {
    this.papers = papers;
    papers.forEach((paper, position) => {
      const { wordSet, text, authorKeys } = prepareForScoring(paper);
      this.texts.push(text);
      for (const word of wordSet) {
        const list = this.postings.get(word);
        if (list) list.push(position);
        else this.postings.set(word, [position]);
      }
      paper.categories.forEach((category, place) => {
        const list = this.categoryPostings.get(category);
        if (!list) this.categoryPostings.set(category, { positions: [position], places: [place] });
        else if (list.positions.at(-1) !== position) {
          list.positions.push(position);
          list.places.push(place);
        }
      });
      for (const key of new Set(authorKeys)) {
        const list = this.authorPostings.get(key);
        if (list) list.push(position);
        else this.authorPostings.set(key, [position]);
      }
    });
  }

  /**
   * Scores the papers (or only `candidates`, positions into `papers`) against a profile with
   * the spec's weights; drops papers at 0 or below; keeps the index's order.
   */
  score(profile: CatchupProfile, candidates?: readonly number[]): ScoredPaper<P>[] {
    const positions = candidates ?? Array.from({ length: this.papers.length }, (_, index) => index);
    const scores = this.profileScores(profile, positions);
    const scored: ScoredPaper<P>[] = [];
    for (let at = 0; at < positions.length; at += 1) {
      const explanation = scores.explain(positions[at]!);
      if (explanation) scored.push({ paper: this.papers[positions[at]!]!, explanation });
    }
    return scored;
  }

  /**
   * The same scoring as `score`, as numbers by position: the explanations are written only for
   * the papers asked about. The learned feed blends every paper's score but shows a page.
   */
  profileScores(profile: CatchupProfile, candidates: readonly number[]): ProfileScores<P> {
    // Indexed loops and typed arrays: this runs over every paper of a feed for every request,
    // and for...of over 10,000 positions, or an object per paper, is garbage to collect.
    const count = this.papers.length;
    const included = new Uint8Array(count);
    for (let at = 0; at < candidates.length; at += 1) included[candidates[at]!] = 1;
    const raw = new Float64Array(count);
    // The profile category a paper is listed in (its first one the profile holds), as 1 + its
    // place in `categoryNames`; 0 for none. Authors and terms match few papers: maps.
    const categoryNames = [...new Set(profile.categories)];
    const category = new Uint8Array(count);
    // Where in the paper's own list the matched category is: the first one there counts.
    const categoryPlace = new Uint16Array(count);
    const author = new Map<number, ProfileAuthor>();
    const keywords = new Map<number, string[]>();
    const excludes = new Map<number, string[]>();

    // Through the category's papers, not every paper's categories: a feed's papers are mostly in
    // a few categories, and reading each paper's list costs more than walking those lists.
    categoryNames.forEach((name, at) => {
      const list = this.categoryPostings.get(name);
      if (!list) return;
      const { positions, places } = list;
      for (let k = 0; k < positions.length; k += 1) {
        const position = positions[k]!;
        if (!included[position]) continue;
        if (category[position] === 0) raw[position]! += SCORE_CATEGORY_MATCH;
        else if (categoryPlace[position]! <= places[k]!) continue;
        category[position] = at + 1;
        categoryPlace[position] = places[k]!;
      }
    });
    const seenAuthors = new Set<string>();
    for (const entry of profile.authors) {
      const matched = toProfileAuthor(entry);
      const key = normaliseName(matched.name);
      if (!key || seenAuthors.has(key)) continue;
      seenAuthors.add(key);
      for (const position of this.authorPostings.get(key) ?? []) {
        if (!included[position] || author.has(position)) continue;
        author.set(position, matched);
        raw[position]! += SCORE_AUTHOR_MATCH;
      }
    }
    for (const term of profileTerms(profile)) {
      // The rarest word's papers are the only ones that can hold the whole term.
      let shortest: number[] | undefined;
      for (const word of term.words) {
        const list = this.postings.get(word);
        if (!list) {
          shortest = undefined;
          break;
        }
        if (!shortest || list.length < shortest.length) shortest = list;
      }
      if (!shortest) continue;
      const target = term.kind === "keyword" ? keywords : excludes;
      const weight = term.kind === "keyword" ? SCORE_PER_KEYWORD : SCORE_PER_EXCLUDE_TERM;
      for (let at = 0; at < shortest.length; at += 1) {
        const position = shortest[at]!;
        if (!included[position]) continue;
        if (term.phrase && !term.phrase.test(this.texts[position]!)) continue;
        const list = target.get(position);
        if (list) list.push(term.original);
        else target.set(position, [term.original]);
        raw[position]! += weight;
      }
    }
    const scores = new Float64Array(count);
    for (let at = 0; at < candidates.length; at += 1) {
      const position = candidates[at]!;
      // Sums of tenths carry float noise (0.1 + 0.2); round to the weights' precision.
      const sum = Math.round(raw[position]! * 1000) / 1000;
      raw[position] = sum;
      if (sum > 0) scores[position] = Math.min(1, sum);
    }
    const toSettle: number[] = [];
    for (const [position, matched] of author) if (matched.openalexId !== undefined && raw[position]! > 0) toSettle.push(position);
    return new ProfileScores(this.papers, scores, toSettle, (position) => {
      const sum = raw[position]!;
      if (!included[position] || sum <= 0) return null;
      const matched = author.get(position);
      const explanation: ScoreExplanation = {
        score: Math.min(1, sum),
        raw: sum,
        category: category[position]! > 0 ? categoryNames[category[position]! - 1]! : null,
        author: matched ? matched.name : null,
        keywords: keywords.get(position) ?? [],
        excludeTerms: excludes.get(position) ?? [],
      };
      if (matched?.openalexId !== undefined) explanation.authorId = matched.openalexId;
      return explanation;
    });
  }
}

/**
 * A profile's scores over a scoring index's papers, by position, with each paper's explanation
 * written when it is first asked for (the same object after). `settle` applies the author
 * identities' verdicts (settleAuthorIdentities) to the papers that need one.
 */
export class ProfileScores<P extends ScorablePaper> {
  private readonly written = new Map<number, ScoreExplanation | null>();

  constructor(
    readonly papers: readonly P[],
    /** By position: the score, 0..1; 0 for a paper at 0 or below or not a candidate. */
    readonly scores: Float64Array,
    /** Positions whose author reason is a name match of a profile author with an identity, still to check. */
    readonly toSettle: readonly number[],
    private readonly write: (position: number) => ScoreExplanation | null,
  ) {}

  /** A paper's explanation, or null when it scored 0 or below (or was no candidate). */
  explain(position: number): ScoreExplanation | null {
    let explanation = this.written.get(position);
    if (explanation === undefined) {
      explanation = this.write(position);
      this.written.set(position, explanation);
    }
    return explanation;
  }

  /**
   * Settles the author matches of `toSettle` with settleAuthorIdentities (`authorIdsOf` as
   * there); a paper whose only reason was a namesake goes to 0.
   */
  settle(authorIdsOf: (paper: P) => ReadonlySet<string> | undefined): void {
    const checked = this.toSettle.map((position) => ({ paper: this.papers[position]!, explanation: this.explain(position)! }));
    const kept = new Map(settleAuthorIdentities(checked, authorIdsOf).map((entry) => [entry.paper, entry.explanation]));
    for (const position of this.toSettle) {
      const explanation = kept.get(this.papers[position]!) ?? null;
      this.written.set(position, explanation);
      this.scores[position] = explanation ? explanation.score : 0;
    }
  }
}

/**
 * Scores papers against a profile and drops those at 0 or below (the spec's rule), keeping
 * the input's order. For one-off lists; a shared index should keep its `ScoringIndex`.
 */
export function scorePapers<P extends ScorablePaper>(papers: readonly P[], profile: CatchupProfile): ScoredPaper<P>[] {
  return new ScoringIndex(papers).score(profile);
}

/**
 * Settles the name matches of profile authors who have an identity. `authorIdsOf` answers the
 * OpenAlex author ids of a paper's OpenAlex record, or undefined when there is no record to
 * read: then the name stands in and the reason says so ("name"). A record that does not list
 * the chosen author means a namesake wrote the paper: the author weight goes, and the paper
 * with it when nothing else is left.
 */
export function settleAuthorIdentities<P extends ScorablePaper>(scored: readonly ScoredPaper<P>[], authorIdsOf: (paper: P) => ReadonlySet<string> | undefined): ScoredPaper<P>[] {
  const settled: ScoredPaper<P>[] = [];
  for (const entry of scored) {
    const { authorId, ...rest } = entry.explanation;
    if (authorId === undefined) {
      settled.push(entry);
      continue;
    }
    const ids = authorIdsOf(entry.paper);
    if (ids === undefined) settled.push({ paper: entry.paper, explanation: { ...rest, authorBy: "name" } });
    else if (ids.has(authorId)) settled.push({ paper: entry.paper, explanation: { ...rest, authorBy: "identity" } });
    else {
      const raw = Math.round((rest.raw - SCORE_AUTHOR_MATCH) * 1000) / 1000;
      if (raw <= 0) continue;
      settled.push({ paper: entry.paper, explanation: { ...rest, raw, score: Math.min(1, raw), author: null } });
    }
  }
  return settled;
}

/** Recommended papers: those scoring at least the threshold, best first (newest first on ties). */
export function recommend<P extends ScorablePaper>(scored: readonly ScoredPaper<P>[], threshold: number): ScoredPaper<P>[] {
  const cut = clampThreshold(threshold);
  // A small epsilon: a score of exactly 0.3 meets a threshold of 0.3 despite float rounding.
  // Array.prototype.sort is stable: equal scores keep the input's (newest first) order.
  return scored.filter((entry) => entry.explanation.score >= cut - 1e-9).sort((a, b) => b.explanation.score - a.explanation.score);
}

/** The reasons as short phrases, e.g. ["category cs.AI +0.3", "keyword \"llm\" +0.2"]. */
export function describeExplanation(explanation: ScoreExplanation): string[] {
  const reasons: string[] = [];
  if (explanation.category) reasons.push(`category ${explanation.category} +${SCORE_CATEGORY_MATCH}`);
  if (explanation.author) reasons.push(`author ${explanation.author} +${SCORE_AUTHOR_MATCH}${explanation.authorBy === "name" ? ` (${MATCHED_BY_NAME_NOTE})` : ""}`);
  for (const keyword of explanation.keywords) reasons.push(`keyword "${keyword}" +${SCORE_PER_KEYWORD}`);
  for (const term of explanation.excludeTerms) reasons.push(`excluded "${term}" ${SCORE_PER_EXCLUDE_TERM}`);
  return reasons;
}

/** The feed's tabs and list filter. */
export const CATCHUP_TABS = ["all", "recommended"] as const;
export type CatchupTab = (typeof CATCHUP_TABS)[number];
export const CATCHUP_FILTERS = ["all", "recommended", "bookmarked"] as const;
export type CatchupFilter = (typeof CATCHUP_FILTERS)[number];

/** Limits on what a feed request may carry. */
export const CATCHUP_MAX_CATEGORIES = 20;
export const CATCHUP_MAX_TERMS = 500;
export const CATCHUP_MAX_AUTHORS = 100;
export const CATCHUP_MAX_BOOKMARK_IDS = 5000;

/**
 * POST /api/catchup/feed: the profile travels in the body, so anonymous visitors (whose
 * profile lives on the device) and signed-in users get the same feed from the shared index.
 */
export type CatchupFeedRequest = {
  profile: CatchupProfile;
  /** The categories shown; defaults to the profile's (cs.AI when empty). */
  categories?: string[];
  range: CatchupRange;
  threshold: number;
  tab: CatchupTab;
  filter: CatchupFilter;
  /** The author search box: papers with an author whose name contains this. */
  author?: string;
  /** Sent with filter "bookmarked": the ids of the visitor's bookmarks. */
  bookmarkedIds?: string[];
  /**
   * An anonymous visitor's marks (theirs live on the device), at most FEED_MARKS_REQUEST_MAX;
   * a signed-in user's are read on the server and these are ignored.
   */
  marks?: { kind: FeedMarkKind; paper: MarkedPaper }[];
  page: number;
};

/** One paper of the feed: why the profile scored it, and once the model is trained, the blend and the marked paper it is like. */
export type CatchupFeedEntry<P> = {
  paper: P;
  explanation: ScoreExplanation;
  /** The learned feed's blend of the model and the profile, 0..1 (absent while the profile alone ranks). */
  score?: number;
  /** The marked paper it is most like, when the model rates it relevant. */
  like?: FeedLikeReason | null;
};

/** How fresh the shared index is for the categories asked for. */
export type CatchupIndexStatus = {
  /** The oldest last successful refresh among the categories; null when one never loaded. */
  refreshedAt: string | null;
  /** True when a refresh failed and the feed shows the last good index. */
  stale: boolean;
  /** Categories whose last refresh failed. */
  failedCategories: string[];
};

export type CatchupFeedResponse<P> = {
  papers: CatchupFeedEntry<P>[];
  /** Papers in this tab and filter. */
  total: number;
  /** All papers of the range (after dropping those at 0) and how many are recommended. */
  counts: { all: number; recommended: number };
  page: number;
  pageSize: number;
  categories: string[];
  index: CatchupIndexStatus;
  /** Set once the user's marks train a model: the feed is ranked by it, blended with the profile. */
  learned?: { positives: number; negatives: number };
  /** For a user with no mark yet and categories in their profile: papers to mark first (first page only). */
  coldStart?: P[];
};
