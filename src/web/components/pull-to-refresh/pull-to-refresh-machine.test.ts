import { describe, expect, it } from "vitest";
import { DEFAULT_PULL_CONFIG, IDLE, pullReducer, type PullEvent, type PullState } from "./pull-to-refresh-machine";

const run = (events: PullEvent[], start: PullState = IDLE) => events.reduce((state, event) => pullReducer(state, event), start);

describe("pull-to-refresh", () => {
  it("uses the spec's numbers: threshold 80, resistance 2.5, at most 1.5x", () => {
    expect(DEFAULT_PULL_CONFIG).toEqual({ threshold: 80, resistance: 2.5, maxPull: 120 });
  });

  it("pulls with resistance: 100 px of finger travel is a 40 px pull", () => {
    expect(run([{ type: "touch-start", y: 10, atTop: true }, { type: "touch-move", y: 110 }])).toEqual({ phase: "pulling", startY: 10, distance: 40 });
  });

  it("can refresh once the pull reaches the threshold, and caps it at 1.5x", () => {
    const atThreshold = run([{ type: "touch-start", y: 0, atTop: true }, { type: "touch-move", y: 200 }]);
    expect(atThreshold).toMatchObject({ phase: "can-refresh", distance: 80 });
    expect(pullReducer(atThreshold, { type: "touch-move", y: 1000 }).distance).toBe(120);
  });

  it("refreshes on release past the threshold and returns to idle when done", () => {
    const refreshing = run([{ type: "touch-start", y: 0, atTop: true }, { type: "touch-move", y: 250 }, { type: "touch-end" }]);
    expect(refreshing.phase).toBe("refreshing");
    // Touches while refreshing change nothing.
    expect(run([{ type: "touch-start", y: 0, atTop: true }, { type: "touch-move", y: 400 }, { type: "touch-end" }], refreshing)).toBe(refreshing);
    expect(pullReducer(refreshing, { type: "refresh-done" })).toEqual(IDLE);
  });

  it("springs back without refreshing when released short of the threshold", () => {
    expect(run([{ type: "touch-start", y: 0, atTop: true }, { type: "touch-move", y: 150 }, { type: "touch-end" }])).toEqual(IDLE);
  });

  it("does nothing unless the page is scrolled to the top", () => {
    expect(run([{ type: "touch-start", y: 0, atTop: false }, { type: "touch-move", y: 400 }])).toEqual(IDLE);
  });

  it("pushing up is not a pull", () => {
    expect(run([{ type: "touch-start", y: 300, atTop: true }, { type: "touch-move", y: 100 }])).toMatchObject({ phase: "idle", distance: 0 });
  });
});
