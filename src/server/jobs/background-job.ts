import type { Logger } from "@/server/logger";

/**
 * Work the server does besides answering requests: a worker on the job queue or a timer. The
 * composition module lists the server's jobs; main.ts starts them once the graph is built and
 * stops them, in reverse order, at shutdown.
 */
export type BackgroundJob = {
  /** Names the job in the log. */
  name: string;
  /** Starts the job; resolves once it runs (a queue worker: once it listens). */
  start(): Promise<void>;
  /** Stops it; safe to call before its start has resolved, and twice. */
  stop(): Promise<void>;
};

/** A job on timers of its own: `begin` starts them and returns what stops them. */
export function timerJob(name: string, begin: () => () => void | Promise<void>): BackgroundJob {
  let end: (() => void | Promise<void>) | null = null;
  return {
    name,
    async start() {
      end ??= begin();
    },
    async stop() {
      const stop = end;
      end = null;
      await stop?.();
    },
  };
}

/**
 * A worker on the job queue: `begin` starts it (asynchronously: the queue must be up) and
 * resolves with what stops it. Stopping before the start has resolved waits for it, then stops.
 */
export function workerJob(name: string, begin: () => Promise<{ stop(): Promise<void> }>): BackgroundJob {
  let running: Promise<{ stop(): Promise<void> }> | null = null;
  return {
    name,
    async start() {
      running ??= begin();
      await running;
    },
    async stop() {
      const worker = await running?.catch(() => null);
      await worker?.stop();
    },
  };
}

export type RunningJobs = {
  /** Settles once every job runs; rejects when one could not start (which is logged too). */
  started: Promise<void>;
  /** Stops every job, the last started first. */
  stop(): Promise<void>;
};

/**
 * Starts the jobs side by side, in the background: the server answers meanwhile (the queue's
 * first start creates its schema, which takes seconds on the embedded database). A job that
 * cannot start is logged, and the others run on.
 */
export function startJobs(jobs: readonly BackgroundJob[], logger: Logger): RunningJobs {
  const starts = jobs.map(async (job) => {
    try {
      await job.start();
    } catch (error) {
      logger.error({ err: error }, `${job.name} did not start`);
      throw error;
    }
  });
  const started = Promise.all(starts).then(() => undefined);
  // Whoever does not wait for it (main.ts) has had the failure logged.
  started.catch(() => undefined);
  return {
    started,
    async stop() {
      for (const job of [...jobs].reverse()) {
        await job.stop().catch((error) => logger.error({ err: error }, `stopping ${job.name} failed`));
      }
    },
  };
}
