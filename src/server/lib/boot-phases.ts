/** How long the server took to start, phase by phase, in milliseconds. */
export type BootReport = {
  /** From the process's start to listening. */
  totalMs: number;
  /** Each phase's duration, in the order they ran (`load` is Node loading the code, before main ran). */
  phases: Record<string, number>;
  /** From listening until the background jobs ran; absent until they do (they start after listening). */
  jobsMs?: number;
};

export type BootPhases = {
  /** Ends the current phase (if any) and starts `name`; tells `onPhase` so a waiting script can say what it waits for. */
  begin(name: string): void;
  /** Ends the current phase: start-up is over. */
  end(): void;
  /** Records when the background jobs were running, counted from the end of start-up. */
  jobsRunning(): void;
  report(): BootReport;
  /** One line for the log: `started in 1234 ms: load 800, config 5, database 300, ...`. */
  line(): string;
};

/**
 * Times the server's start-up as a sequence of phases. The clock is performance.now(), which
 * counts from the process's start, so the time Node spends loading the code before main() runs
 * shows as the first phase, `load`.
 */
export function bootPhases(options: { onPhase?: (name: string) => void; now?: () => number } = {}): BootPhases {
  const now = options.now ?? (() => performance.now());
  const phases: Record<string, number> = {};
  let current: { name: string; since: number } | null = null;
  let ended: number | null = null;
  let jobsMs: number | undefined;
  phases.load = Math.round(now());
  let last = now();

  const close = () => {
    const at = now();
    if (current) phases[current.name] = (phases[current.name] ?? 0) + Math.round(at - current.since);
    current = null;
    last = at;
  };

  const report = (): BootReport => ({ totalMs: Math.round(ended ?? now()), phases: { ...phases }, ...(jobsMs === undefined ? {} : { jobsMs }) });

  return {
    begin(name) {
      close();
      current = { name, since: last };
      options.onPhase?.(name);
    },
    end() {
      close();
      ended ??= last;
    },
    jobsRunning() {
      if (ended !== null && jobsMs === undefined) jobsMs = Math.round(now() - ended);
    },
    report,
    line() {
      const { totalMs, phases: done } = report();
      return `started in ${totalMs} ms: ${Object.entries(done).map(([name, ms]) => `${name} ${ms}`).join(", ")}`;
    },
  };
}
