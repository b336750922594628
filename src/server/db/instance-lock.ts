import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

export class InstanceLockError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InstanceLockError";
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite has no cross-process lock: two servers on one data directory corrupt it. The first
 * server takes `DATA_DIR/quire.lock`; a second one refuses to start. A lock left by a process
 * that died is taken over.
 */
export function acquireInstanceLock(dataDir: string): { release(): void } {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "quire.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let holder: { pid?: number } = {};
      try {
        holder = JSON.parse(readFileSync(lockPath, "utf8"));
      } catch {
        // An unreadable lock file is treated as stale.
      }
      if (holder.pid && isAlive(holder.pid)) {
        throw new InstanceLockError(
          `Another Quire server (pid ${holder.pid}) is already using the data directory ${dataDir}. ` +
            `Stop it first, or start this one with a different DATA_DIR (or a DATABASE_URL).`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new InstanceLockError(`Could not take the lock ${lockPath}.`);
}
