import { afterEach, describe, expect, it, vi } from "vitest";
import { nextTask } from "./next-task";

describe("nextTask", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("resolves in a task of its own, after the current task's microtasks", async () => {
    const order: string[] = [];
    const waited = nextTask().then(() => order.push("next task"));
    void Promise.resolve().then(() => order.push("microtask"));
    await waited;
    expect(order).toEqual(["microtask", "next task"]);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldToBrowser = vi.fn(() => Promise.resolve());
    vi.stubGlobal("scheduler", { yield: yieldToBrowser });
    await nextTask();
    expect(yieldToBrowser).toHaveBeenCalledTimes(1);
  });
});
