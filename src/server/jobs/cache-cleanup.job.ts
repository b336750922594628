import type { Logger } from "@/server/logger";
import type { ResponseCache } from "@/server/sources/http/response-cache";
import { timerJob, type BackgroundJob } from "./background-job";

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes upstream answers past their keep time, hourly. Every instance runs it; the delete
 * is idempotent, so several instances doing it costs nothing but a cheap indexed query.
 */
export function cacheCleanupJob(cache: ResponseCache, logger: Logger): BackgroundJob {
  return timerJob("the upstream cache cleanup", () => {
    const run = async () => {
      try {
        const deleted = await cache.deleteExpired();
        if (deleted > 0) logger.info({ deleted }, "expired upstream cache entries removed");
      } catch (error) {
        logger.warn({ err: error }, "upstream cache cleanup failed");
      }
    };
    const timer = setInterval(run, CLEANUP_INTERVAL_MS);
    timer.unref();
    void run();
    return () => clearInterval(timer);
  });
}
