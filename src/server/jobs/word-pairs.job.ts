import { ensureWordPairsIndex } from "@/server/features/arxiv-index/word-pairs";
import type { Logger } from "@/server/logger";
import { timerJob, type BackgroundJob } from "./background-job";

/** How often each instance looks whether the word-pairs index is there (a dropped or died build is made again). */
const WORD_PAIRS_CHECK_MS = 10 * 60 * 1000;

export type WordPairsJob = BackgroundJob & {
  /** Looks now rather than at the next turn of the timer (a harvest run has just finished). */
  request(): void;
};

/**
 * Keeps the abstracts' word-pairs index (word-pairs.ts) on PostgreSQL: at start, every
 * WORD_PAIRS_CHECK_MS and whenever a finished harvest run asks, builds it when it is missing,
 * once `due` says so: after the first harvests (a bulk build is much cheaper than keeping the
 * index through millions of inserts, and until then searches go to arXiv anyway). `onReady`
 * hears when this instance has built it, so its searches use it at once.
 */
export function wordPairsJob(deps: { connectionString: string; logger: Logger; due: () => Promise<boolean>; onReady: () => Promise<void>; everyMs?: number }): WordPairsJob {
  const { logger } = deps;
  let look: (() => Promise<void>) | null = null;
  const job = timerJob("the word-pairs index", () => {
    let running = false;
    // Asked while a look runs (which may have found the harvests not yet done): one more after it.
    let again = false;
    const run = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          try {
            if ((await deps.due()) && (await ensureWordPairsIndex(deps.connectionString, logger)) === "built") await deps.onReady();
          } catch (error) {
            logger.warn({ err: error }, "the word-pairs index could not be built; phrase searches read the abstracts' words instead");
          }
        } while (again);
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => void run(), deps.everyMs ?? WORD_PAIRS_CHECK_MS);
    timer.unref();
    look = run;
    void run();
    return () => {
      look = null;
      clearInterval(timer);
    };
  });
  return {
    ...job,
    request() {
      // Not started (a server without timers), or stopped: nothing to do.
      void look?.();
    },
  };
}
