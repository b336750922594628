import { describe, expect, it } from "vitest";
import { widthQueryMatches } from "./use-media-query";

describe("widthQueryMatches (the server's preview, laid out for an assumed width)", () => {
  it("answers min-width and max-width queries, joined with and", () => {
    expect(widthQueryMatches("(min-width: 1024px)", 1280)).toBe(true);
    expect(widthQueryMatches("(min-width: 1024px)", 800)).toBe(false);
    expect(widthQueryMatches("(min-width: 640px)", 640)).toBe(true);
    expect(widthQueryMatches("(max-width: 639px)", 390)).toBe(true);
    expect(widthQueryMatches("(min-width: 640px) and (max-width: 1023px)", 800)).toBe(true);
    expect(widthQueryMatches("(min-width: 640px) and (max-width: 1023px)", 1280)).toBe(false);
  });

  it("is false for anything else a server cannot know", () => {
    expect(widthQueryMatches("(prefers-color-scheme: dark)", 1280)).toBe(false);
    expect(widthQueryMatches("(pointer: coarse)", 390)).toBe(false);
    expect(widthQueryMatches("(min-width: 40em)", 1280)).toBe(false);
  });
});
