import os from "node:os";
import { getCorpus, type Paper } from "../sandbox/corpus";
import { getCitationGraph, referencesOf } from "../sandbox/scholarly/citation-graph";
import { authorKey, getDerivedWorks } from "../sandbox/scholarly/derived-works";
import { words, type CatchupProfile, recommend } from "@/shared/catchup";
import { FeedIndex, type FeedPaper } from "@/shared/feed/feed-index";
import { foldPlural } from "@/shared/feed/feed-text";
import { rankFeed, type FeedModelOptions } from "@/shared/feed/rank-feed";
import { percentile, round, type Figure } from "./figures";

/**
 * The offline evaluation of the learned feed. Held-out users are the corpus's authors
 * (as the sandbox's OpenAlex tells them apart, so a shared name is several people): an author's
 * papers before a cut date are their Relevant marks and give their profile (their categories,
 * their name, five keywords from their titles), the feed is every corpus paper of their
 * categories in the weeks after the cut, and what they would want from it is their own later
 * papers and the papers those cite (the sandbox's citation graph) that are in the feed. Today's
 * profile scoring and the learned model rank the same candidates; nothing of the held-out
 * papers but their text (as any feed paper's) reaches the model.
 */

const DAY_MS = 86_400_000;
/** The feed after the cut: about two months of papers, a catch-up a user comes back to. */
const FEED_WINDOW_DAYS = 60;
/** An author needs this many marks (papers before the cut) to be a user. */
const MIN_MARKS = 2;
const PROFILE_KEYWORDS = 5;
const TIMING_FEED_SIZE = 10_000;
const NDCG_GOAL_RATIO = 1.2;
const TIMING_GOAL_MS = 50;
const MIN_USERS = 200;
/**
 * Every held-out user costs a tf-idf index and a catch-up index of their own feed; on a shared
 * machine all of them (about 1,300) take many minutes, so an evenly spread, fixed sample is
 * evaluated (FEED_BENCH_USERS=0 evaluates all).
 */
const BENCH_USERS = Number(process.env.FEED_BENCH_USERS ?? 600);

type BenchPaper = FeedPaper & { doc: number; publishedMs: number };

export type HeldOutUser = {
  name: string;
  /** Whether other authors of the corpus share the name (so the profile's name match also finds theirs). */
  sharedName: boolean;
  marks: BenchPaper[];
  profile: CatchupProfile;
  /** The feed, newest first (as the catch-up lists it). */
  feed: BenchPaper[];
  relevant: Set<number>;
};

const STOP = new Set(
  "a an and are as at be by for from in into is it its of on or over the their this to under via with without towards toward using based new via we our learning model models".split(" "),
);

/** The keywords a user would type for their work: the title words their papers repeat, rarer words first on ties. */
function keywordsFrom(titles: readonly string[], documentFrequency: Map<string, number>): string[] {
  const counts = new Map<string, number>();
  for (const title of titles) {
    for (const word of new Set(words(title).filter((word) => word.length > 3 && !STOP.has(word) && !/^\d+$/.test(word)).map(foldPlural))) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (documentFrequency.get(a[0]) ?? 0) - (documentFrequency.get(b[0]) ?? 0) || (a[0] < b[0] ? -1 : 1))
    .slice(0, PROFILE_KEYWORDS)
    .map(([word]) => word);
}

