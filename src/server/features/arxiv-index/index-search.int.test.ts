import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getCorpus } from "../../../../sandbox/corpus";
import { startSandbox } from "../../../../sandbox/server";
import { queryRows, type DatabaseHandle } from "@/server/db/client";
import { parseArxivAtom } from "@/shared/sources/arxiv/arxiv-atom";
import { createTestDatabase, testDatabaseKind } from "@/test/test-database";
import { arxivIndexRepository, dateOrder, NEWEST, RELEVANCE_CANDIDATES, type ArxivIndexRepository, type IndexSortBy, type IndexSortOrder } from "./arxiv-index.repository";
import { indexRow, quoteLexeme, type IndexRecord } from "./index-document";
import { searchIndex } from "./index-search";
import { suggestPapers, typedStartIsCommon } from "./suggestions";
import { splitWords } from "@/shared/arxiv-query/text-analysis";
import { orderedMatches, type DateKey, type MatchPlan } from "./ordered-matches";
import { phrasePairs, queryToSql, relevanceScore } from "./query-sql";
import { ensureWordPairsIndex, WORD_PAIRS_BUILD_LOCK, WORD_PAIRS_INDEX } from "./word-pairs";
import { parseQuery } from "@/shared/arxiv-query/query-parser";
import { createLogger } from "@/server/logger";
import { wordPairsJob } from "@/server/jobs/word-pairs.job";

let database: DatabaseHandle;
let repository: ArxivIndexRepository;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
const quiet = createLogger(process.env.WP_LOG ?? "silent");
/** The word-pairs index is there (PostgreSQL) or not (PGlite). */
const wordPairs = testDatabaseKind === "postgres";

/** A sandbox corpus paper as the harvest would store it. */
function corpusRecord(paper: ReturnType<typeof getCorpus>["papers"][number]): IndexRecord {
  return {
    id: paper.id,
    versions: paper.versions.map((version) => ({ version: version.version, submitted: version.created })),
    title: paper.title,
    authors: paper.authors.map((name, index) => ({ name, affiliations: paper.affiliations[index] ?? [] })),
    abstract: paper.abstract,
    categories: paper.categories,
    comments: paper.comment,
    journalRef: paper.journalRef,
    doi: paper.doi,
    reportNo: paper.reportNo,
    license: paper.license,
    datestamp: paper.updated.slice(0, 10),
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  repository = arxivIndexRepository(database.db);
  sandbox = await startSandbox({ port: 0 });
  const papers = getCorpus().papers;
  for (let start = 0; start < papers.length; start += 1000) await repository.upsert(papers.slice(start, start + 1000).map((paper) => indexRow(corpusRecord(paper))));
  // On PostgreSQL the server builds the abstracts' word-pairs index: every search below finds
  // abstract phrases by it there, and by the words' own index on PGlite.
  if (database.connectionString) {
    expect(await ensureWordPairsIndex(database.connectionString, quiet)).toBe("built");
    await repository.warm();
  }
}, 180_000);
afterAll(async () => {
  await sandbox?.close();
  await database?.close();
});

/** What the sandbox's arXiv API answers: the total and the ids, in its order. */
async function arxivAnswer(searchQuery: string, sortBy: IndexSortBy, sortOrder: IndexSortOrder, start: number, maxResults: number) {
  const url = new URL(`${sandbox.url}/arxiv/api/query`);
  url.searchParams.set("search_query", searchQuery);
  url.searchParams.set("sortBy", sortBy);
  url.searchParams.set("sortOrder", sortOrder);
  url.searchParams.set("start", String(start));
  url.searchParams.set("max_results", String(maxResults));
  const response = await fetch(url);
  const feed = parseArxivAtom(await response.text());
  return { total: feed.totalResults, ids: feed.entries.map((entry) => entry.id) };
}

