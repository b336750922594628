import type { PerformanceService } from "@/server/features/admin/performance.service";
import { timerJob, type BackgroundJob } from "./background-job";

/**
 * The performance log's timers (performance.service.ts): request and upstream figures written
 * every minute, memory and the database sampled every five, hourly compaction and clean-up. Its
 * stop writes what is left, so it should stop after HTTP has closed.
 */
export function performanceLogJob(performance: Pick<PerformanceService, "start">): BackgroundJob {
  return timerJob("the performance log", () => performance.start());
}
