import pg from "pg";
import type { Logger } from "@/server/logger";

/**
 * The abstracts' word-pairs index: a GIN index over `arxiv_word_pairs(fts_abstract)` (migration
 * 0023), the pairs of words side by side in each abstract. A phrase such as "image system" is
 * then one posting list, where the words' own postings hold every abstract with both words
 * anywhere (on 3 million records, hundreds of thousands), each to be read from TOAST to see
 * whether they stand together: the slowest searches of the bench, seconds each.
 *
 * It costs disk (3.5 GB for 3 million abstracts, 4.6 times the abstracts' word index) and time
 * to build (45 minutes for 3 million on two cores), so it is not a migration: a
 * deployment that has it is faster, one building it answers as before. The server builds it
 * in the background on PostgreSQL (`CREATE INDEX CONCURRENTLY`: harvests and searches go on),
 * one instance at a time, once the first harvests are done (word-pairs.job.ts); searches use
 * it once PostgreSQL marks it valid, and the harvest keeps it up. On the embedded database (one
 * connection for everything, which a build would hold for minutes) it is not built.
 */
export const WORD_PAIRS_INDEX = "arxiv_papers_abstract_pairs_idx";

/** The session lock one builder holds ("quire-wp" in ASCII). */
export const WORD_PAIRS_BUILD_LOCK = 0x71756972652d7770n;

/** Memory a build sorts its pairs in (PostgreSQL's default is 64 MB; more is faster, not required). */
const BUILD_MEMORY = "256MB";

export type WordPairsOutcome = "ready" | "built" | "held-elsewhere";

/**
 * Builds the word-pairs index when it is missing (or left invalid by a build that died), then
 * refreshes the table's statistics so the planner knows the pairs' frequencies. Resolves at
 * once when it is valid, or when another instance is building it.
 */
export async function ensureWordPairsIndex(connectionString: string, logger: Logger): Promise<WordPairsOutcome> {
  const client = new pg.Client({ connectionString });
  client.on("error", () => {});
  await client.connect();
  try {
    const { rows: locked } = await client.query<{ held: boolean }>("select pg_try_advisory_lock($1) as held", [WORD_PAIRS_BUILD_LOCK.toString()]);
    if (!locked[0]?.held) return "held-elsewhere";
    const { rows } = await client.query<{ valid: boolean | null }>("select (select indisvalid from pg_index where indexrelid = to_regclass($1)) as valid", [WORD_PAIRS_INDEX]);
    const valid = rows[0]?.valid;
    if (valid === true) return "ready";
    // A build that died (an instance killed, a restart) leaves an invalid index behind.
    if (valid === false) await client.query(`drop index concurrently if exists ${WORD_PAIRS_INDEX}`);
    await client.query(`set maintenance_work_mem = '${BUILD_MEMORY}'`);
    await client.query("set statement_timeout = 0");
    const started = Date.now();
    logger.info("building the abstracts' word-pairs index (phrase searches); searches go on meanwhile");
    await client.query(`create index concurrently if not exists ${WORD_PAIRS_INDEX} on arxiv_papers using gin (arxiv_word_pairs(fts_abstract))`);
    await client.query("analyze arxiv_papers");
    logger.info({ ms: Date.now() - started }, "the abstracts' word-pairs index is built");
    return "built";
  } finally {
    // Ending the session releases its lock.
    await client.end().catch(() => undefined);
  }
}