/** Builds the held-out users from the corpus, its author identities and its citation graph. */
export function buildHeldOutUsers(): { users: HeldOutUser[]; papers: BenchPaper[] } {
  const corpus = getCorpus();
  const derived = getDerivedWorks();
  const graph = getCitationGraph();
  const papers: BenchPaper[] = corpus.papers.map((paper: Paper, doc) => ({
    id: paper.id,
    title: paper.title,
    abstract: paper.abstract,
    authors: paper.authors,
    categories: paper.categories,
    publishedDate: paper.published,
    doc,
    publishedMs: Date.parse(paper.published),
  }));
  const byDate = [...papers].sort((a, b) => b.publishedMs - a.publishedMs || (a.id < b.id ? 1 : -1));
  const titleFrequency = new Map<string, number>();
  for (const paper of papers) for (const word of new Set(words(paper.title).map(foldPlural))) titleFrequency.set(word, (titleFrequency.get(word) ?? 0) + 1);

  const users: HeldOutUser[] = [];
  const authorCount = derived.authorIdNumbers.length;
  const nameOf = (ordinal: number) => corpus.papers[derived.authorFirstWork[ordinal]!]!.authors[derived.authorFirstPlace[ordinal]!]!;
  const identitiesPerName = new Map<string, number>();
  for (let ordinal = 0; ordinal < authorCount; ordinal += 1) {
    const key = authorKey(nameOf(ordinal));
    identitiesPerName.set(key, (identitiesPerName.get(key) ?? 0) + 1);
  }
  for (let ordinal = 0; ordinal < authorCount; ordinal += 1) {
    const works = Array.from(derived.authorWorks.subarray(derived.authorWorkOffsets[ordinal]!, derived.authorWorkOffsets[ordinal + 1]!), (doc) => papers[doc]!);
    if (works.length < MIN_MARKS + 1) continue;
    works.sort((a, b) => a.publishedMs - b.publishedMs || (a.id < b.id ? -1 : 1));
    const markCount = Math.max(MIN_MARKS, Math.floor(works.length / 2));
    const marks = works.slice(0, markCount);
    const cut = marks[marks.length - 1]!.publishedMs;
    const end = cut + FEED_WINDOW_DAYS * DAY_MS;
    const later = works.slice(markCount).filter((paper) => paper.publishedMs > cut && paper.publishedMs <= end);
    if (later.length === 0) continue;
    const name = nameOf(ordinal);
    const categories = [...new Set(marks.flatMap((paper) => paper.categories))];
    const wanted = new Set(categories);
    const feed = byDate.filter((paper) => paper.publishedMs > cut && paper.publishedMs <= end && paper.categories.some((category) => wanted.has(category)));
    const inFeed = new Set(feed.map((paper) => paper.doc));
    const relevant = new Set<number>();
    for (const paper of later) {
      if (inFeed.has(paper.doc)) relevant.add(paper.doc);
      for (const cited of referencesOf(graph, paper.doc)) if (inFeed.has(cited)) relevant.add(cited);
    }
    if (relevant.size === 0) continue;
    users.push({
      name,
      sharedName: identitiesPerName.get(authorKey(name))! > 1,
      marks,
      profile: { categories, authors: [name], keywords: keywordsFrom(marks.map((paper) => paper.title), titleFrequency), excludeTerms: [] },
      feed,
      relevant,
    });
  }
  return { users, papers: byDate };
}

/** Binary-relevance nDCG at k. */
function ndcgAt(ranking: readonly number[], relevant: ReadonlySet<number>, k: number): number {
  let dcg = 0;
  for (let i = 0; i < Math.min(k, ranking.length); i += 1) if (relevant.has(ranking[i]!)) dcg += 1 / Math.log2(i + 2);
  let ideal = 0;
  for (let i = 0; i < Math.min(k, relevant.size); i += 1) ideal += 1 / Math.log2(i + 2);
  return ideal > 0 ? dcg / ideal : 0;
}

function recallAt(ranking: readonly number[], relevant: ReadonlySet<number>, k: number): number {
  let found = 0;
  for (let i = 0; i < Math.min(k, ranking.length); i += 1) if (relevant.has(ranking[i]!)) found += 1;
  return relevant.size > 0 ? found / relevant.size : 0;
}

/** Today's catch-up order: profile score, best first, the feed's order (newest first) on ties, unscored papers last. */
function profileRanking(index: FeedIndex<BenchPaper>, profile: CatchupProfile): number[] {
  const ranked = recommend(index.scoring.score(profile), 0).map((entry) => entry.paper.doc);
  const seen = new Set(ranked);
  for (const paper of index.papers) if (!seen.has(paper.doc)) ranked.push(paper.doc);
  return ranked;
}

/** An evenly spread, fixed subset of `count` users (all of them when count is 0 or more than there are). */
export function sampleUsers(users: readonly HeldOutUser[], count: number): HeldOutUser[] {
  if (count <= 0 || count >= users.length) return [...users];
  return Array.from({ length: count }, (_, index) => users[Math.floor((index * users.length) / count)]!);
}

