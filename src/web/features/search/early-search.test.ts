// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { takeEarlySearch } from "./early-search";
import { readSearchState, searchRequest } from "./search-url";

const requestFor = (query: string) => searchRequest(readSearchState(new URLSearchParams(query)));
const leave = (search: string) => {
  const response = Promise.resolve(new Response("{}"));
  window.__quireEarlySearch = { search, response };
  return response;
};

describe("takeEarlySearch", () => {
  afterEach(() => delete window.__quireEarlySearch);

  it("hands over the early response for the same search, once", async () => {
    leave("q=transformer&size=20");
    const taken = takeEarlySearch(requestFor("q=transformer&size=20"));
    expect(taken).not.toBeNull();
    expect(await (await taken!).text()).toBe("{}");
    expect(takeEarlySearch(requestFor("q=transformer&size=20"))).toBeNull();
  });

  it("ignores it for another search, and drops it", () => {
    leave("q=transformer");
    expect(takeEarlySearch(requestFor("q=graph"))).toBeNull();
    expect(window.__quireEarlySearch).toBeUndefined();
  });

  it("ignores URLs the app would have sent differently", () => {
    for (const search of ["q=x&size=30", "q=x&page=500", "q=x&sort=title-ascending", "q=x&source=arxiv"]) {
      leave(new URLSearchParams(search).toString());
      expect(takeEarlySearch(requestFor(search))).toBeNull();
    }
  });

  it("turns a failed early request into the client's network error", async () => {
    window.__quireEarlySearch = { search: "q=x", response: Promise.reject(new TypeError("Failed to fetch")) };
    await expect(takeEarlySearch(requestFor("q=x"))).rejects.toMatchObject({ code: "network_error", message: "Network error" });
  });
});
