// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { addInputHistoryEntry, decodeInputHistory, inputHistoryStore, matchInputHistory } from "@/web/lib/input-history";

describe("input history", () => {
  afterEach(() => window.localStorage.clear());

  it("puts the newest entry first and de-duplicates", () => {
    let entries: string[] = [];
    for (const value of ["graph", "transformer", "graph", "  transformer  "]) entries = addInputHistoryEntry(entries, value);
    expect(entries).toEqual(["transformer", "graph"]);
  });

  it("ignores blank values and keeps at most 10", () => {
    let entries: string[] = [];
    for (let index = 1; index <= 12; index++) entries = addInputHistoryEntry(entries, `query ${index}`);
    entries = addInputHistoryEntry(entries, "   ");
    expect(entries).toHaveLength(10);
    expect(entries[0]).toBe("query 12");
    expect(entries.at(-1)).toBe("query 3");
  });

  it("suggests entries containing what is typed, in any case, but not the exact text", () => {
    const entries = ["Graph neural networks", "transformer", "graph"];
    expect(matchInputHistory(entries, "GRAPH")).toEqual(["Graph neural networks"]);
    expect(matchInputHistory(entries, "")).toEqual(entries);
  });

  it("is stored under input-history.{input} and survives corrupt values", () => {
    const store = inputHistoryStore("search");
    store.update((entries) => addInputHistoryEntry(entries, "cat:cs.CL"));
    expect(JSON.parse(window.localStorage.getItem("input-history.search")!)).toEqual(["cat:cs.CL"]);
    expect(decodeInputHistory("{not json")).toEqual([]);
    expect(decodeInputHistory(JSON.stringify(["a", 3, "", "b"]))).toEqual(["a", "b"]);
  });
});
