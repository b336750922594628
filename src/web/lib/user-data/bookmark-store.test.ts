// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { createLocalBookmarkStore, decodeBookmarks } from "@/web/lib/user-data/bookmark-store";
import { makePaper } from "@/web/test/paper-factory";
import { ARXIV_ID_SPELLINGS } from "@/shared/paper-id.fixtures";
import { entryFor } from "@/web/lib/user-data/paper-key";

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

  it("pages and filters here, lists everything newest first, moves its revision on each change and finds duplicates", async () => {
    let now = new Date("2026-06-01T10:00:00Z");
    const store = createLocalBookmarkStore({ now: () => now });
    const arxiv = (id: string, title: string) => makePaper({ id, arxivId: id, url: `https://arxiv.org/abs/${id}`, doi: null, title });
    const start = store.getRevision();
    await store.add(arxiv("2401.00001", "Graph Neural Networks"));
    now = new Date("2026-06-02T10:00:00Z");
    await store.add(arxiv("2401.00002", "Neural Radiance Fields"));
    now = new Date("2026-06-03T10:00:00Z");
    await store.add(arxiv("2401.00003", "Protein Folding"));
    await store.setCollections("2401.00001", ["thesis"]);
    const afterAdds = store.getRevision();
    expect(afterAdds).toBeGreaterThan(start);
    await store.remove("2401.00003");
    expect(store.getRevision()).toBeGreaterThan(afterAdds);
    await store.add(arxiv("2401.00003", "Protein Folding"));
    const page = await store.page({ q: "neural" }, 0, 1);
    expect(page.total).toBe(2);
    expect(page.bookmarks.map((bookmark) => bookmark.paperId)).toEqual(["2401.00002"]);
    expect((await store.page({ q: "neural" }, 1, 1)).bookmarks.map((bookmark) => bookmark.paperId)).toEqual(["2401.00001"]);
    expect((await store.all()).map((bookmark) => bookmark.paperId)).toEqual(["2401.00003", "2401.00002", "2401.00001"]);
    expect((await store.all("thesis")).map((bookmark) => bookmark.paperId)).toEqual(["2401.00001"]);
    // Another version is the same id (the shared rule): the bookmark itself, not a duplicate.
    expect(await store.findDuplicate(arxiv("2401.00002v3", "Neural Radiance Fields"))).toBeNull();
    expect(entryFor(store.getSnapshot(), "2401.00002v3")?.paperId).toBe("2401.00002");
    expect(await store.findDuplicate(arxiv("2401.00002", "Neural Radiance Fields"))).toBeNull();
  });

  it("keeps one bookmark for every spelling of a paper id, the server's rule, and finds it by any", async () => {
    const store = createLocalBookmarkStore();
    for (const spelling of ARXIV_ID_SPELLINGS) await store.add(makePaper({ id: spelling }));
    expect(Object.keys(store.getSnapshot())).toEqual(["2401.12345"]);
    await store.setCollections("arXiv:2401.12345v2", ["moe"]);
    expect(store.getSnapshot()["2401.12345"]?.collections).toEqual(["moe"]);
    expect(entryFor(store.getSnapshot(), "\u200b2401.12345")).toBeDefined();
    await store.remove("https://arxiv.org/pdf/2401.12345v1");
    expect(store.getSnapshot()).toEqual({});
  });

  it("finds a bookmark kept under a DOI's own case by the canonical spelling, and the other way round", async () => {
    const store = createLocalBookmarkStore();
    await store.add(makePaper({ id: "10.1103/PhysRevLett.116.061102", source: "crossref" }));
    expect(Object.keys(store.getSnapshot())).toEqual(["10.1103/physrevlett.116.061102"]);
    expect(entryFor(store.getSnapshot(), "10.1103/PhysRevLett.116.061102")).toBeDefined();
    expect(entryFor({ "10.1103/PhysRevLett.116.061102": 1 }, "doi:10.1103/physrevlett.116.061102")).toBeUndefined();
    expect(entryFor({ "10.1103/PhysRevLett.116.061102": 1 }, "10.1103/PhysRevLett.116.061102")).toBe(1);
  });

  it("files bookmarks kept under older spellings under the canonical id, the later one in the collections of both", async () => {
    const old = (paperId: string, dateAdded: string, collections: string[]) => ({ paperId, dateAdded, title: paperId, category: "cs.LG", collections, paperData: makePaper({ id: paperId }) });
    localStorage.setItem(
      "bookmarks",
      JSON.stringify({
        bookmarks: {
          "2401.12345v2": old("2401.12345v2", "2025-01-01T00:00:00.000Z", ["ml", "to-read"]),
          "2401.12345": old("2401.12345", "2025-01-05T00:00:00.000Z", ["to-read", "reading"]),
          "10.1000/ABC": old("10.1000/ABC", "2025-01-02T00:00:00.000Z", []),
        },
        collections: ["ml", "to-read", "reading"],
      }),
    );
    localStorage.setItem("bookmarks.trash", JSON.stringify([{ bookmark: old("arXiv:2401.99999v1", "2025-01-01T00:00:00.000Z", []), deletedAt: null }]));
    const store = createLocalBookmarkStore();
    const snapshot = store.getSnapshot();
    expect(Object.keys(snapshot).sort()).toEqual(["10.1000/abc", "2401.12345"]);
    expect(snapshot["2401.12345"]).toMatchObject({ paperId: "2401.12345", dateAdded: "2025-01-05T00:00:00.000Z", collections: ["to-read", "reading", "ml"] });
    expect(snapshot["10.1000/abc"]?.paperId).toBe("10.1000/abc");
    expect((await store.listTrash()).map((item) => item.bookmark.paperId)).toEqual(["2401.99999"]);
    await store.restore("2401.99999");
    expect(Object.keys(store.getSnapshot()).sort()).toEqual(["10.1000/abc", "2401.12345", "2401.99999"]);
  });
});