/** Every form of the grammar, over the corpus's own words, names, categories and dates. */
const QUERIES = [
  "ti:quantum",
  "ti:quantum AND ti:gravity",
  'ti:"dark matter"',
  "abs:testing",
  "au:maestro",
  'au:"del maestro"',
  "au:del_maestro",
  'au:"A Einstein"',
  "au:Sch?rmann",
  "ti:trans*",
  "ti:learning*",
  "ti:qu*tum",
  "au:??tskever",
  "cat:cs.LG",
  "cat:hep-th",
  "cat:cs.*",
  "cat:cs.LG AND ti:network",
  "cat:cs.CL OR cat:cs.LG",
  "cat:hep-th cat:hep-ph",
  "ti:neural ANDNOT cat:cs.LG",
  "ANDNOT cat:cs.LG",
  "(ti:quantum OR ti:classical) AND abs:entanglement",
  'ti:(quantum OR "dark matter")',
  "all:electron",
  'all:"neural network"',
  'abs:"neural network"',
  'abs:"dark matter"',
  'abs:"quantum field theory"',
  'ti:quantum AND abs:"phase transition"',
  'abs:"spin glass" OR abs:"mean field"',
  'ti:"dark matter" OR abs:"dark matter" OR au:"dark matter"',
  '(ti:"phase transition" OR abs:"phase transition") AND cat:cond-mat.*',
  'abs:"ground state" ANDNOT abs:"excited states"',
  "electron",
  "co:pages",
  "jr:Phys",
  "rn:CERN*",
  "id:1707.08567",
  "id:hep-th/9901001",
  "id:2503.*",
  "submittedDate:[202501010000 TO 202503312359]",
  "cat:cs.AI AND submittedDate:[202506010000 TO 202606302359]",
  "lastUpdatedDate:[20250101 TO 20251231] AND cat:math.*",
  "submittedDate:[* TO 200001010000]",
  "ti:model AND au:wang",
  "abs:(spin OR magnetic) ANDNOT ti:review",
];
const SORTS: [IndexSortBy, IndexSortOrder][] = [
  ["submittedDate", "descending"],
  ["submittedDate", "ascending"],
  ["lastUpdatedDate", "descending"],
  ["lastUpdatedDate", "ascending"],
];

describe(`the arXiv index on ${testDatabaseKind} answers as the sandbox's arXiv API does`, () => {
  it.each(QUERIES)("%s: the same total, and the same papers in the same order for every date sort", async (searchQuery) => {
    for (const [sortBy, sortOrder] of SORTS) {
      const expected = await arxivAnswer(searchQuery, sortBy, sortOrder, 0, 100);
      const found = await searchIndex(repository, { searchQuery, sortBy, sortOrder, start: 0, maxResults: 100, countCap: 100_000 });
      expect(found.total, `${searchQuery} by ${sortBy} ${sortOrder}`).toBe(expected.total);
      expect(found.papers.map((paper) => paper.id), `${searchQuery} by ${sortBy} ${sortOrder}`).toEqual(expected.ids);
    }
  });

  it.each(QUERIES)("%s: the same papers by relevance (in the index's own order)", async (searchQuery) => {
    const expected = await arxivAnswer(searchQuery, "relevance", "descending", 0, 2000);
    const found = await searchIndex(repository, { searchQuery, sortBy: "relevance", sortOrder: "descending", start: 0, maxResults: 2000, countCap: 100_000 });
    expect(found.total).toBe(expected.total);
    // Past 2,000 matches the two rankings may keep different papers on the first 2,000.
    if (expected.total <= 2000) expect(new Set(found.papers.map((paper) => paper.id))).toEqual(new Set(expected.ids));
  });

  it("pages as arXiv does: page two follows page one", async () => {
    const first = await searchIndex(repository, { searchQuery: "cat:cs.LG", sortBy: "submittedDate", sortOrder: "descending", start: 0, maxResults: 20, countCap: 2000 });
    const second = await searchIndex(repository, { searchQuery: "cat:cs.LG", sortBy: "submittedDate", sortOrder: "descending", start: 20, maxResults: 20, countCap: 2000 });
    const expected = await arxivAnswer("cat:cs.LG", "submittedDate", "descending", 20, 20);
    expect(second.papers.map((paper) => paper.id)).toEqual(expected.ids);
    expect(first.papers.map((paper) => paper.id)).not.toContain(second.papers[0]!.id);
  });
});

