import { ensureWordPairsIndex } from "@/server/features/arxiv-index/word-pairs";
import type { Logger } from "@/server/logger";
import { timerJob, type BackgroundJob } from "./background-job";

/** How often each instance looks whether the word-pairs index is there (a dropped or died build is made again). */
const WORD_PAIRS_CHECK_MS = 10 * 60 * 1000;

/**
 * Keeps the abstracts' word-pairs index (word-pairs.ts) on PostgreSQL: at start and every
 * WORD_PAIRS_CHECK_MS, builds it when it is missing, once `due` says so: after the first
 * harvests (a bulk build is much cheaper than keeping the index through millions of inserts,
 * and until then searches go to arXiv anyway). `onReady` hears when this instance has built
 * it, so its searches use it at once.
 */
export function wordPairsJob(deps: { connectionString: string; logger: Logger; due: () => Promise<boolean>; onReady: () => Promise<void>; everyMs?: number }): BackgroundJob {
  const { logger } = deps;
  return timerJob("the word-pairs index", () => {
    let running = false;
    const run = async () => {
      if (running) return;
      running = true;
      try {
        if ((await deps.due()) && (await ensureWordPairsIndex(deps.connectionString, logger)) === "built") await deps.onReady();
      } catch (error) {
        logger.warn({ err: error }, "the word-pairs index could not be built; phrase searches read the abstracts' words instead");
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => void run(), deps.everyMs ?? WORD_PAIRS_CHECK_MS);
    timer.unref();
    void run();
    return () => clearInterval(timer);
  });
}
