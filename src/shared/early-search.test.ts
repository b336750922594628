import { describe, expect, it } from "vitest";
import { mayStartSearchEarly } from "./early-search";

const may = (query: string) => mayStartSearchEarly(new URLSearchParams(query));

describe("mayStartSearchEarly", () => {
  it("starts a search that has something to search for", () => {
    for (const query of ["q=graphs", "title=Attention", "authors=Ada", "authors=&authors=Ada", "dateFrom=2024", "dateTo=2024-01", "q=graphs&sort=submittedDate-descending&llm=false"]) {
      expect(may(query), query).toBe(true);
    }
  });

  it("leaves a URL with nothing to search for to the app", () => {
    for (const query of ["", "q=", "q=%20%20", "q=+", "title=%20", "authors=&authors=%20", "dateFrom=", "source=openalex&page=2"]) {
      expect(may(query), query).toBe(false);
    }
  });

  it("leaves title sorts and plain-language searches to the app", () => {
    expect(may("q=graphs&sort=title-ascending")).toBe(false);
    expect(may("q=graphs&sort=title-descending")).toBe(false);
    expect(may("q=graphs&llm=true")).toBe(false);
  });

  it("reads the first value of a parameter, as the app and the API do, but every author", () => {
    expect(may("q=&q=graphs")).toBe(false);
    expect(may("q=graphs&q=")).toBe(true);
    expect(may("q=graphs&sort=relevance-descending&sort=title-ascending")).toBe(true);
    expect(may("q=graphs&llm=false&llm=true")).toBe(true);
    expect(may("authors=%20&authors=Ada")).toBe(true);
  });
});
