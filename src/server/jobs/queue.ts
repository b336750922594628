import { PgBoss, fromPglite, type Queue } from "pg-boss";
import type { DatabaseHandle } from "@/server/db/client";
import type { Logger } from "@/server/logger";

/**
 * The job queue: pg-boss on the app's own database (its tables live in the `pgboss` schema),
 * so jobs survive a restart and every instance shares them. On PGlite it goes through
 * pg-boss's PGlite adapter; on Postgres it opens its own small pool.
 *
 * Workers are woken by LISTEN/NOTIFY when a job is sent (both adapters support it: PGlite
 * in-process, PostgreSQL on one connection of its own, across instances), so they poll only as
 * a backstop: idle polling cost the embedded database, on the server's own thread, about six
 * fetches a second. A job that becomes runnable later (a retry's delay, a startAfter) sends no
 * NOTIFY; each worker's backstop (`backstopSeconds`) and wakeAfter keep those on time.
 */
export async function startQueue(database: Pick<DatabaseHandle, "kind" | "pglite" | "connectionString">, logger: Logger): Promise<PgBoss> {
  const boss =
    database.kind === "pglite" && database.pglite
      ? new PgBoss({ db: fromPglite(database.pglite), backend: "pglite", useListenNotify: true })
      : new PgBoss({ connectionString: database.connectionString, max: 4, useListenNotify: true });
  boss.on("warning", (warning: { message: string }) => logger.warn({ warning }, `job queue: ${warning.message}`));
  boss.on("error", (error) => logger.warn({ err: error }, "job queue error"));
  await boss.start();
  return boss;
}

type SharedQueue = { started: Promise<PgBoss>; users: number };
const sharedQueues = new WeakMap<object, SharedQueue>();

/**
 * The one queue per database handle that its holders share (each server's jobQueue below; test
 * servers on one database): the first caller starts it, each caller releases its hold, and the
 * last release stops it. Two pg-boss instances on one database would each poll it and race to
 * create the schema on first start.
 */
export function acquireQueue(
  database: Pick<DatabaseHandle, "db" | "kind" | "pglite" | "connectionString">,
  logger: Logger,
): { boss: Promise<PgBoss>; release(options?: { graceful?: boolean; timeout?: number }): Promise<void> } {
  let shared = sharedQueues.get(database.db);
  if (!shared) {
    shared = { started: startQueue(database, logger), users: 0 };
    sharedQueues.set(database.db, shared);
  }
  shared.users += 1;
  const held = shared;
  let released = false;
  return {
    boss: held.started,
    async release(options = { graceful: true, timeout: 5000 }) {
      if (released) return;
      released = true;
      held.users -= 1;
      if (held.users > 0) return;
      sharedQueues.delete(database.db);
      const boss = await held.started.catch(() => null);
      await boss?.stop(options);
    },
  };
}

/** One server's hold on the shared queue. */
export type JobQueue = {
  /** The started queue; the first call takes the hold (and starts the queue when nobody runs it yet). */
  boss(): Promise<PgBoss>;
  /** Lets the hold go (the last one stops the queue, waiting up to 5 s for jobs in flight). */
  release(): Promise<void>;
};

/**
 * The server's queue, taken only when a job needs it: a server without queue-backed jobs (most
 * tests) never starts pg-boss.
 */
export function jobQueue(database: Pick<DatabaseHandle, "db" | "kind" | "pglite" | "connectionString">, logger: Logger): JobQueue {
  let held: ReturnType<typeof acquireQueue> | null = null;
  let released = false;
  return {
    boss() {
      if (released) return Promise.reject(new Error("The job queue is stopped."));
      held ??= acquireQueue(database, logger);
      return held.boss;
    },
    async release() {
      released = true;
      await held?.release({ graceful: true, timeout: 5000 });
    },
  };
}

/**
 * Creates a queue whose sends wake its workers (NOTIFY); a queue made before that (an older
 * database) is switched over. Its other options stay as they were made.
 */
export async function createNotifiedQueue(boss: PgBoss, name: string, options: Omit<Queue, "name" | "notify"> = {}): Promise<void> {
  await boss.createQueue(name, { ...options, notify: true });
  if ((await boss.getQueue(name))?.notify === false) await boss.updateQueue(name, { notify: true });
}

/**
 * Wakes a worker `seconds` from now, for a job it made runnable only then (a retry's delay):
 * no NOTIFY comes for it, and the backstop poll may be far off. Does not keep the process up.
 */
export function wakeAfter(boss: PgBoss, workerId: string | null, seconds: number): void {
  if (!workerId) return;
  const timer = setTimeout(() => boss.notifyWorker(workerId), seconds * 1000 + 50);
  timer.unref?.();
}
