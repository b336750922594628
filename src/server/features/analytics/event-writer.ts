import { errors } from "@/server/errors";
import type { AnalyticsEventRow, AnalyticsRepository } from "./analytics.repository";

/**
 * Events waiting to be written on one instance, past which a request is turned away (503,
 * Retry-After) rather than queued: a flood from many addresses at once must not grow memory
 * or the database's queue without bound.
 */
export const EVENT_WRITER_MAX_WAITING = 5_000;

/**
 * Writes product events one transaction at a time per instance: requests that arrive while a
 * write is under way are written together in the next one (group commit), and each request
 * is answered once its own events are stored. Alone, a request is written at once, as before;
 * under a burst the database sees one events transaction at a time instead of one per request,
 * so the connections other routes need stay free.
 */
export function createEventWriter(repository: Pick<AnalyticsRepository, "insertEvents">) {
  let waiting: { rows: AnalyticsEventRow[]; done: { resolve: () => void; reject: (error: unknown) => void }[] } | null = null;
  let waitingRows = 0;
  let writing: Promise<void> | null = null;

  async function writeWaiting(): Promise<void> {
    while (waiting) {
      const batch = waiting;
      waiting = null;
      waitingRows = 0;
      try {
        await repository.insertEvents(batch.rows);
        for (const request of batch.done) request.resolve();
      } catch (error) {
        for (const request of batch.done) request.reject(error);
      }
    }
    writing = null;
  }

  return {
    write(rows: AnalyticsEventRow[]): Promise<void> {
      if (waitingRows + rows.length > EVENT_WRITER_MAX_WAITING) {
        return Promise.reject(Object.assign(errors.unavailable("Too many product events are waiting to be stored. Please try again shortly."), { retryAfter: 1 }));
      }
      const stored = new Promise<void>((resolve, reject) => {
        waiting ??= { rows: [], done: [] };
        waiting.rows.push(...rows);
        waiting.done.push({ resolve, reject });
        waitingRows += rows.length;
      });
      writing ??= writeWaiting();
      return stored;
    },
  };
}

export type EventWriter = ReturnType<typeof createEventWriter>;
