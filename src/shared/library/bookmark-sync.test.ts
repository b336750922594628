import { describe, expect, it } from "vitest";
import { compareBookmarks, planTwoWaySync, type SyncBookmark } from "@/shared/library/bookmark-sync";
import { makeSyntheticLibrary } from "@/shared/library/duplicates.fixtures";

const [p1, p2, p3, p4, p5] = makeSyntheticLibrary(5, 7);
const at = (ms: number) => new Date(Date.UTC(2024, 0, 1) + ms).toISOString();
const mark = (paper: typeof p1, dateMs = 0, collections: string[] = []): SyncBookmark => ({ paperId: paper!.id, dateAdded: at(dateMs), collections, paperData: paper! });

describe("compareBookmarks", () => {
  it("sorts each paper into local-only, server-only, conflicts and identical", () => {
    const local = [mark(p1), mark(p2, 0), mark(p3, 0), mark(p4, 999)];
    const server = [mark(p2, 1001), { ...mark(p3, 500), paperData: { ...p3!, title: "Changed" } }, mark(p4, 0), mark(p5)];
    const result = compareBookmarks(local, server);
    expect(result.localOnly.map((b) => b.paperId)).toEqual([p1!.id]);
    expect(result.serverOnly.map((b) => b.paperId)).toEqual([p5!.id]);
    expect(result.conflicts.map((c) => [c.paperId, c.kind])).toEqual([
      [p2!.id, "date_mismatch"],
      [p3!.id, "data_mismatch"],
    ]);
    // 999 ms apart is within the 1 s tolerance.
    expect(result.identical).toBe(1);
  });

  it("treats different collections as a data mismatch and key order as no difference", () => {
    const reordered = Object.fromEntries(Object.entries(p1!).reverse()) as typeof p1;
    expect(compareBookmarks([mark(p1)], [{ ...mark(p1), paperData: reordered! }]).identical).toBe(1);
    expect(compareBookmarks([mark(p1, 0, ["a"])], [mark(p1, 0, ["b"])]).conflicts[0]?.kind).toBe("data_mismatch");
    expect(compareBookmarks([mark(p1, 0, ["a", "b"])], [mark(p1, 0, ["b", "a"])]).identical).toBe(1);
    // A difference anywhere in the paper data counts, not only in the fields compared first.
    expect(compareBookmarks([mark(p1)], [{ ...mark(p1), paperData: { ...p1!, abstract: `${p1!.abstract} more` } }]).conflicts).toHaveLength(1);
    expect(compareBookmarks([mark(p1)], [{ ...mark(p1), paperData: { ...p1!, categories: ["zz.ZZ"] } }]).conflicts).toHaveLength(1);
    expect(compareBookmarks([mark(p1)], [{ ...mark(p1), paperData: { ...p1!, journal: "Extra" } }]).conflicts).toHaveLength(1);
    // A key holding undefined is the same as no key (JSON drops it on the way to the server).
    expect(compareBookmarks([mark(p1)], [{ ...mark(p1), paperData: { ...p1!, journal: undefined } }]).identical).toBe(1);
  });
});

describe("planTwoWaySync", () => {
  it("sends each side what it lacks and follows the user's choices, leaving unchosen conflicts alone", () => {
    const comparison = compareBookmarks([mark(p1), mark(p2, 0), mark(p3, 0)], [mark(p2, 5000), mark(p3, 9000), mark(p4)]);
    const plan = planTwoWaySync(comparison, { [p2!.id]: "local" });
    expect(plan.toServer.map((b) => b.paperId)).toEqual([p1!.id, p2!.id]);
    expect(plan.toDevice.map((b) => b.paperId)).toEqual([p4!.id]);
    expect(plan.unresolved).toEqual([p3!.id]);
    expect(plan.toServer[1]?.dateAdded).toBe(at(0));
  });
});
