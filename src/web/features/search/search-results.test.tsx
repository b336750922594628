// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import type { ComponentProps } from "react";
import { MemoryRouter } from "react-router";
import { QueryClient, QueryClientProvider, type UseQueryResult } from "@tanstack/react-query";
import type { SearchResponse } from "@/shared/search-params";
import { installMatchMedia } from "@/web/test/match-media";
import { makePaper } from "@/web/test/paper-factory";
import { SearchResults } from "./search-results";
import { readSearchState } from "./search-url";

/** Counts the cards' renders: each card draws its authors once per render. */
const authorListRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock("@/web/components/paper-list/author-list", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/web/components/paper-list/author-list")>();
  return {
    ...actual,
    AuthorList: (props: ComponentProps<typeof actual.AuthorList>) => {
      authorListRenders.count++;
      return actual.AuthorList(props);
    },
  };
});

const response: SearchResponse = {
  papers: [makePaper({ id: "2401.00001", title: "Alpha paper" }), makePaper({ id: "2401.00002", title: "Beta paper" })],
  total: 2,
  page: 0,
  size: 50,
};

const query = { data: response, isError: false, isPending: false, isSuccess: true, isFetching: false, isPlaceholderData: false } as UseQueryResult<SearchResponse>;

function Page() {
  // As the search page passes them: new handlers in each of its renders.
  return (
    <SearchResults
      state={readSearchState(new URLSearchParams("q=transformer"))}
      query={query}
      onAuthorClick={() => undefined}
      onSortChange={() => undefined}
      onSizeChange={() => undefined}
    />
  );
}

describe("<SearchResults/> on a phone", () => {
  beforeEach(() => installMatchMedia({ width: 390 }));
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  it("does not draw its cards again when the page renders with the same results", () => {
    const client = new QueryClient();
    const view = () => (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={["/search?q=transformer"]}>
          <Page />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const { rerender } = render(view());
    expect(screen.getAllByTestId("paper-card")).toHaveLength(2);
    const drawn = authorListRenders.count;
    expect(drawn).toBeGreaterThanOrEqual(2);
    rerender(view());
    rerender(view());
    expect(authorListRenders.count).toBe(drawn);
  });
});
