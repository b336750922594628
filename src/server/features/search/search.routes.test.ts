import { describe, expect, it } from "vitest";
import type { Paper } from "@/shared/paper";
import { searchResponseBody } from "./search.routes";

const searchResponseJson = (response: Parameters<typeof searchResponseBody>[0]) => Buffer.from(searchResponseBody(response)).toString("utf8");

const paper = (id: string, title: string): Paper =>
  ({ id, title, authors: ["Ada Lovelace"], abstract: 'Quotes " and \\ back\nslashes, é, 😀', source: "arxiv", categories: ["cs.LG"] }) as unknown as Paper;

describe("searchResponseBody", () => {
  it("writes what JSON.stringify writes", () => {
    const response = { papers: [paper("1", "One"), paper("2", "Two")], total: 2000, page: 3, size: 50 };
    expect(searchResponseJson(response)).toBe(JSON.stringify(response));
    expect(JSON.parse(searchResponseJson({ papers: [], total: 0, page: 0, size: 20 }))).toEqual({ papers: [], total: 0, page: 0, size: 20 });
    const one = { papers: [paper("1", "Ω one")], total: 1, page: 0, size: 20 };
    expect(searchResponseJson(one)).toBe(JSON.stringify(one));
  });

  it("serialises a papers array once, with each answer's own total and page", () => {
    const papers = [paper("1", "One")];
    const first = searchResponseJson({ papers, total: 10, page: 0, size: 20 });
    // The same array (a cached answer) is not read again: a change to it would not show.
    (papers[0] as { title: string }).title = "Changed";
    const second = searchResponseJson({ papers, total: 11, page: 1, size: 50 });
    expect(JSON.parse(second)).toEqual({ ...JSON.parse(first), total: 11, page: 1, size: 50 });
    expect(JSON.parse(searchResponseJson({ papers: [...papers], total: 1, page: 0, size: 20 })).papers[0].title).toBe("Changed");
  });

  it("gives the same search of the same array the answer it made before, and a different one its own", () => {
    const papers = [paper("1", "One")];
    const first = searchResponseBody({ papers, total: 10, page: 0, size: 20 });
    expect(searchResponseBody({ papers, total: 10, page: 0, size: 20 })).toBe(first);
    const other = searchResponseBody({ papers, total: 10, page: 1, size: 20 });
    expect(other).not.toBe(first);
    expect(JSON.parse(Buffer.from(other).toString("utf8"))).toMatchObject({ total: 10, page: 1, size: 20 });
    expect(JSON.parse(Buffer.from(first).toString("utf8"))).toMatchObject({ total: 10, page: 0, size: 20 });
  });
});
