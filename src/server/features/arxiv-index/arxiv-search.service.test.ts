import { describe, expect, it } from "vitest";
import { sourceError } from "@/server/features/search/search.service";
import { UpstreamBusyError } from "@/server/sources/http/upstream-error";
import type { ArxivSource } from "@/server/sources/arxiv/arxiv-source";
import type { ArxivHarvestRepository, HarvestState } from "./arxiv-harvest.repository";
import type { ArxivIndexRepository } from "./arxiv-index.repository";
import { arxivSearchService, INDEX_ANSWER_FRESH_MS, indexSearchSlots, INDEX_SEARCH_MAX_WAIT_MS } from "./arxiv-search.service";

/** An index whose searches run until the test lets them finish, counting how many run at once. */
function heldIndex() {
  const releases: (() => void)[] = [];
  const state = { running: 0, most: 0, searched: 0 };
  const index = {
    wordPairs: () => false,
    async search() {
      state.running++;
      state.most = Math.max(state.most, state.running);
      await new Promise<void>((resolve) => releases.push(resolve));
      state.running--;
      state.searched++;
      return { rows: [], total: 0 };
    },
  } as unknown as ArxivIndexRepository;
  return { index, state, releaseAll: () => releases.splice(0).forEach((release) => release()) };
}

const current = { scope: "all", initialDoneAt: new Date(), lastSuccessAt: new Date() } as HarvestState;
const harvests = { states: async () => [current] } as unknown as ArxivHarvestRepository;
const arxiv = {
  search: () => {
    throw new Error("arXiv's API must not be asked for a search the index covers");
  },
} as unknown as ArxivSource;
const params = { searchQuery: "ti:graph", start: 0, maxResults: 10, countCap: 1000 };
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("searches of the index take turns", () => {
  it("runs no more at once than its slots; the rest wait and are answered in turn", async () => {
    const { index, state, releaseAll } = heldIndex();
    const service = arxivSearchService({ index, searchSlots: indexSearchSlots(2), harvests, arxiv, scopes: async () => ["all"] });
    const searches = Array.from({ length: 5 }, (_, n) => service.search({ ...params, start: n * 10 }));
    await settle();
    expect(state.running).toBe(2);
    while (state.searched < 5) {
      releaseAll();
      await settle();
    }
    const answers = await Promise.all(searches);
    expect(answers.every((answer) => answer.source === "index")).toBe(true);
    expect(state.most).toBe(2);
  });

  it("tells a search that waited too long that Quire is busy (503 with Retry-After), and runs it never", async () => {
    const { index, state, releaseAll } = heldIndex();
    const service = arxivSearchService({ index, searchSlots: indexSearchSlots(1), searchWaitMs: 20, harvests, arxiv, scopes: async () => ["all"] });
    const first = service.search(params);
    const refused = await service.search({ ...params, searchQuery: "ti:tree" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UpstreamBusyError);
    const answer = sourceError("ArXiv", refused);
    expect(answer.status).toBe(503);
    expect(answer.message).toBe(`Quire is busy with other arXiv searches; try again in ${INDEX_SEARCH_MAX_WAIT_MS / 1000} s`);
    expect((answer as unknown as { retryAfter: number }).retryAfter).toBe(INDEX_SEARCH_MAX_WAIT_MS / 1000);
    releaseAll();
    await first;
    expect(state.searched).toBe(1);
    // The slot is free again.
    const next = service.search({ ...params, searchQuery: "ti:forest" });
    await settle();
    releaseAll();
    expect((await next).source).toBe("index");
  });
});

describe("answers of the index kept in memory", () => {
  /** An index that answers at once, counting its searches; `fail` makes the next one fail. */
  function countingIndex() {
    const state = { searched: 0, fail: false };
    const index = {
      wordPairs: () => false,
      async search() {
        state.searched++;
        await settle();
        if (state.fail) {
          state.fail = false;
          throw new Error("the database went away");
        }
        return { rows: [], total: state.searched };
      },
    } as unknown as ArxivIndexRepository;
    return { index, state };
  }
  const service = (index: ArxivIndexRepository, now = () => Date.now()) =>
    arxivSearchService({ index, searchSlots: indexSearchSlots(2), harvests, arxiv, scopes: async () => ["all"], now });

  it("answers a search asked again from memory, and one asked while the same runs by joining it", async () => {
    const { index, state } = countingIndex();
    const search = service(index);
    const [first, joined] = await Promise.all([search.search(params), search.search(params)]);
    const again = await search.search({ ...params, searchQuery: " ti:graph " });
    expect(state.searched).toBe(1);
    expect(joined.papers).toBe(first.papers);
    expect(again.total).toBe(first.total);
    expect(again.source).toBe("index");
    // Another page, order or size is another search.
    await search.search({ ...params, start: 10 });
    await search.search({ ...params, sortBy: "submittedDate" });
    await search.search({ ...params, maxResults: 50 });
    expect(state.searched).toBe(4);
  });

  it("searches again once the answer is old or a harvest run finished here, and never keeps a failure", async () => {
    const { index, state } = countingIndex();
    let clock = Date.now();
    const search = service(index, () => clock);
    await search.search(params);
    clock += INDEX_ANSWER_FRESH_MS - 1;
    await search.search(params);
    expect(state.searched).toBe(1);
    clock += 1;
    expect((await search.search(params)).total).toBe(2);
    search.forgetCoverage();
    expect((await search.search(params)).total).toBe(3);
    state.fail = true;
    const other = { ...params, searchQuery: "ti:tree" };
    await expect(search.search(other)).rejects.toThrow("the database went away");
    expect((await search.search(other)).total).toBe(5);
  });

  it("does not keep an answer whose search began before the index changed", async () => {
    const { index, state } = countingIndex();
    const search = service(index);
    const under = search.search(params);
    while (state.searched === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    search.forgetCoverage();
    // Asked again while the old search still runs: a new search, not the old one joined.
    const after = search.search(params);
    await Promise.all([under, after]);
    await search.search(params);
    expect(state.searched).toBe(2);
    expect((await after).total).toBe(2);
  });
});
