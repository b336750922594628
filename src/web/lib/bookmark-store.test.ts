// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { createLocalBookmarkStore, decodeBookmarks } from "@/web/lib/bookmark-store";
import { makePaper } from "@/web/test/paper-factory";

describe("device bookmarks", () => {
  afterEach(() => window.localStorage.clear());

  it("adds a bookmark with the spec's local fields and removes it", async () => {
    const store = createLocalBookmarkStore({ now: () => new Date("2026-06-01T10:00:00Z") });
    const paper = makePaper();
    await store.add(paper);
    const stored = JSON.parse(window.localStorage.getItem("bookmarks")!);
    expect(stored).toEqual({
      bookmarks: {
        "2401.12345": {
          paperId: "2401.12345",
          dateAdded: "2026-06-01T10:00:00.000Z",
          title: "A paper",
          category: "cs.CL",
          collections: [],
          paperData: paper,
        },
      },
      collections: [],
    });
    expect(Object.keys(store.getSnapshot())).toEqual(["2401.12345"]);
    await store.remove("2401.12345");
    expect(store.getSnapshot()).toEqual({});
  });

  it("keeps the first date when a paper is bookmarked twice", async () => {
    let now = new Date("2026-06-01T10:00:00Z");
    const store = createLocalBookmarkStore({ now: () => now });
    await store.add(makePaper());
    now = new Date("2026-06-02T10:00:00Z");
    await store.add(makePaper());
    expect(store.getSnapshot()["2401.12345"]!.dateAdded).toBe("2026-06-01T10:00:00.000Z");
  });

  it("reads a bare map and ignores corrupt values", () => {
    const bare = { x: { paperId: "x", dateAdded: "", title: "", category: "", collections: [], paperData: makePaper({ id: "x" }) }, junk: 4 };
    expect(Object.keys(decodeBookmarks(JSON.stringify(bare)).bookmarks)).toEqual(["x"]);
    expect(decodeBookmarks("nope")).toEqual({ bookmarks: {}, collections: [] });
  });
});
