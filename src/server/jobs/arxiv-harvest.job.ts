import type { ArxivHarvestService } from "@/server/features/arxiv-index/arxiv-harvest.service";
import type { HarvestState } from "@/server/features/arxiv-index/arxiv-harvest.repository";
import type { Logger } from "@/server/logger";
import { workerJob, type BackgroundJob } from "./background-job";
import { createNotifiedQueue, type JobQueue } from "./queue";

const ARXIV_HARVEST_QUEUE = "arxiv-harvest";

/** How often each instance looks whether a harvest is due (and starts one on the queue). */
export const HARVEST_TICK_MS = 30_000;
/**
 * A job harvests for at most this long, then hands on to the next one (a harvest of all of
 * arXiv takes hours; a job that died half-way is retried by the queue only after it expires).
 */
const HARVEST_SLICE_MS = 30 * 60 * 1000;
/** arXiv's OAI-PMH has the day's announcements some time after midnight UTC: a day's run is due from then. */
const DAILY_HARVEST_HOUR_UTC = 2;

/** The moment the last day's changes are due: today at DAILY_HARVEST_HOUR_UTC, or yesterday's when it has not come yet. */
export function dailyHarvestBoundary(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DAILY_HARVEST_HOUR_UTC);
  return new Date(today <= now.getTime() ? today : today - 24 * 60 * 60 * 1000);
}

/**
 * The arXiv harvest on the job queue. Every instance looks every HARVEST_TICK_MS (and at start)
 * whether a scope has work (a first harvest, a run left half-way, a day's changes due) and
 * queues one job for it; whichever instance's worker takes the job harvests each scope that
 * no other instance holds, in turn (harvest leases: one harvest of a scope at a time).
 */
export function arxivHarvestJob(deps: {
  queue: JobQueue;
  harvest: ArxivHarvestService;
  scopes: () => Promise<readonly string[]>;
  states: (scopes: string[]) => Promise<HarvestState[]>;
  logger: Logger;
  tickMs?: number;
  now?: () => Date;
}): BackgroundJob {
  const { harvest, logger } = deps;
  const now = deps.now ?? (() => new Date());

  async function dueScopes(): Promise<string[]> {
    const scopes = [...(await deps.scopes())];
    if (scopes.length === 0) return [];
    const states = new Map((await deps.states(scopes)).map((state) => [state.scope, state]));
    const boundary = dailyHarvestBoundary(now());
    return scopes.filter((scope) => harvest.due(states.get(scope), boundary));
  }

  async function begin(): Promise<{ stop(): Promise<void> }> {
    const boss = await deps.queue.boss();
    const shutdown = new AbortController();
    let harvesting = false;
    // One job waits at a time ("short"); one whose instance died does not hold the next back
    // (the harvest's own lease decides who harvests).
    await createNotifiedQueue(boss, ARXIV_HARVEST_QUEUE, { policy: "short", retryLimit: 0, expireInSeconds: (HARVEST_SLICE_MS / 1000) * 2 });
    // Woken when a slice is queued; a 30-s backstop poll.
    const workerId = await boss.work(ARXIV_HARVEST_QUEUE, { pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 30, localConcurrency: 1 }, async (jobs) => {
      for (const job of jobs) {
        // One harvest per instance at a time, whatever the queue hands out.
        if (harvesting) continue;
        harvesting = true;
        const slice = AbortSignal.any([job.signal, shutdown.signal, AbortSignal.timeout(HARVEST_SLICE_MS)]);
        try {
          for (const scope of await dueScopes()) {
            if (slice.aborted) break;
            const outcome = await harvest.harvestScope(scope, slice).catch((error: unknown) => {
              logger.warn({ scope, err: error }, "arXiv harvest stopped on a failure; the next look carries on");
              return "failed" as const;
            });
            if (outcome === "held-elsewhere") logger.debug({ scope }, "another instance is harvesting this scope");
          }
        } finally {
          harvesting = false;
        }
      }
    });
    const look = async () => {
      if (shutdown.signal.aborted || harvesting) return;
      try {
        if ((await dueScopes()).length > 0) await boss.send(ARXIV_HARVEST_QUEUE, {}, { singletonKey: ARXIV_HARVEST_QUEUE });
      } catch (error) {
        logger.warn({ err: error }, "could not look whether an arXiv harvest is due");
      }
    };
    void look();
    const timer = setInterval(() => void look(), deps.tickMs ?? HARVEST_TICK_MS);
    timer.unref?.();
    return {
      async stop() {
        clearInterval(timer);
        shutdown.abort();
        await boss.offWork(ARXIV_HARVEST_QUEUE, { id: workerId, wait: true }).catch((error) => logger.warn({ err: error }, "could not stop the arXiv harvest worker"));
      },
    };
  }

  return workerJob("the arXiv harvest", begin);
}
