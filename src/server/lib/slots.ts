/** A task waited longer than it may for a slot; it never ran. */
export class SlotWaitError extends Error {
  constructor(readonly waitedMs: number) {
    super(`no slot came free within ${waitedMs} ms`);
    this.name = "SlotWaitError";
  }
}

/**
 * At most `size` tasks run at a time; the others wait for a slot, first come first served,
 * each at most `maxWaitMs` (then it fails with SlotWaitError, never having run).
 */
export function createSlots(size: number, options: { maxWaitMs?: number } = {}) {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`slots: size must be a positive integer, not ${size}`);
  const maxWaitMs = options.maxWaitMs ?? Number.POSITIVE_INFINITY;
  let running = 0;
  const waiting: (() => void)[] = [];

  /** A slot for the caller: taken at once, or handed over by a task that ends. */
  function take(): Promise<void> {
    if (running < size) {
      running++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = Number.isFinite(maxWaitMs)
        ? setTimeout(() => {
            waiting.splice(waiting.indexOf(turn), 1);
            reject(new SlotWaitError(Date.now() - started));
          }, maxWaitMs)
        : undefined;
      waiting.push(turn);
    });
  }

  /** The slot goes to the longest waiting task, or back to the pool. */
  function give(): void {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      await take();
      try {
        return await task();
      } finally {
        give();
      }
    },
    /** Tasks running and waiting now. */
    load(): { running: number; waiting: number } {
      return { running, waiting: waiting.length };
    },
  };
}

export type Slots = ReturnType<typeof createSlots>;