describe(`the index's orders walk its date indexes (${testDatabaseKind})`, () => {
  /** The plan of a page of a common word's matches in `order`, where the planner may neither scan the table nor sort it whole. */
  async function plan(order: SQL): Promise<string> {
    return database.db.transaction(async (tx) => {
      for (const setting of ["enable_seqscan", "enable_bitmapscan", "enable_sort"]) await tx.execute(sql.raw(`set local ${setting} = off`));
      const rows = await queryRows<Record<string, string>>(tx, sql`explain select id from arxiv_papers where fts_abstract @@ 'model'::tsquery order by ${order} limit 50`);
      return rows.map((row) => Object.values(row)[0]).join("\n");
    });
  }
  // On 3 million records a plain `desc` (nulls first) could not use the `desc nulls last`
  // indexes: every match of a common word was sorted, 40 to 60 s a page.
  it.each([
    ["newest first (the relevance candidates, suggestions)", NEWEST, "arxiv_papers_submitted_idx"],
    ["submitted, descending", dateOrder("submittedDate", "descending"), "arxiv_papers_submitted_idx"],
    ["submitted, ascending", dateOrder("submittedDate", "ascending"), "arxiv_papers_submitted_idx"],
    ["last updated, descending", dateOrder("lastUpdatedDate", "descending"), "arxiv_papers_updated_idx"],
    ["last updated, ascending", dateOrder("lastUpdatedDate", "ascending"), "arxiv_papers_updated_idx"],
  ])("%s", async (_name, order, index) => {
    const text = await plan(order);
    expect(text).toContain(index);
    // An incremental sort of ties is fine; a sort of every match is not.
    expect(text).not.toMatch(/(^|->)\s*Sort\s+\(/m);
  });
});

describe(`a search's first matches are the same however they are found (${testDatabaseKind})`, () => {
  /** The first `need` + 1 matches as a sort of every match gives them. */
  async function sorted(where: SQL, key: DateKey, order: IndexSortOrder, need: number): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(database.db, sql`select id from arxiv_papers where ${where} order by ${dateOrder(key, order)} limit ${need + 1}`);
    return rows.map((row) => row.id);
  }
  const ORDERS: [DateKey, IndexSortOrder][] = [
    ["submittedDate", "descending"],
    ["submittedDate", "ascending"],
    ["lastUpdatedDate", "descending"],
    ["lastUpdatedDate", "ascending"],
  ];
  it.each<[MatchPlan, boolean]>([
    ["walk", false],
    ["window", false],
    ["window", true],
  ])("by the %s (dates that place windows read: %s)", async (plan, warm) => {
    const finder = orderedMatches(database.db, { plan });
    if (warm) await finder.warm();
    let windowed = 0;
    for (const searchQuery of QUERIES) {
      const { where, indexed, ranges, arms } = queryToSql(parseQuery(searchQuery).ast, { wordPairs });
      for (const [key, order] of ORDERS) {
        for (const need of [3, 60, 600]) {
          const expected = await sorted(where, key, order, need);
          const found = await finder.first({ where, indexed, ranges }, { key, ascending: order === "ascending" }, need);
          const label = `${searchQuery} by ${key} ${order}, first ${need}`;
          expect(found.ids, label).toEqual(expected.slice(0, need));
          expect(found.more, label).toBe(expected.length > need);
          // Found arm by arm (an OR with phrases in the abstracts), the same.
          const anyOf = await finder.firstOfAny(arms, { key, ascending: order === "ascending" }, need);
          expect(anyOf.ids, `${label}, ${arms.length} arms`).toEqual(expected.slice(0, need));
          expect(anyOf.more, `${label}, ${arms.length} arms`).toBe(expected.length > need);
          if (found.edges.some((edge) => edge !== null)) windowed++;
          // Before the dates that place windows are read, the first search takes the whole index.
          if (plan === "window" && !warm && searchQuery === QUERIES[0] && key === "submittedDate" && order === "descending" && need === 3) expect(found.edges).toEqual([null]);
        }
      }
    }
    // Counted either way, up to a cap, the same.
    for (const searchQuery of QUERIES) {
      const { where, indexed, ranges } = queryToSql(parseQuery(searchQuery).ast, { wordPairs });
      const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from arxiv_papers where ${where}`);
      for (const cap of [1, 60, 100_000]) expect(await finder.count({ where, indexed, ranges }, cap), `${searchQuery}, counted up to ${cap}`).toBe(Math.min(cap, row!.n));
    }
    // With the dates read, most searches are answered inside a window of the newest (or oldest) papers.
    if (plan === "window") expect(windowed).toBeGreaterThan(QUERIES.length);
    else expect(windowed).toBe(0);
  }, 120_000);

  it.each<MatchPlan>(["walk", "window"])("ranks by relevance as a sort of the candidates by their scores does (by the %s)", async (plan) => {
    const ranked = arxivIndexRepository(database.db, database.db, { plan });
    await ranked.warm();
    let pages = 0;
    for (const searchQuery of QUERIES) {
      const { where, arms, rank } = queryToSql(parseQuery(searchQuery).ast, { wordPairs });
      for (const [sortOrder, direction] of [["descending", sql`desc`], ["ascending", sql`asc`]] as const) {
        const expected = await queryRows<{ id: string }>(
          database.db,
          sql`select id from (select id, submitted_at, ${relevanceScore(rank)} as score from arxiv_papers where ${where} order by ${NEWEST} limit ${RELEVANCE_CANDIDATES}) as candidates order by score ${direction}, submitted_at desc nulls last, id asc`,
        );
        for (const start of [0, 7]) {
          const found = await ranked.search({ arms, rank, sortBy: "relevance", sortOrder, start, limit: 10, countCap: 2000 });
          expect(found.rows.map((row) => row.id), `${searchQuery} ${sortOrder} from ${start}`).toEqual(expected.slice(start, start + 10).map((row) => row.id));
          if (found.rows.length > 0) pages++;
        }
      }
    }
    expect(pages).toBeGreaterThan(QUERIES.length);
  }, 120_000);

  it("suggests the same titles whether the word being typed is looked up in the index or checked on the titles of rare words", async () => {
    await database.db.execute(sql`analyze arxiv_papers`);
    const fresh = arxivIndexRepository(database.db);
    await fresh.warm();
    // The statistics' most common title words are read, and decide as they should.
    const shares = fresh.titleWordShares();
    expect(shares?.shares.get("the")).toBeGreaterThan(0.05);
    expect(typedStartIsCommon(shares, ["zzzzqx"], ["the"])).toBe(true);
    expect(typedStartIsCommon(shares, ["the"], ["zzzzqx"])).toBe(false);
    // A start in a twentieth of the titles or more is checked after any full word.
    expect(typedStartIsCommon(shares, ["the"], ["the"])).toBe(true);
    expect(typedStartIsCommon(shares, [], ["the"])).toBe(false);
    // The same typing, each way: the start through the GIN index, or checked on the full words' titles.
    const asked: Parameters<ArxivIndexRepository["suggest"]>[0][] = [];
    const noting = { ...repository, suggest: (input: Parameters<ArxivIndexRepository["suggest"]>[0]) => (asked.push(input), repository.suggest(input)) };
    const throughIndex = { ...noting, titleWordShares: () => null };
    let compared = 0;
    for (const paper of getCorpus().papers.filter((_, at) => at % 97 === 0).slice(0, 60)) {
      const words = splitWords(paper.title);
      if (words.length < 3 || words[2]!.length < 4) continue;
      const start = words[2]!.slice(0, 3);
      const typed = `${words[0]} ${words[1]} ${start}`;
      // Shares that make the full words rare and the start common.
      const checkedOnTitles = { ...noting, titleWordShares: () => ({ shares: new Map([[start, 0.5]]), floor: 0.0001 }) };
      asked.length = 0;
      const one = await suggestPapers(throughIndex, typed);
      const other = await suggestPapers(checkedOnTitles, typed);
      expect(asked.map((input) => input.titleFragments)).toEqual([undefined, expect.arrayContaining([start])]);
      expect(other.map((item) => [item.id, item.matched]), typed).toEqual(one.map((item) => [item.id, item.matched]));
      expect(one.map((item) => item.id), typed).toContain(paper.id);
      compared++;
    }
    expect(compared).toBeGreaterThan(20);
  });

  it.each([
    // April 2007 (960 papers) lies behind 10,000 newer ones; March 2026 behind 8,000 older ones.
    ["descending", "submittedDate:[200704010000 TO 200704302359]"],
    ["ascending", "submittedDate:[202603010000 TO 202603312359]"],
  ] as const)("starts a date range's window at the range, not at the index's end (%s)", async (order, searchQuery) => {
    const finder = orderedMatches(database.db, { plan: "window" });
    await finder.warm();
    const by = { key: "submittedDate" as const, ascending: order === "ascending" };
    const { where, indexed, ranges } = queryToSql(parseQuery(searchQuery).ast);
    const found = await finder.first({ where, indexed, ranges }, by, 3);
    expect(found.ids).toEqual((await sorted(where, "submittedDate", order, 3)).slice(0, 3));
    // One window, bounded inside the range: none widened from the newest (or oldest) papers to it.
    expect(found.edges).toHaveLength(1);
    const { fromMs, toMs } = ranges!.submittedDate!;
    const edge = found.edges[0]!.getTime();
    expect(order === "descending" ? edge <= toMs! : edge >= fromMs!).toBe(true);
    // Without the range the same papers are found, after windows that held none.
    const blind = await finder.first({ where, indexed }, by, 3);
    expect(blind.ids).toEqual(found.ids);
    expect(blind.edges.length).toBeGreaterThan(1);
  });

  it("asks the planner once for a search and its count started together", async () => {
    const explained: string[] = [];
    const noting = new Proxy(database.db, {
      get(target, key, receiver) {
        if (key !== "execute") return Reflect.get(target, key, receiver);
        return (query: SQL) => {
          const text = new PgDialect().sqlToQuery(query).sql;
          if (text.startsWith("explain")) explained.push(text);
          return target.execute(query);
        };
      },
    });
    const finder = orderedMatches(noting, { plan: "window" });
    const condition = { where: queryToSql(parseQuery("ti:entanglement").ast).where };
    await Promise.all([finder.first(condition, { key: "submittedDate", ascending: false }, 5), finder.count(condition, 100)]);
    expect(explained).toHaveLength(1);
    // Asked again later, it is asked again (the statistics may have changed).
    await finder.count(condition, 100);
    expect(explained).toHaveLength(2);
  });

  it("chooses the walk for a word most papers hold, and a window for a rarer one", async () => {
    const finder = orderedMatches(database.db);
    await finder.warm();
    const newest = { key: "submittedDate" as const, ascending: false };
    // The planner's estimate must come from statistics, as on a running server.
    await database.db.execute(sql`analyze arxiv_papers`);
    const common = await finder.first({ where: sql`not (fts_title @@ 'zzzzqx'::tsquery)` }, newest, 20);
    expect(common.plan).toBe("walk");
    const rare = await finder.first({ where: queryToSql(parseQuery("ti:entanglement").ast).where }, newest, 20);
    expect(rare.plan).toBe("window");
  });
});

describe(`phrases in the abstracts by their word pairs (${testDatabaseKind})`, () => {
  it("the pairs the database lists are exactly where two words stand side by side", async () => {
    expect(phrasePairs("Images of the systems")).toEqual(["imag of", "of the", "the system"]);
    expect(phrasePairs("model")).toBeNull();
    // Every pair of a sample of abstracts, against the phrase search of the same two words.
    const abstracts = getCorpus().papers.filter((_, at) => at % 211 === 0).slice(0, 20);
    let checked = 0;
    for (const paper of abstracts) {
      const words = splitWords(paper.abstract);
      // Two longer words (the fewer abstracts hold both, the fewer pairs to compute).
      const at = Math.max(0, words.findIndex((word, place) => place >= words.length / 3 && word.length >= 5 && (words[place + 1]?.length ?? 0) >= 5));
      const phrase = `${words[at]} ${words[at + 1]}`;
      const { where } = queryToSql(parseQuery(`abs:"${phrase}"`).ast);
      const both = queryToSql(parseQuery(`abs:${words[at]} AND abs:${words[at + 1]}`).ast).where;
      const pair = sql`arxiv_word_pairs(fts_abstract) @@ ${quoteLexeme(phrasePairs(phrase)![0]!)}::tsquery`;
      // Among the abstracts with both words (the pairs of the others cannot hold them).
      const [row] = await queryRows<{ phrase: number; pairs: number; mine: boolean }>(
        database.db,
        sql`select count(*) filter (where ${where})::int as phrase, count(*) filter (where ${pair})::int as pairs, bool_or(id = ${paper.id} and ${pair}) as mine
            from arxiv_papers where ${both}`,
      );
      expect(row!.pairs, phrase).toBe(row!.phrase);
      expect(row!.mine, phrase).toBe(true);
      checked++;
    }
    expect(checked).toBe(20);
  });

  it.runIf(testDatabaseKind === "postgres")("finds them through the index once it is built", async () => {
    expect(repository.wordPairs()).toBe(true);
    const { indexed } = queryToSql(parseQuery('abs:"neural network"').ast, { wordPairs: true });
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await queryRows<Record<string, string>>(tx, sql`explain select id from arxiv_papers where ${indexed!}`);
      return rows.map((row) => Object.values(row)[0]).join("\n");
    });
    expect(plan).toContain(WORD_PAIRS_INDEX);
  });

  it("finds an OR's phrases in the abstracts apart from the rest of it", () => {
    const typed = parseQuery('ti:"image system" OR abs:"image system" OR au:"image system"').ast;
    // Each abstract phrase alone (by its pairs), the rest together.
    const arms = queryToSql(typed, { wordPairs: true }).arms;
    expect(arms).toHaveLength(2);
    expect(arms[0]!.indexed).toBeDefined();
    expect(arms[1]!.indexed).toBeUndefined();
    expect(queryToSql(parseQuery('all:"image system"').ast, { wordPairs: true }).arms).toHaveLength(2);
    expect(queryToSql(parseQuery('abs:"image system" OR abs:"mean field"').ast, { wordPairs: true }).arms).toHaveLength(2);
    // Without the pairs, or without a phrase in the abstracts, the condition is found whole.
    expect(queryToSql(typed).arms).toHaveLength(1);
    expect(queryToSql(parseQuery("ti:image OR abs:system").ast, { wordPairs: true }).arms).toHaveLength(1);
    expect(queryToSql(parseQuery('cat:cs.CV AND (ti:"image system" OR abs:"image system")').ast, { wordPairs: true }).arms).toHaveLength(1);
  });

  it.runIf(testDatabaseKind === "postgres")("is built as soon as a finished harvest asks, not at the job's next look", async () => {
    const small = await createTestDatabase();
    try {
      const smallIndex = arxivIndexRepository(small.db);
      await smallIndex.upsert(getCorpus().papers.slice(0, 100).map((paper) => indexRow(corpusRecord(paper))));
      let due = false;
      let readies = 0;
      // The timer's next look is an hour away: only the request can build it.
      const job = wordPairsJob({ connectionString: small.connectionString!, logger: quiet, due: async () => due, onReady: async () => void readies++, everyMs: 60 * 60_000 });
      await job.start();
      // Asked while the first look may still run: it looks once more after it.
      due = true;
      job.request();
      await vi.waitFor(() => expect(readies).toBe(1), { timeout: 20_000, interval: 50 });
      await job.stop();
      await smallIndex.warm();
      expect(smallIndex.wordPairs()).toBe(true);
    } finally {
      await small.close();
    }
  });

  it.runIf(testDatabaseKind === "postgres")("is built by one instance at a time, and built again when a build died", async () => {
    const small = await createTestDatabase();
    try {
      const url = small.connectionString!;
      const smallIndex = arxivIndexRepository(small.db);
      await smallIndex.upsert(getCorpus().papers.slice(0, 300).map((paper) => indexRow(corpusRecord(paper))));
      // The server's job builds it once it is due (the first harvests done), not before.
      let due = false;
      let readies = 0;
      const job = wordPairsJob({ connectionString: url, logger: quiet, due: async () => due, onReady: async () => void readies++, everyMs: 100 });
      await job.start();
      await new Promise((resolve) => setTimeout(resolve, 500));
      await smallIndex.warm();
      expect(smallIndex.wordPairs()).toBe(false);
      // Another instance building: this one leaves it alone.
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      await other.query("select pg_advisory_lock($1)", [WORD_PAIRS_BUILD_LOCK.toString()]);
      expect(await ensureWordPairsIndex(url, quiet)).toBe("held-elsewhere");
      await other.end();
      due = true;
      await vi.waitFor(() => expect(readies).toBe(1), { timeout: 20_000, interval: 100 });
      await job.stop();
      // The job's timer may have started one more look before it stopped (it finds the index
      // ready, holding the build's lock meanwhile): stopping does not wait for a look.
      await vi.waitFor(async () => expect(await ensureWordPairsIndex(url, quiet)).toBe("ready"), { timeout: 10_000, interval: 100 });
      await smallIndex.warm();
      expect(smallIndex.wordPairs()).toBe(true);
      // A build that died leaves the index invalid: searches stop using it, the next look builds it again.
      await small.db.execute(sql`update pg_index set indisvalid = false where indexrelid = to_regclass(${WORD_PAIRS_INDEX})`);
      await smallIndex.warm();
      expect(smallIndex.wordPairs()).toBe(false);
      expect(await ensureWordPairsIndex(url, quiet)).toBe("built");
      await smallIndex.warm();
      expect(smallIndex.wordPairs()).toBe(true);
    } finally {
      await small.close();
    }
  });
});
