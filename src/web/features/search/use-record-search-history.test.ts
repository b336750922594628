// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderHook } from "@testing-library/react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { SearchResponse } from "@/shared/search-params";
import { useRecordSearchHistory } from "./use-record-search-history";
import type { SearchState } from "./search-url";

const save = vi.fn(async () => true);
vi.mock("@/web/lib/user-data/user-stores", () => {
  const searchHistory = { limits: { saveDebounceMs: 500 }, save: (...args: unknown[]) => save(...(args as [])) };
  return { useUserStores: () => ({ searchHistory }) };
});

const state = (q: string, page = 0): SearchState =>
  ({ q, source: "arxiv", page, size: 50, sort: "relevance-descending", searchType: "basic", title: "", authors: [], dateFrom: "", dateTo: "", llm: false }) as SearchState;
const answered = (total: number) => ({ isSuccess: true, isPlaceholderData: false, data: { papers: [], total, page: 0, size: 50 } }) as unknown as UseQueryResult<SearchResponse>;

beforeEach(() => {
  vi.useFakeTimers();
  save.mockClear();
});
afterEach(() => vi.useRealTimers());

describe("useRecordSearchHistory", () => {
  it("saves a search that answered once the debounce has passed", () => {
    renderHook(() => useRecordSearchHistory(state("graph"), answered(7)));
    vi.advanceTimersByTime(499);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ q: "graph", source: "arxiv" }), 7);
  });

  it("saves only the last of searches that follow each other within the debounce", () => {
    const view = renderHook(({ page }) => useRecordSearchHistory(state("graph", page), answered(page)), { initialProps: { page: 0 } });
    vi.advanceTimersByTime(200);
    view.rerender({ page: 1 });
    vi.advanceTimersByTime(200);
    view.rerender({ page: 2 });
    vi.advanceTimersByTime(500);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ page: 2 }), 2);
  });

  it("saves at once a search still waiting when the page goes away, and only once", () => {
    const view = renderHook(() => useRecordSearchHistory(state("graph"), answered(3)));
    vi.advanceTimersByTime(100);
    view.unmount();
    expect(save).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("saves nothing more on leaving once the search was saved", () => {
    const view = renderHook(() => useRecordSearchHistory(state("graph"), answered(3)));
    vi.advanceTimersByTime(600);
    view.unmount();
    expect(save).toHaveBeenCalledTimes(1);
  });
});
