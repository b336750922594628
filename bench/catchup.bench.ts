import { getCorpus } from "../sandbox/corpus";
import { createScorer, recommend, ScoringIndex, type CatchupProfile, type ScorablePaper } from "@/shared/catchup";
import { percentile, round, type Figure } from "./figures";

const SCORING_GOAL_MS = 50;

/**
 * A big profile drawn from the corpus itself, so its terms really match: 10 categories,
 * 20 author names, 30 keywords and 10 exclude terms.
 */
function bigProfile(papers: readonly ScorablePaper[]): CatchupProfile {
  const counts = new Map<string, number>();
  for (const paper of papers) for (const category of paper.categories) counts.set(category, (counts.get(category) ?? 0) + 1);
  const categories = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([category]) => category);
  const authors = papers.slice(0, 400).filter((_, index) => index % 20 === 0).map((paper) => paper.authors[0]!).slice(0, 20);
  const words = ["language model", "reinforcement learning", "graph", "transformer", "quantum", "diffusion", "agent", "benchmark",
    "robust", "federated", "causal", "bayesian", "retrieval", "vision", "speech", "protein", "neural network", "optimization",
    "contrastive", "explainable", "privacy", "fairness", "multimodal", "reasoning", "kernel", "sparse", "attention", "planning",
    "uncertainty", "embedding"];
  const excludeTerms = ["survey", "review", "position paper", "tutorial", "workshop", "dataset", "challenge", "competition", "thesis", "erratum"];
  return { categories, authors, keywords: words.slice(0, 30), excludeTerms };
}

/** The scoring figure: 10,000 corpus papers scored against a big profile. */
export async function catchupSuite(): Promise<Figure[]> {
  const corpus = getCorpus();
  const papers: ScorablePaper[] = corpus.papers.slice(0, 10_000).map((paper) => ({
    title: paper.title,
    abstract: paper.abstract,
    authors: paper.authors,
    categories: paper.categories,
  }));
  if (papers.length < 10_000) throw new Error(`the corpus has only ${papers.length} papers`);
  const profile = bigProfile(papers);
  // Splitting into words happens once, when a paper enters the index; timed on its own.
  const prepareStarted = performance.now();
  const index = new ScoringIndex(papers);
  const prepareMs = performance.now() - prepareStarted;
  // Baseline: one pass that only reads each paper's text (what any scorer must at least do).
  const baselineRun = () => {
    let length = 0;
    for (const paper of papers) length += `${paper.title} ${paper.abstract}`.toLowerCase().length;
    return length;
  };
  const subjectRun = () => recommend(index.score(profile), 0.3).length;
  for (let i = 0; i < 5; i++) {
    baselineRun();
    subjectRun();
  }
  const baseline: number[] = [];
  const subject: number[] = [];
  let recommended = 0;
  for (let i = 0; i < 15; i++) {
    let started = performance.now();
    baselineRun();
    baseline.push(performance.now() - started);
    started = performance.now();
    recommended = subjectRun();
    subject.push(performance.now() - started);
  }
  const median = percentile(subject, 50);
  const baselineMedian = percentile(baseline, 50);
  const sample = createScorer(profile);
  const matched = papers.filter((paper) => sample(paper).keywords.length > 0).length;
  return [
    {
      suite: "catchup",
      name: `score 10,000 papers (10 cat, 20 authors, 30 kw, 10 excl), median of 15; ${recommended} recommended, ${matched} with a keyword`,
      value: round(median),
      unit: "ms",
      baseline: "lower-casing each paper's text once",
      baselineValue: round(baselineMedian),
      ratio: round(median / baselineMedian),
      goal: `< ${SCORING_GOAL_MS} ms`,
      met: median < SCORING_GOAL_MS,
    },
    {
      suite: "catchup",
      name: "build the word index of 10,000 papers, once as they enter the catch-up index (not part of scoring)",
      value: round(prepareMs),
      unit: "ms",
    },
  ];
}

const DIGEST_USERS = Number(process.env.DIGEST_BENCH_USERS ?? 1000);

/**
 * The digest figure: one daily digest run for 1,000 users with profiles over 5
 * categories (the shared index warmed first), then the queue's worker sending every message
 * to the sandbox's SMTP sink; a second run in the same period must send nothing.
 * The sandbox (arXiv and SMTP sink) runs in this process, so its work counts here too.
 */
export async function digestSuite(): Promise<Figure[]> {
  const { startSandbox } = await import("../sandbox/server");
  const { startTestServer } = await import("@/test/test-server");
  const schema = await import("@/server/db/schema");
  const { sql } = await import("drizzle-orm");
  const sandbox = await startSandbox({ port: 0, smtpPort: 0 });
  const server = await startTestServer({
    sandboxUrl: sandbox.url,
    env: { CLOCK_START: "2026-06-04T06:00:00Z", SMTP_URL: sandbox.smtpUrl },
    email: { retryDelaySeconds: 1 },
  });
  try {
    const categories = ["cs.AI", "cs.CL", "cs.LG", "cs.CV", "stat.ML"];
    const keywords = ["language model", "agent", "reasoning", "diffusion", "graph", "reinforcement learning", "benchmark", "robot"];
    // The shared index, filled once as the first visitor of the day would.
    await fetch(`${server.url}/api/catchup/feed`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ profile: { categories, keywords: [], authors: [], excludeTerms: [] }, range: "daily" }),
    });
    const db = server.database.db;
    const users = Array.from({ length: DIGEST_USERS }, (_, index) => ({ id: `digest-${index}`, name: `Reader ${index}`, email: `reader-${index}@quire.invalid`, emailVerified: true }));
    for (let start = 0; start < users.length; start += 250) await db.insert(schema.user).values(users.slice(start, start + 250));
    const profiles = users.map((user, index) => ({
      userId: user.id,
      researchCategories: [categories[index % 5]!, categories[(index + 1) % 5]!],
      researchInterests: [keywords[index % keywords.length]!, keywords[(index + 3) % keywords.length]!],
      emailPreferences: { welcome: true, notifications: "daily" as const },
    }));
    for (let start = 0; start < profiles.length; start += 250) await db.insert(schema.userProfiles).values(profiles.slice(start, start + 250));

    const started = performance.now();
    const run = await server.email!.runDigest("daily");
    const queuedMs = performance.now() - started;
    const sentCount = async () =>
      Number(((await db.execute(sql`select count(*)::int as n from digest_deliveries where sent_at is not null`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
    const deadline = Date.now() + 10 * 60 * 1000;
    while ((await sentCount()) < run.success && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500));
    const sentMs = performance.now() - started;
    const sent = await sentCount();
    const again = await server.email!.runDigest("daily");
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const sentAfterSecondRun = await sentCount();
    return [
      { suite: "digest", name: `daily digest run for ${DIGEST_USERS} users: scored and queued (${run.success} queued, ${run.skipped} without papers, ${run.errors} errors)`, value: round(queuedMs / 1000), unit: "s" },
      { suite: "digest", name: `... until the SMTP sink accepted every message (${sent} sent)`, value: round(sentMs / 1000), unit: "s", goal: `${run.success} sent`, met: sent === run.success },
      { suite: "digest", name: "messages from a second run in the same period", value: again.success + (sentAfterSecondRun - sent), unit: "messages", goal: "0", met: again.success === 0 && sentAfterSecondRun === sent },
    ];
  } finally {
    await server.close();
    await sandbox.close();
  }
}
