import type { PdfCacheService } from "@/server/features/pdf-cache/pdf-cache.service";
import type { Logger } from "@/server/logger";
import { timerJob, type BackgroundJob } from "./background-job";

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Removes cached PDFs nobody keeps any more from the object store, hourly: a deleted account's
 * rows go with it (on delete cascade), its blobs stay until this finds them. Removals from the
 * card release their blobs at once; this is for what the database removed on its own.
 */
export function pdfBlobSweepJob(pdfCache: Pick<PdfCacheService, "sweepUnusedBlobs">, logger: Logger): BackgroundJob {
  return timerJob("the PDF blob sweep", () => {
    const run = async () => {
      try {
        let total = 0;
        for (let batch = 0; batch < 10; batch++) {
          const swept = await pdfCache.sweepUnusedBlobs(100);
          total += swept;
          if (swept < 100) break;
        }
        if (total > 0) logger.info({ removed: total }, "cached PDFs no user keeps were removed");
      } catch (error) {
        logger.warn({ err: error }, "PDF cache sweep failed");
      }
    };
    const timer = setInterval(run, SWEEP_INTERVAL_MS);
    timer.unref();
    void run();
    return () => clearInterval(timer);
  });
}