export type Scores = { ndcg10: number; recall50: number };
export type Evaluation = { users: number; profile: Scores; learned: Scores; blend: Scores };

/** Means over the users of nDCG@10 and recall@50 for the profile, the learned model alone and the shipped blend. */
export function evaluate(users: readonly HeldOutUser[], options: Partial<FeedModelOptions> = {}): Evaluation {
  const sums = { profile: { ndcg10: 0, recall50: 0 }, learned: { ndcg10: 0, recall50: 0 }, blend: { ndcg10: 0, recall50: 0 } };
  const add = (target: Scores, ranking: number[], relevant: Set<number>) => {
    target.ndcg10 += ndcgAt(ranking, relevant, 10);
    target.recall50 += recallAt(ranking, relevant, 50);
  };
  for (const user of users) {
    const index = new FeedIndex(user.feed);
    const marks = user.marks.map((paper) => ({ kind: "relevant" as const, paper }));
    for (const paper of user.marks) if (index.positionOf(paper.id) !== undefined) throw new Error(`marked paper ${paper.id} leaked into ${user.name}'s feed`);
    add(sums.profile, profileRanking(index, user.profile), user.relevant);
    add(sums.learned, rankFeed(index, { marks, profile: user.profile }, { ...options, modelWeight: 1 }).papers.map((entry) => entry.paper.doc), user.relevant);
    add(sums.blend, rankFeed(index, { marks, profile: user.profile }, options).papers.map((entry) => entry.paper.doc), user.relevant);
  }
  const mean = (scores: Scores): Scores => ({ ndcg10: scores.ndcg10 / users.length, recall50: scores.recall50 / users.length });
  return { users: users.length, profile: mean(sums.profile), learned: mean(sums.learned), blend: mean(sums.blend) };
}

/** Training and ranking a 10,000-paper feed for each user's marks and profile (the index built once, as the shared feed's is). */
export function timeTenThousand(users: readonly HeldOutUser[], papers: readonly BenchPaper[]): { buildMs: number; perUser: number[]; perUserCpu: number[]; profileOnly: number[] } {
  const feed = papers.slice(0, TIMING_FEED_SIZE);
  if (feed.length < TIMING_FEED_SIZE) throw new Error(`the corpus has only ${feed.length} papers`);
  const started = performance.now();
  const index = new FeedIndex(feed);
  void index.scoring;
  const buildMs = performance.now() - started;
  const run = (user: HeldOutUser, marked: boolean) => rankFeed(index, { marks: marked ? user.marks.map((paper) => ({ kind: "relevant" as const, paper })) : [], profile: user.profile });
  for (const user of users.slice(0, 20)) {
    run(user, true);
    run(user, false);
  }
  const perUser: number[] = [];
  const perUserCpu: number[] = [];
  const profileOnly: number[] = [];
  for (const user of users) {
    let at = performance.now();
    run(user, false);
    profileOnly.push(performance.now() - at);
    const cpu = process.cpuUsage();
    at = performance.now();
    run(user, true);
    perUser.push(performance.now() - at);
    const used = process.cpuUsage(cpu);
    perUserCpu.push((used.user + used.system) / 1000);
  }
  return { buildMs, perUser, perUserCpu, profileOnly };
}

