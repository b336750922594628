import {
  PULL_TO_REFRESH_MAX_PULL_FACTOR,
  PULL_TO_REFRESH_RESISTANCE,
  PULL_TO_REFRESH_THRESHOLD_PX,
} from "@/shared/constants";

/**
 * Pull-to-refresh as a pure state machine: idle, pulling, can-refresh
 * once the pull reaches the threshold, refreshing. The pull is the finger's travel divided by
 * the resistance, capped at 1.5x the threshold; it starts only when the page is at the top.
 */

export type PullPhase = "idle" | "pulling" | "can-refresh" | "refreshing";

export type PullState = {
  phase: PullPhase;
  /** Where the touch started, or null when no pull can happen (not at the top, no touch). */
  startY: number | null;
  /** How far the content is pulled down, in px. */
  distance: number;
};

export type PullEvent =
  | { type: "touch-start"; y: number; atTop: boolean }
  | { type: "touch-move"; y: number }
  | { type: "touch-end" }
  | { type: "refresh-done" };

export type PullConfig = { threshold: number; resistance: number; maxPull: number };

export const DEFAULT_PULL_CONFIG: PullConfig = {
  threshold: PULL_TO_REFRESH_THRESHOLD_PX,
  resistance: PULL_TO_REFRESH_RESISTANCE,
  maxPull: PULL_TO_REFRESH_THRESHOLD_PX * PULL_TO_REFRESH_MAX_PULL_FACTOR,
};

export const IDLE: PullState = { phase: "idle", startY: null, distance: 0 };

export function pullReducer(state: PullState, event: PullEvent, config: PullConfig = DEFAULT_PULL_CONFIG): PullState {
  if (state.phase === "refreshing") {
    return event.type === "refresh-done" ? IDLE : state;
  }
  switch (event.type) {
    case "touch-start":
      return event.atTop ? { phase: "idle", startY: event.y, distance: 0 } : IDLE;
    case "touch-move": {
      if (state.startY === null) return state;
      const travel = event.y - state.startY;
      if (travel <= 0) return { ...state, phase: "idle", distance: 0 };
      const distance = Math.min(travel / config.resistance, config.maxPull);
      return { ...state, phase: distance >= config.threshold ? "can-refresh" : "pulling", distance };
    }
    case "touch-end":
      return state.phase === "can-refresh" ? { phase: "refreshing", startY: null, distance: config.threshold } : IDLE;
    case "refresh-done":
      return state;
  }
}
