// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { makePaper } from "@/web/test/paper-factory";
import {
  decodePreferences,
  nextColumnSort,
  paperListPreferencesStore,
  parseColumnSort,
  sortPapers,
} from "./paper-list-preferences";

describe("column sorting", () => {
  it("sorts a newly clicked column descending and toggles the same column", () => {
    const first = nextColumnSort(null, "date");
    expect(first).toEqual({ column: "date", direction: "desc" });
    const second = nextColumnSort(first, "date");
    expect(second).toEqual({ column: "date", direction: "asc" });
    expect(nextColumnSort(second, "date")).toEqual({ column: "date", direction: "desc" });
    expect(nextColumnSort(second, "title")).toEqual({ column: "title", direction: "desc" });
  });

  it("sorts papers by title, first author, category and date, undated last", () => {
    const papers = [
      makePaper({ id: "a", title: "beta", authors: ["Zoe"], category: "cs.CL", publishedDate: "2024-01-02" }),
      makePaper({ id: "b", title: "Alpha", authors: ["Ada"], category: "cs.AI", publishedDate: null }),
      makePaper({ id: "c", title: "gamma", authors: [], category: "math.CO", publishedDate: "2019" }),
    ];
    const ids = (column: Parameters<typeof sortPapers>[1]) => sortPapers(papers, column).map((paper) => paper.id);
    expect(ids({ column: "title", direction: "asc" })).toEqual(["b", "a", "c"]);
    expect(ids({ column: "title", direction: "desc" })).toEqual(["c", "a", "b"]);
    expect(ids({ column: "authors", direction: "asc" })).toEqual(["c", "b", "a"]);
    expect(ids({ column: "category", direction: "asc" })).toEqual(["b", "a", "c"]);
    expect(ids({ column: "date", direction: "desc" })).toEqual(["a", "c", "b"]);
    expect(ids({ column: "date", direction: "asc" })).toEqual(["c", "a", "b"]);
    expect(ids(null)).toEqual(["a", "b", "c"]);
  });

  it("parses only known columns and directions", () => {
    expect(parseColumnSort("added-asc")).toEqual({ column: "added", direction: "asc" });
    expect(parseColumnSort("citations-asc")).toBeNull();
    expect(parseColumnSort("date-up")).toBeNull();
  });
});

describe("preferences per table id", () => {
  afterEach(() => window.localStorage.clear());

  it("persists sort field, order, collapsed state and the phone sort separately per table", () => {
    paperListPreferencesStore("bookmarks").update((current) => ({ ...current, sortField: "title", sortOrder: "asc", collapsed: true, mobileSort: "date-asc" }));
    expect(JSON.parse(window.localStorage.getItem("paper-list.bookmarks")!)).toEqual({
      sortField: "title",
      sortOrder: "asc",
      collapsed: true,
      mobileSort: "date-asc",
    });
    expect(paperListPreferencesStore("history").get()).toEqual({ sortField: null, sortOrder: "desc", collapsed: false, mobileSort: null });
  });

  it("reads damaged values as defaults", () => {
    expect(decodePreferences('{"sortField":"nope","sortOrder":"sideways","collapsed":"yes","mobileSort":"x"}')).toEqual({
      sortField: null,
      sortOrder: "desc",
      collapsed: false,
      mobileSort: null,
    });
    expect(decodePreferences("garbage")).toMatchObject({ sortField: null });
  });
});