export async function feedSuite(): Promise<Figure[]> {
  const suite = "feed";
  const built = buildHeldOutUsers();
  const users = sampleUsers(built.users, BENCH_USERS);
  if (users.length < MIN_USERS) throw new Error(`only ${users.length} held-out users; the evaluation needs ${MIN_USERS}`);
  process.stdout.write(`feed: ${built.users.length} held-out users in the corpus, evaluating ${users.length}\n`);
  const result = evaluate(users);
  const ownName = users.filter((user) => !user.sharedName);
  const ownNameResult = evaluate(ownName);
  const timing = timeTenThousand(users, built.papers);
  const meanFeed = round(users.reduce((sum, user) => sum + user.feed.length, 0) / users.length, 0);
  const meanRelevant = round(users.reduce((sum, user) => sum + user.relevant.size, 0) / users.length, 1);
  const meanMarks = round(users.reduce((sum, user) => sum + user.marks.length, 0) / users.length, 1);
  console.table(
    (["profile", "learned", "blend"] as const).map((method) => ({
      method: method === "profile" ? "profile scoring (today)" : method === "learned" ? "learned model alone" : "learned + profile (shipped)",
      users: result.users,
      "nDCG@10": round(result[method].ndcg10, 4),
      "recall@50": round(result[method].recall50, 4),
    })),
  );
  const about = `${result.users} held-out users, ${meanMarks} marks, ${meanFeed} feed papers, ${meanRelevant} relevant each`;
  const ratio = (a: number, b: number) => round(a / b, 3);
  const median = percentile(timing.perUser, 50);
  const p95 = percentile(timing.perUser, 95);
  return [
    {
      suite,
      name: `nDCG@10 of the learned feed (model + profile, as shipped); ${about}`,
      value: round(result.blend.ndcg10, 4),
      unit: "",
      baseline: "profile scoring",
      baselineValue: round(result.profile.ndcg10, 4),
      ratio: ratio(result.blend.ndcg10, result.profile.ndcg10),
      goal: `≥ ${NDCG_GOAL_RATIO}× profile`,
      met: result.blend.ndcg10 >= NDCG_GOAL_RATIO * result.profile.ndcg10,
    },
    {
      suite,
      name: "nDCG@10 of the learned model alone",
      value: round(result.learned.ndcg10, 4),
      unit: "",
      baseline: "profile scoring",
      baselineValue: round(result.profile.ndcg10, 4),
      ratio: ratio(result.learned.ndcg10, result.profile.ndcg10),
      goal: `≥ ${NDCG_GOAL_RATIO}× profile`,
      met: result.learned.ndcg10 >= NDCG_GOAL_RATIO * result.profile.ndcg10,
    },
    {
      suite,
      name: `nDCG@10 of the learned feed for the ${ownNameResult.users} users whose name no other author shares (the profile's name match finds only theirs)`,
      value: round(ownNameResult.blend.ndcg10, 4),
      unit: "",
      baseline: "profile scoring",
      baselineValue: round(ownNameResult.profile.ndcg10, 4),
      ratio: ratio(ownNameResult.blend.ndcg10, ownNameResult.profile.ndcg10),
    },
    {
      suite,
      name: "recall@50 of the learned feed (model + profile)",
      value: round(result.blend.recall50, 4),
      unit: "",
      baseline: "profile scoring",
      baselineValue: round(result.profile.recall50, 4),
      ratio: ratio(result.blend.recall50, result.profile.recall50),
    },
    {
      suite,
      name: "recall@50 of the learned model alone",
      value: round(result.learned.recall50, 4),
      unit: "",
      baseline: "profile scoring",
      baselineValue: round(result.profile.recall50, 4),
      ratio: ratio(result.learned.recall50, result.profile.recall50),
    },
    {
      suite,
      name: `train + rank a ${TIMING_FEED_SIZE.toLocaleString("en")}-paper feed for one user, median over ${users.length} users`,
      value: round(median),
      unit: "ms",
      baseline: "profile scoring alone, same feed",
      baselineValue: round(percentile(timing.profileOnly, 50)),
      ratio: ratio(median, percentile(timing.profileOnly, 50)),
      goal: `< ${TIMING_GOAL_MS} ms`,
      met: median < TIMING_GOAL_MS,
    },
    {
      suite,
      name: "... p95 over the users",
      value: round(p95),
      unit: "ms",
      baseline: "profile scoring alone, p95",
      baselineValue: round(percentile(timing.profileOnly, 95)),
      goal: `< ${TIMING_GOAL_MS} ms`,
      met: p95 < TIMING_GOAL_MS,
    },
    {
      suite,
      name: `... the same, CPU time (this process's, not the waits of a shared machine: load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores), median`,
      value: round(percentile(timing.perUserCpu, 50)),
      unit: "ms",
      goal: `< ${TIMING_GOAL_MS} ms`,
      met: percentile(timing.perUserCpu, 50) < TIMING_GOAL_MS,
    },
    {
      suite,
      name: `build the tf-idf and word index of the ${TIMING_FEED_SIZE.toLocaleString("en")} papers, once per feed (not per user)`,
      value: round(timing.buildMs),
      unit: "ms",
    },
  ];
}
