import { afterEach, describe, expect, it, vi } from "vitest";
import { createSlots, SlotWaitError } from "./slots";

/** A task that runs until its `finish` is called. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: () => done, finish };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("createSlots", () => {
  it("runs at most its size at once and hands slots over first come first served", async () => {
    const slots = createSlots(2);
    const order: number[] = [];
    const tasks = [0, 1, 2, 3].map(() => held());
    const runs = tasks.map((one, n) => slots.run(async () => {
      order.push(n);
      await one.task();
      return n;
    }));
    await Promise.resolve();
    expect(order).toEqual([0, 1]);
    expect(slots.load()).toEqual({ running: 2, waiting: 2 });
    tasks[1]!.finish();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([0, 1, 2]);
    tasks[0]!.finish();
    tasks[2]!.finish();
    tasks[3]!.finish();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(slots.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("gives the slot back when a task fails", async () => {
    const slots = createSlots(1);
    await expect(slots.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await slots.run(async () => "next")).toBe("next");
    expect(slots.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("fails a task that waited longer than it may, without running it, and keeps the queue whole", async () => {
    vi.useFakeTimers();
    const slots = createSlots(1, { maxWaitMs: 1000 });
    const first = held();
    const running = slots.run(first.task);
    let ran = false;
    const late = slots.run(async () => {
      ran = true;
    });
    const outcome = late.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1001);
    expect(await outcome).toBeInstanceOf(SlotWaitError);
    expect(ran).toBe(false);
    expect(slots.load()).toEqual({ running: 1, waiting: 0 });
    first.finish();
    await running;
    expect(await slots.run(async () => "free again")).toBe("free again");
  });

  it("refuses a size that is not a positive integer", () => {
    expect(() => createSlots(0)).toThrow(RangeError);
    expect(() => createSlots(1.5)).toThrow(RangeError);
  });
});
