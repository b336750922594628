import { describe, expect, it } from "vitest";
import { countOf, plural } from "@/shared/plural";
import { refreshSummary } from "@/shared/authored-papers";
import { EXPORT_MESSAGES } from "@/shared/library/export-labels";
import { SYNC_MESSAGES } from "@/shared/library/bookmark-sync";

describe("plural", () => {
  it("takes the singular for exactly one and the plural for every other count", () => {
    expect(plural(1, "result")).toBe("result");
    expect(plural(0, "result")).toBe("results");
    expect(plural(2, "result")).toBe("results");
    expect(plural(1_000, "entry", "entries")).toBe("entries");
    expect(plural(1, "has", "have")).toBe("has");
    expect(plural(3, "has", "have")).toBe("have");
  });
});

describe("countOf", () => {
  it("writes the count with separators and the word that agrees with it", () => {
    expect(countOf(1, "paper")).toBe("1 paper");
    expect(countOf(0, "paper")).toBe("0 papers");
    expect(countOf(12_345, "result")).toBe("12,345 results");
    expect(countOf(1, "matching bookmark")).toBe("1 matching bookmark");
  });

  it("is what the spec's count messages say for one", () => {
    expect(EXPORT_MESSAGES.exported(1, "bibtex")).toBe("Exported 1 bookmark as BibTeX");
    expect(EXPORT_MESSAGES.exported(2, "csv")).toBe("Exported 2 bookmarks as CSV");
    expect(SYNC_MESSAGES.syncedToDatabase(1)).toBe("Synced 1 bookmark to database");
    expect(refreshSummary({ found: 3, added: 1, alreadyPresent: 1, failed: 1 })).toEqual([
      "Added 1 new paper.",
      "1 paper already in your list.",
      "1 paper failed to save.",
    ]);
  });
});
