// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { createLocalReadingHistoryStore, recordReading, type ReadingHistoryEntry } from "@/web/lib/user-data/reading-history-store";
import { makePaper } from "@/web/test/paper-factory";
import { ARXIV_ID_SPELLINGS } from "@/shared/paper-id.fixtures";

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));

describe("recordReading", () => {
  it("updates the read time of the same paper and view within 1 hour", () => {
    const paper = makePaper();
    const first = recordReading([], { paper, viewType: "paper", now: at(0), id: "a" });
    const second = recordReading(first, { paper, viewType: "paper", now: at(59), id: "b" });
    expect(second).toHaveLength(1);
    expect(second[0]).toMatchObject({ id: "a", readAt: at(59).toISOString() });
  });

  it("adds a new entry after an hour, or for another view type", () => {
    const paper = makePaper();
    let entries = recordReading([], { paper, viewType: "paper", now: at(0), id: "a" });
    entries = recordReading(entries, { paper, viewType: "pdf", now: at(1), id: "b" });
    entries = recordReading(entries, { paper, viewType: "paper", now: at(60), id: "c" });
    expect(entries.map((entry) => entry.id)).toEqual(["c", "b", "a"]);
  });

  it("keeps only the newest 10 per paper and view type", () => {
    const paper = makePaper();
    let entries: ReadingHistoryEntry[] = [];
    for (let hour = 0; hour < 12; hour++) entries = recordReading(entries, { paper, viewType: "paper", now: at(hour * 61), id: `r${hour}` });
    expect(entries).toHaveLength(10);
    expect(entries[0]!.id).toBe("r11");
    expect(entries.at(-1)!.id).toBe("r2");
  });

  it("keeps the newest 50 overall", () => {
    let entries: ReadingHistoryEntry[] = [];
    for (let index = 0; index < 55; index++) {
      entries = recordReading(entries, { paper: makePaper({ id: `p${index}` }), viewType: "paper", now: at(index) });
    }
    expect(entries).toHaveLength(50);
    expect(entries[0]!.paperId).toBe("p54");
  });

  it("merges views of every spelling of a paper id into one entry, keeping the version read in the paper", () => {
    let entries: ReadingHistoryEntry[] = [];
    for (const [index, spelling] of ARXIV_ID_SPELLINGS.entries()) {
      entries = recordReading(entries, { paper: makePaper({ id: spelling, arxivId: spelling }), viewType: "paper", now: at(index), id: `v${index}` });
    }
    expect(entries.map((entry) => entry.paperId)).toEqual(["2401.12345"]);
    expect(entries[0]!.paperData.arxivId).toBe(ARXIV_ID_SPELLINGS.at(-1));
  });

  it("reads entries kept under older spellings under the canonical id, each kept", () => {
    const entry = (id: string, paperId: string, readAt: string) => ({ id, paperId, paperData: makePaper({ id: paperId }), viewType: "paper", readAt });
    localStorage.setItem("reading-history", JSON.stringify([entry("a", "2401.12345v2", "2025-01-02T00:00:00.000Z"), entry("b", "arXiv:2401.12345", "2025-01-01T00:00:00.000Z")]));
    try {
      const store = createLocalReadingHistoryStore();
      expect(store.getSnapshot().map((e) => [e.id, e.paperId, e.paperData.id])).toEqual([
        ["a", "2401.12345", "2401.12345v2"],
        ["b", "2401.12345", "arXiv:2401.12345"],
      ]);
    } finally {
      localStorage.clear();
    }
  });
});

describe("device reading history", () => {
  afterEach(() => window.localStorage.clear());

  it("stores under reading-history and honours enableReadingHistory", async () => {
    const store = createLocalReadingHistoryStore({ now: () => at(0) });
    await store.record(makePaper(), "paper");
    expect(JSON.parse(window.localStorage.getItem("reading-history")!)).toHaveLength(1);

    window.localStorage.setItem("settings", JSON.stringify({ enableReadingHistory: false }));
    await store.record(makePaper({ id: "other" }), "paper");
    expect(store.getSnapshot()).toHaveLength(1);
  });
});
