import { describe, expect, it } from "vitest";
import { authoredDuplicateMessage, isVerifiedMethod, profilePapersCacheKey, refreshSummary } from "./authored-papers";

describe("authored papers", () => {
  it("is verified only for an arXiv match or ORCID", () => {
    expect(isVerifiedMethod("manual")).toBe(false);
    expect(isVerifiedMethod("auto_arxiv_match")).toBe(true);
    expect(isVerifiedMethod("orcid_verification")).toBe(true);
  });

  it("uses the spec's cache key and duplicate message", () => {
    expect(profilePapersCacheKey("u1")).toBe("profile-papers-u1");
    expect(authoredDuplicateMessage("On Graphs")).toBe("Paper On Graphs is already in your authored papers list.");
  });

  it("sums a refresh up in the spec's words", () => {
    expect(refreshSummary({ found: 0, added: 0, alreadyPresent: 0, failed: 0 })).toBeNull();
    expect(refreshSummary({ found: 5, added: 3, alreadyPresent: 2, failed: 0 })).toEqual(["Added 3 new papers.", "2 papers already in your list."]);
    expect(refreshSummary({ found: 4, added: 0, alreadyPresent: 3, failed: 1 })).toEqual(["3 papers already in your list.", "1 paper failed to save.", "No new papers found."]);
    expect(refreshSummary({ found: 2, added: 0, alreadyPresent: 2, failed: 0 })).toEqual(["2 papers already in your list.", "No new papers found."]);
  });
});
