import { describe, expect, it } from "vitest";
import { JSON_MAX_DEPTH } from "@/shared/constants";
import { nestsDeeperThan } from "./validation";

const nested = (levels: number, open = "[", close = "]") => `${open.repeat(levels)}${close.repeat(levels)}`;

describe("nestsDeeperThan", () => {
  it("counts objects and arrays, up to the limit and past it", () => {
    expect(nestsDeeperThan(nested(JSON_MAX_DEPTH), JSON_MAX_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(JSON_MAX_DEPTH + 1), JSON_MAX_DEPTH)).toBe(true);
    expect(nestsDeeperThan(`${'{"a":'.repeat(JSON_MAX_DEPTH + 1)}1${"}".repeat(JSON_MAX_DEPTH + 1)}`, JSON_MAX_DEPTH)).toBe(true);
    expect(nestsDeeperThan(nested(5000), JSON_MAX_DEPTH)).toBe(true);
    // Siblings do not add up: depth is how far in, not how many.
    expect(nestsDeeperThan(JSON.stringify(Array.from({ length: 1000 }, () => [[1]])), 3)).toBe(false);
  });

  it("skips brackets inside strings, escaped quotes included", () => {
    expect(nestsDeeperThan(JSON.stringify({ text: "[".repeat(100) }), 2)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: `a "quoted" [[[[ \\ ${"{".repeat(50)}` }), 2)).toBe(false);
    expect(nestsDeeperThan(`{"a\\\\":${nested(4)}}`, 3)).toBe(true);
  });

  it("reads text that is not JSON without failing (the route says it is not JSON)", () => {
    expect(nestsDeeperThan('{"unterminated', 1)).toBe(false);
    expect(nestsDeeperThan("]]]]]][[", 1)).toBe(false);
  });
});
