import { describe, expect, it } from "vitest";
import { LLM_TEST_HISTORY_MAX, LLM_TEST_HISTORY_MAX_ON_FAILURE } from "@/shared/llm/llm-constants";
import { nextHistory, type LlmTestEntry } from "./llm-test-page";

const entry = (n: number, ok: boolean): LlmTestEntry => ({ at: `2026-01-01T00:00:${String(n % 60).padStart(2, "0")}Z`, provider: "p", model: "m", prompt: `#${n}`, ok, answer: "", ms: 1 });

describe("the LLM test history", () => {
  it("keeps the newest 10 while the newest test passed, and 50 while it failed", () => {
    let history: LlmTestEntry[] = [];
    for (let n = 0; n < 60; n++) history = nextHistory(history, entry(n, false));
    expect(history).toHaveLength(LLM_TEST_HISTORY_MAX_ON_FAILURE);
    expect(history[0]!.prompt).toBe("#59");
    history = nextHistory(history, entry(60, true));
    expect(history).toHaveLength(LLM_TEST_HISTORY_MAX);
    expect(history.map((item) => item.prompt).slice(0, 2)).toEqual(["#60", "#59"]);
  });
});
