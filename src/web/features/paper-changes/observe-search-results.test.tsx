// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderHook, waitFor } from "@testing-library/react";
import type { Paper } from "@/shared/paper";
import type { LocalBookmark } from "@/web/lib/user-data/bookmark-store";
import { devicePaperChanges, keptAmong } from "./device-paper-changes";
import { useObserveSearchResults } from "./paper-changes-queries";

const session = vi.hoisted(() => ({ status: "anonymous" as "anonymous" | "signed-in" }));
const deviceBookmarks = vi.hoisted(() => ({ list: [] as LocalBookmark[] }));
vi.mock("@/web/lib/user-data/user-data-session", () => ({
  useUserDataSession: () => ({ session: { status: session.status }, isAuthPending: false }),
}));
vi.mock("@/web/lib/user-data/user-stores", () => {
  const bookmarks = { all: async () => deviceBookmarks.list };
  const stores = { bookmarks };
  return {
    useUserStores: () => stores,
    useBookmarks: () => Object.fromEntries(deviceBookmarks.list.map((bookmark) => [bookmark.paperId, { paperId: bookmark.paperId, collections: [] }])),
  };
});

const paper = (id: string, version: number, extra: Partial<Paper> = {}): Paper => ({
  id,
  title: `Paper ${id}`,
  authors: ["Ada Lovelace"],
  abstract: "About things.",
  url: `https://arxiv.org/abs/${id}v${version}`,
  pdfUrl: `https://arxiv.org/pdf/${id}v${version}`,
  publishedDate: "2007-04-03T00:00:00Z",
  updatedDate: "2007-07-13T00:00:00Z",
  categories: ["cs.CC"],
  category: "cs.CC",
  source: "arxiv",
  doi: null,
  journalRef: null,
  comments: null,
  arxivId: `${id}v${version}`,
  links: { abstract: `https://arxiv.org/abs/${id}v${version}`, pdf: `https://arxiv.org/pdf/${id}v${version}` },
  ...extra,
});
const bookmark = (kept: Paper): LocalBookmark => ({ paperId: kept.id, dateAdded: "2026-01-01T00:00:00Z", title: kept.title, category: kept.category, collections: [], paperData: kept });

const fetchSpy = vi.fn(async () => new Response("{}"));

beforeEach(() => {
  session.status = "anonymous";
  deviceBookmarks.list = [bookmark(paper("0704.0309", 2)), bookmark(paper("0704.0001", 1))];
  vi.stubGlobal("fetch", fetchSpy);
  fetchSpy.mockClear();
});
afterEach(() => {
  devicePaperChanges.remove(() => true);
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe("an anonymous user's search results against the device's bookmarks", () => {
  it("gives a kept paper answered in a newer version its change, asking nothing", async () => {
    const results = [paper("0704.0309", 3, { comments: "10 pages, 4 figures" }), paper("0704.0001", 1), paper("0704.0002", 4)];
    renderHook(() => useObserveSearchResults(results));
    await waitFor(() => expect(devicePaperChanges.getSnapshot()).toHaveLength(1));
    expect(devicePaperChanges.getSnapshot()[0]).toMatchObject({ paperId: "0704.0309", kind: "version", fromVersion: 2, toVersion: 3, comment: "10 pages, 4 figures", origin: "bookmark" });
    // Kept on the device: the badge reads it back after a reload.
    expect(JSON.parse(window.localStorage.getItem("paper-changes") ?? "[]")).toHaveLength(1);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("notes a publication and a new version of several kept papers from one page of results", async () => {
    const results = [paper("0704.0309", 3), paper("0704.0001", 1, { doi: "10.1000/x.1", journalRef: "J. Things 1 (2008)" })];
    renderHook(() => useObserveSearchResults(results));
    await waitFor(() => expect(devicePaperChanges.getSnapshot()).toHaveLength(2));
    expect(devicePaperChanges.getSnapshot().map((change) => `${change.paperId} ${change.kind}`).sort()).toEqual(["0704.0001 published", "0704.0309 version"]);
  });

  it("compares nothing for a signed-in user (the server checks their bookmarks)", async () => {
    session.status = "signed-in";
    renderHook(() => useObserveSearchResults([paper("0704.0309", 3)]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(devicePaperChanges.getSnapshot()).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("keeps nothing when the results are the kept versions", async () => {
    renderHook(() => useObserveSearchResults([paper("0704.0309", 2), paper("0704.0001", 1)]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(devicePaperChanges.getSnapshot()).toEqual([]);
  });
});

describe("keptAmong", () => {
  it("pairs results with the bookmarks of the same paper, whatever the spelling of its id", () => {
    const kept = { ...paper("x", 1), id: "10.1000/abc", source: "crossref" as const, arxivId: null };
    const pairs = keptAmong([bookmark(kept)], [{ ...kept, id: "10.1000/ABC", doi: "10.1000/ABC" }, paper("0704.0002", 1)]);
    expect(pairs).toHaveLength(1);
    expect(pairs[0]!.kept).toBe(kept);
  });
});
