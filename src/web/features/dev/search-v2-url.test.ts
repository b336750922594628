import { describe, expect, it } from "vitest";
import { searchHrefFromV2, searchV2Href } from "./search-v2-url";

describe("the /search-v2 link", () => {
  it("carries the spec's parameters", () => {
    expect(searchV2Href({ q: " graphs ", author: "", source: "both", llm: true, sort: "submittedDate", order: "descending", page: 1, size: 20 })).toBe(
      "/search-v2?q=graphs&source=both&llm=true&sort=submittedDate&order=descending&page=1&size=20",
    );
  });

  it("opens the search page with the same search", () => {
    const href = searchHrefFromV2(new URLSearchParams("q=graphs&author=Ada Lovelace&source=openalex&llm=true&sort=submittedDate&order=asc&page=2&size=20"));
    const params = new URL(href, "http://x").searchParams;
    expect(new URL(href, "http://x").pathname).toBe("/search");
    expect(params.get("q")).toBe('graphs AND au:"Ada Lovelace"');
    expect(params.get("source")).toBe("openalex");
    expect(params.get("sort")).toBe("submittedDate-ascending");
    expect(params.get("page")).toBe("2");
    expect(params.get("size")).toBe("20");
    expect(params.get("llm")).toBe("true");
  });

  it("searches arXiv for both sources, and drops what the search page would refuse", () => {
    const params = new URL(searchHrefFromV2(new URLSearchParams("author=Turing&source=both&sort=hot&size=7")), "http://x").searchParams;
    expect(params.get("q")).toBe('au:"Turing"');
    expect(params.get("source")).toBeNull();
    expect(params.get("sort")).toBeNull();
    expect(params.get("size")).toBeNull();
  });
});
