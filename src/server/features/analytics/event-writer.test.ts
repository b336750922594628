import { describe, expect, it } from "vitest";
import type { AnalyticsEventRow } from "./analytics.repository";
import { createEventWriter, EVENT_WRITER_MAX_WAITING } from "./event-writer";

const row = (eventName: string): AnalyticsEventRow => ({ eventName, properties: {}, userId: null });

/** A repository whose writes finish when the test says so. */
function slowRepository() {
  const writes: { rows: AnalyticsEventRow[]; finish: (error?: Error) => void }[] = [];
  return {
    writes,
    insertEvents: (rows: AnalyticsEventRow[]) =>
      new Promise<void>((resolve, reject) => writes.push({ rows, finish: (error) => (error ? reject(error) : resolve()) })),
  };
}

describe("createEventWriter", () => {
  it("writes a lone request at once, and those arriving meanwhile together in the next transaction", async () => {
    const repository = slowRepository();
    const writer = createEventWriter(repository);
    const settled: string[] = [];
    const first = writer.write([row("a")]).then(() => settled.push("a"));
    expect(repository.writes.map((write) => write.rows.map((r) => r.eventName))).toEqual([["a"]]);
    const second = writer.write([row("b"), row("c")]).then(() => settled.push("b"));
    const third = writer.write([row("d")]).then(() => settled.push("d"));
    // One transaction at a time: b, c and d wait for a's.
    expect(repository.writes).toHaveLength(1);
    repository.writes[0]!.finish();
    await first;
    await Promise.resolve();
    expect(repository.writes.map((write) => write.rows.map((r) => r.eventName))).toEqual([["a"], ["b", "c", "d"]]);
    expect(settled).toEqual(["a"]);
    repository.writes[1]!.finish();
    await Promise.all([second, third]);
    expect(settled).toEqual(["a", "b", "d"]);
  });

  it("fails the requests of a failed transaction, and goes on with the next", async () => {
    const repository = slowRepository();
    const writer = createEventWriter(repository);
    const first = writer.write([row("a")]);
    const second = writer.write([row("b")]);
    repository.writes[0]!.finish(new Error("database down"));
    await expect(first).rejects.toThrow("database down");
    await Promise.resolve();
    repository.writes[1]!.finish();
    await expect(second).resolves.toBeUndefined();
  });

  it("turns a request away (503, Retry-After) when too many events are already waiting", async () => {
    const repository = slowRepository();
    const writer = createEventWriter(repository);
    void writer.write([row("in-flight")]);
    const many = Array.from({ length: EVENT_WRITER_MAX_WAITING }, () => row("waiting"));
    const waiting = writer.write(many);
    await expect(writer.write([row("one too many")])).rejects.toMatchObject({ status: 503, retryAfter: 1 });
    repository.writes[0]!.finish();
    await Promise.resolve();
    await Promise.resolve();
    repository.writes[1]!.finish();
    await waiting;
  });
});
