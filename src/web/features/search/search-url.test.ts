import { describe, expect, it } from "vitest";
import { searchParamsSchema } from "@/shared/search-params";
import {
  DEFAULT_SEARCH_STATE,
  advancedSearch,
  authorSearch,
  basicSearch,
  readSearchState,
  refreshedState,
  searchHref,
  searchRequest,
  withPage,
  withSize,
  withSort,
  withSource,
  writeSearchState,
} from "./search-url";

/** What the server's schema makes of a request built from the page's state. */
function serverView(query: string) {
  const state = readSearchState(new URLSearchParams(query));
  const request = searchRequest(state);
  const asQuery: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(request)) asQuery[key] = Array.isArray(value) ? value : String(value);
  return { state, parsed: searchParamsSchema.safeParse(asQuery) };
}

describe("reading the URL", () => {
  it("gives the spec's defaults for an empty query", () => {
    expect(readSearchState(new URLSearchParams())).toEqual(DEFAULT_SEARCH_STATE);
    expect(DEFAULT_SEARCH_STATE).toMatchObject({ source: "arxiv", page: 0, size: 50, searchType: "basic", sort: "relevance-descending" });
  });

  it("reads every parameter, authors repeated", () => {
    const state = readSearchState(
      new URLSearchParams(
        "q=graph&source=crossref&page=3&size=20&searchType=advanced&sort=title-ascending&title=Deep&authors=Ada&authors=%20&authors=Grace&dateFrom=2022-01-01&dateTo=2024&llm=true",
      ),
    );
    expect(state).toEqual({
      q: "graph",
      source: "crossref",
      page: 3,
      size: 20,
      searchType: "advanced",
      sort: "title-ascending",
      title: "Deep",
      authors: ["Ada", "Grace"],
      dateFrom: "2022-01-01",
      dateTo: "2024",
      llm: true,
    });
  });

  it("falls back on structural values the server would refuse", () => {
    const state = readSearchState(new URLSearchParams("source=scholar&page=-2&size=30&sort=citations-up&searchType=x&dateFrom=last+week"));
    expect(state).toMatchObject({ source: "arxiv", page: 0, size: 50, sort: "relevance-descending", searchType: "basic", dateFrom: "" });
    expect(readSearchState(new URLSearchParams("page=1.5")).page).toBe(0);
    // Past the 2000-result cap: the last page there is.
    expect(readSearchState(new URLSearchParams("page=500&size=100")).page).toBe(19);
  });

  it("round-trips through the URL, leaving defaults out", () => {
    const state = advancedSearch(withSize(withSource(DEFAULT_SEARCH_STATE, "openalex"), 100), "q", {
      title: "Attention",
      authors: ["Vaswani", ""],
      dateFrom: "2017-01-01",
      dateTo: "",
    });
    const written = writeSearchState(withPage(state, 2));
    expect(readSearchState(written)).toEqual({ ...withPage(state, 2), authors: ["Vaswani"] });
    expect(writeSearchState(basicSearch(DEFAULT_SEARCH_STATE, "transformer")).toString()).toBe("q=transformer");
    expect(searchHref(DEFAULT_SEARCH_STATE)).toBe("/search");
  });
});

describe("agreement with the server's schema", () => {
  const urls = [
    "",
    "q=transformer",
    "q=cat:cs.CL&size=20&page=4",
    "q=x&source=openalex&sort=submittedDate-ascending",
    "q=x&sort=title-descending",
    "searchType=advanced&title=Graph&authors=Ada&authors=Grace&dateFrom=2022&dateTo=2022-12-31",
    "q=x&page=39&size=50",
    "q=x&page=40&size=50",
    "q=x&page=abc&size=7&sort=bogus&source=nope&dateTo=soon&llm=yes",
  ];

  it.each(urls)("every state read from %j is a request the server accepts with the same values", (query) => {
    const { state, parsed } = serverView(query);
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(parsed.data).toMatchObject({
      source: state.source,
      q: state.q,
      page: state.page,
      size: state.size,
      searchType: state.searchType,
      title: state.title,
      authors: state.authors,
      llm: state.llm,
    });
  });

  it("reads whatever the schema accepts exactly as the schema does", () => {
    for (const query of urls) {
      const direct = searchParamsSchema.safeParse(Object.fromEntries(new URLSearchParams(query)));
      if (!direct.success) continue;
      const state = readSearchState(new URLSearchParams(query));
      expect(state).toMatchObject({
        source: direct.data.source,
        page: direct.data.page,
        size: direct.data.size,
        sort: direct.data.sort,
        searchType: direct.data.searchType,
        llm: direct.data.llm,
      });
    }
  });

  it("sends title sorts to the server as relevance (the page sorts titles itself)", () => {
    expect(searchRequest(withSort(DEFAULT_SEARCH_STATE, "title-ascending")).sort).toBe("relevance-descending");
    expect(searchRequest(withSort(DEFAULT_SEARCH_STATE, "submittedDate-ascending")).sort).toBe("submittedDate-ascending");
  });
});

describe("transitions", () => {
  const paged = { ...basicSearch(DEFAULT_SEARCH_STATE, "graph"), page: 4, llm: true };

  it("a new search, a source change and a sort change go back to page 0", () => {
    expect(basicSearch(paged, "new").page).toBe(0);
    expect(withSource(paged, "crossref")).toMatchObject({ source: "crossref", page: 0 });
    expect(withSort(paged, "submittedDate-descending")).toMatchObject({ sort: "submittedDate-descending", page: 0 });
    expect(withSize(paged, 100)).toMatchObject({ size: 100, page: 0 });
  });

  it("Refresh resets to arXiv, page 0, size 50, basic, relevance-descending", () => {
    const busy = { ...advancedSearch(withSource(paged, "openalex"), "graph", { title: "t", authors: ["a"], dateFrom: "2020", dateTo: "" }), size: 20, sort: "title-ascending" };
    expect(refreshedState(busy)).toEqual({ ...DEFAULT_SEARCH_STATE, q: "graph", llm: true });
  });

  it("an author click searches au:\"name\" on arXiv, the plain name elsewhere, and keeps llm", () => {
    expect(authorSearch(paged, "Ada Lovelace")).toMatchObject({ q: 'au:"Ada Lovelace"', page: 0, llm: true, searchType: "basic" });
    expect(authorSearch(withSource(paged, "openalex"), "Ada Lovelace").q).toBe("Ada Lovelace");
    expect(writeSearchState(authorSearch(paged, "Ada")).get("llm")).toBe("true");
  });
});
