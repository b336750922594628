import { describe, expect, it } from "vitest";
import { estimateListingDates, listingWindow } from "./listing-dates";

const iso = (ms: number) => new Date(ms).toISOString();

describe("listingWindow", () => {
  it("gives a Tuesday listing the submissions from Friday's to Monday's deadline", () => {
    const { startMs, endMs } = listingWindow("2025-03-18"); // Tuesday
    expect(iso(startMs)).toBe("2025-03-14T18:00:00.000Z"); // Friday
    expect(iso(endMs)).toBe("2025-03-17T18:00:00.000Z"); // Monday
  });

  it("gives a Monday listing Thursday to Friday", () => {
    const { startMs, endMs } = listingWindow("2025-04-07"); // Monday
    expect(iso(startMs)).toBe("2025-04-03T18:00:00.000Z");
    expect(iso(endMs)).toBe("2025-04-04T18:00:00.000Z");
  });

  it("reads a weekend crawl as Friday's listing (Wednesday to Thursday)", () => {
    for (const weekend of ["2025-05-24", "2025-05-25"]) {
      const { startMs, endMs } = listingWindow(weekend);
      expect(iso(startMs)).toBe("2025-05-21T18:00:00.000Z");
      expect(iso(endMs)).toBe("2025-05-22T18:00:00.000Z");
    }
  });
});

describe("estimateListingDates", () => {
  it("spreads a listing's papers over its window in id order", () => {
    const estimates = estimateListingDates([
      { id: "2503.11677", listingDate: "2025-03-18" },
      { id: "2503.12642", listingDate: "2025-03-18" },
      { id: "2503.13446", listingDate: "2025-03-18" },
    ]);
    const times = ["2503.11677", "2503.12642", "2503.13446"].map((id) => estimates.get(id)!);
    expect(times.every((t) => t.basis === "listing")).toBe(true);
    expect(times[0]!.submittedMs).toBeLessThan(times[1]!.submittedMs);
    expect(times[1]!.submittedMs).toBeLessThan(times[2]!.submittedMs);
    expect(iso(times[0]!.submittedMs) >= "2025-03-14T18:00").toBe(true);
    expect(iso(times[2]!.submittedMs) < "2025-03-17T18:00").toBe(true);
  });

  it("falls back on the id's month when the listing window disagrees (holiday backlog)", () => {
    // The 2 January 2026 listing carried late-December ids only.
    const estimates = estimateListingDates([
      { id: "2512.23710", listingDate: "2026-01-02" },
      { id: "2512.25075", listingDate: "2026-01-02" },
    ]);
    for (const id of ["2512.23710", "2512.25075"]) {
      const estimate = estimates.get(id)!;
      expect(estimate.basis).toBe("id");
      expect(iso(estimate.submittedMs).slice(0, 7)).toBe("2025-12");
    }
  });

  it("dates an old paper cross-listed later by its own id", () => {
    const estimate = estimateListingDates([{ id: "2407.05592", listingDate: "2025-07-29" }]).get("2407.05592")!;
    expect(estimate.basis).toBe("id");
    expect(iso(estimate.submittedMs).slice(0, 7)).toBe("2024-07");
  });
});
