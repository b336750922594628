import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createContext, Script } from "node:vm";
import { describe, expect, it } from "vitest";
import { mayStartSearchEarly } from "@/shared/early-search";

/** The head script as the page runs it (public/search-prefetch.js, written inline into index.html). */
const script = new Script(readFileSync(fileURLToPath(new URL("../../public/search-prefetch.js", import.meta.url)), "utf8"));

/** Where the script runs: one page, its address changed for each run (a new context per run is slow). */
const page = { pathname: "", search: "", started: false };
const context = createContext({
  window: {
    location: page,
    URLSearchParams,
    fetch: () => {
      page.started = true;
      return Promise.resolve(new Response("{}"));
    },
  },
  // The second part of the script (the preview's app start) finds no preview here.
  document: { querySelector: () => null, readyState: "complete", visibilityState: "visible" },
  URLSearchParams,
  setTimeout,
});

/** Runs the script for a page address; whether it started the search early. */
function scriptStartsSearch(pathname: string, search: string): boolean {
  Object.assign(page, { pathname, search, started: false });
  script.runInContext(context);
  return page.started;
}

/** Every combination of these parameter values: blank, filled, repeated, differently cased. */
function urls(): string[] {
  const choices: string[][] = [
    ["", "q=%20", "q=+", "q=graphs", "q=&q=graphs", "q=graphs&q="],
    ["", "title=", "title=%20Attention%20"],
    ["", "authors=", "authors=%20&authors=Ada"],
    ["", "dateFrom=%20", "dateFrom=2024", "dateFrom=&dateFrom=2024"],
    ["", "dateTo=2024-01"],
    ["", "sort=title-ascending", "sort=relevance-descending", "sort=relevance-descending&sort=title-ascending", "sort=title-descending&sort=relevance-descending"],
    ["", "llm=true", "llm=TRUE", "llm=false&llm=true", "llm=true&llm=false"],
  ];
  return choices.reduce<string[]>((queries, values) => queries.flatMap((query) => values.map((value) => [query, value].filter(Boolean).join("&"))), [""]);
}

describe("the head script that starts a search early", () => {
  it("starts the searches mayStartSearchEarly allows, and only those", () => {
    const queries = urls();
    expect(queries.length).toBeGreaterThan(5_000);
    const disagreements = queries.filter((query) => scriptStartsSearch("/search", `?${query}`) !== mayStartSearchEarly(new URLSearchParams(query)));
    expect(disagreements).toEqual([]);
    // Both kinds of answer are among them.
    expect(queries.some((query) => mayStartSearchEarly(new URLSearchParams(query)))).toBe(true);
    expect(queries.some((query) => !mayStartSearchEarly(new URLSearchParams(query)))).toBe(true);
  });

  it("starts nothing on another page", () => {
    expect(scriptStartsSearch("/search", "?q=graphs")).toBe(true);
    expect(scriptStartsSearch("/bookmarks", "?q=graphs")).toBe(false);
  });
});
