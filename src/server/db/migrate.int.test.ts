import { afterAll, describe, expect, it } from "vitest";
import { openPostgres, type DatabaseHandle } from "@/server/db/client";
import { createEmptyPostgresDatabase, testDatabaseKind } from "@/test/test-database";

describe.runIf(testDatabaseKind === "postgres")("migrations on a shared PostgreSQL", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("run once when several instances start at the same moment on an empty database", async () => {
    const empty = await createEmptyPostgresDatabase();
    cleanups.push(empty.drop);
    const handles: DatabaseHandle[] = await Promise.all(Array.from({ length: 4 }, () => openPostgres(empty.url)));
    for (const handle of handles) cleanups.push(handle.close);
    const outcomes = await Promise.allSettled(handles.map((handle) => handle.migrate()));
    expect(outcomes.filter((outcome) => outcome.status === "rejected")).toEqual([]);
    // Each migration is recorded once, whichever instance applied it.
    const result = await handles[0]!.db.execute("select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash" as never);
    const rows = (result as unknown as { rows: { n: number }[] }).rows;
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((row) => row.n === 1)).toBe(true);
  }, 60_000);
});
