import { describe, expect, it } from "vitest";
import { formatAuthorName, formatCount, formatPaperDate, formatRelativeTime, reorderLastFirst } from "./format";

describe("formatPaperDate", () => {
  it("says Unknown date for empty values", () => {
    expect(formatPaperDate(null)).toBe("Unknown date");
    expect(formatPaperDate(undefined)).toBe("Unknown date");
    expect(formatPaperDate("")).toBe("Unknown date");
    expect(formatPaperDate("   ")).toBe("Unknown date");
  });

  it("says Invalid date for values it cannot read", () => {
    expect(formatPaperDate("yesterday-ish")).toBe("Invalid date");
    expect(formatPaperDate("2024-13")).toBe("Invalid date");
    expect(formatPaperDate("2024-02-30T99:00:00Z")).toBe("Invalid date");
  });

  it("shows a bare 4-digit year as it is", () => {
    expect(formatPaperDate("2019")).toBe("2019");
    expect(formatPaperDate(" 1999 ")).toBe("1999");
  });

  it("formats months, days and timestamps by their UTC calendar date", () => {
    expect(formatPaperDate("2024-03")).toBe("Mar 2024");
    expect(formatPaperDate("2024-03-05")).toBe("Mar 5, 2024");
    expect(formatPaperDate("2026-06-03T17:45:00Z")).toBe("Jun 3, 2026");
    // Just before midnight UTC stays on that day wherever the viewer is.
    expect(formatPaperDate("2023-12-31T23:59:59Z")).toBe("Dec 31, 2023");
  });
});

describe("author names", () => {
  it("reorders Last, First to First Last", () => {
    expect(reorderLastFirst("Curie, Marie")).toBe("Marie Curie");
    expect(reorderLastFirst("Smith, J.")).toBe("J. Smith");
    expect(reorderLastFirst("King, Jr., Martin Luther")).toBe("Martin Luther King Jr.");
    expect(reorderLastFirst("Ada Lovelace")).toBe("Ada Lovelace");
  });

  it("shows the name, else given and family", () => {
    expect(formatAuthorName("  Ada Lovelace ")).toBe("Ada Lovelace");
    expect(formatAuthorName({ name: "Lovelace, Ada" })).toBe("Ada Lovelace");
    expect(formatAuthorName({ given: "Grace", family: "Hopper" })).toBe("Grace Hopper");
    expect(formatAuthorName({ family: "Hopper" })).toBe("Hopper");
    expect(formatAuthorName({ name: "", given: null, family: undefined })).toBe("");
  });
});

describe("formatRelativeTime", () => {
  const now = Date.UTC(2026, 5, 10, 12, 0, 0);
  it("reads naturally", () => {
    expect(formatRelativeTime(now - 10_000, now)).toBe("just now");
    expect(formatRelativeTime(now - 5 * 60_000, now)).toBe("5 minutes ago");
    expect(formatRelativeTime(now - 3 * 3_600_000, now)).toBe("3 hours ago");
    expect(formatRelativeTime(now - 24 * 3_600_000, now)).toBe("yesterday");
  });
});

describe("formatCount", () => {
  it("groups thousands the way en-US does", () => {
    for (const value of [0, 7, 999, 1000, 12345, 999999, 1000000, 2000, 123456789, -4321]) {
      expect(formatCount(value)).toBe(value.toLocaleString("en-US"));
    }
  });

  it("drops fractions and keeps non-finite values readable", () => {
    expect(formatCount(1234.9)).toBe("1,234");
    expect(formatCount(Number.NaN)).toBe("NaN");
  });
});
