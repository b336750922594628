import { describe, expect, it } from "vitest";
import { authorQuery, matchesAuthorNames } from "./authored.service";

describe("authorQuery", () => {
  it("searches arXiv's author field for the whole name", () => {
    expect(authorQuery("Ada Lovelace")).toBe('au:"Ada Lovelace"');
  });
  it("keeps a name with quotes or extra spaces one phrase", () => {
    expect(authorQuery('  Ada  "The Countess"  Lovelace ')).toBe('au:"Ada The Countess Lovelace"');
  });
});

describe("matchesAuthorNames", () => {
  it("matches a name variant regardless of case and spacing, never a part of a name", () => {
    expect(matchesAuthorNames(["Ada Lovelace", "Charles Babbage"], [" ada lovelace "])).toBe(true);
    expect(matchesAuthorNames(["Ada Lovelace"], ["Lovelace"])).toBe(false);
    expect(matchesAuthorNames(["Ada Lovelace"], [])).toBe(false);
  });
});
