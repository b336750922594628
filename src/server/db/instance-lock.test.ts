import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireInstanceLock, InstanceLockError } from "./instance-lock";

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "quire-lock-"));

describe("acquireInstanceLock", () => {
  it("takes the lock and releases it", () => {
    const dir = tempDir();
    const lock = acquireInstanceLock(dir);
    expect(existsSync(path.join(dir, "quire.lock"))).toBe(true);
    lock.release();
    expect(existsSync(path.join(dir, "quire.lock"))).toBe(false);
  });

  it("refuses while a live process holds the directory", () => {
    const dir = tempDir();
    // The parent of this test process is alive for the whole test.
    writeFileSync(path.join(dir, "quire.lock"), JSON.stringify({ pid: process.ppid }));
    expect(() => acquireInstanceLock(dir)).toThrow(InstanceLockError);
    expect(() => acquireInstanceLock(dir)).toThrow(/already using the data directory/);
  });

  it("takes over a lock left by a process that died", () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "quire.lock"), JSON.stringify({ pid: 2 ** 22 + 12345 }));
    const lock = acquireInstanceLock(dir);
    lock.release();
  });

  it("takes over an unreadable lock file", () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "quire.lock"), "garbage");
    acquireInstanceLock(dir).release();
  });
});
