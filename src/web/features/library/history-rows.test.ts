import { describe, expect, it } from "vitest";
import type { ReadingHistoryEntry } from "@/web/lib/user-data/reading-history-store";
import { makePaper } from "@/web/test/paper-factory";
import { groupReadingHistory } from "./history-rows";

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes)).toISOString();
const entry = (id: string, paperId: string, viewType: string, minutes: number, title = "A paper"): ReadingHistoryEntry => ({
  id,
  paperId,
  viewType,
  readAt: at(minutes),
  paperData: makePaper({ id: paperId, title }),
});

describe("groupReadingHistory", () => {
  it("lists a paper read in three views as one row naming the three, in the reader's order", () => {
    const rows = groupReadingHistory([entry("h", "p1", "html", 3), entry("p", "p1", "pdf", 2), entry("a", "p1", "abs", 1)]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.views.map((view) => view.label)).toEqual(["Abstract", "PDF", "HTML"]);
    // The row's time is the latest read of the paper, in any view.
    expect(rows[0]!.paper).toMatchObject({ id: "p1", dateAdded: at(3), historyEntryId: "h" });
  });

  it("counts the list's Read button (the detail page) as the abstract view, with the latest time of either", () => {
    const rows = groupReadingHistory([entry("a", "p1", "abs", 5), entry("r", "p1", "paper", 9), entry("r0", "p1", "paper", 1)]);
    expect(rows[0]!.views).toEqual([{ view: "abs", label: "Abstract", readAt: at(9) }]);
  });

  it("orders papers by their latest read, whatever order the entries come in", () => {
    const rows = groupReadingHistory([entry("1", "old", "pdf", 1), entry("2", "new", "abs", 2), entry("3", "old", "abs", 0), entry("4", "new", "pdf", 7)]);
    expect(rows.map((row) => row.paper.id)).toEqual(["new", "old"]);
    expect(rows[0]!.paper.dateAdded).toBe(at(7));
    expect(rows[1]!.views.map((view) => view.view)).toEqual(["abs", "pdf"]);
  });

  it("shows the newest copy of the paper's data", () => {
    const rows = groupReadingHistory([entry("1", "p1", "abs", 1, "Old title"), entry("2", "p1", "pdf", 4, "New title")]);
    expect(rows[0]!.paper.title).toBe("New title");
  });

  it("is empty for no history", () => {
    expect(groupReadingHistory([])).toEqual([]);
  });
});
