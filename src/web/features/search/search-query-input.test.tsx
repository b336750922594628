// @vitest-environment jsdom
import { useState, type FormEvent } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useParams } from "react-router";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { http, HttpResponse } from "msw";
import type { PaperSuggestion } from "@/shared/suggestions";
import { mswServer } from "@/test/unit-setup";
import { SearchQueryInput } from "./search-query-input";

const PAPERS: PaperSuggestion[] = [
  { id: "2401.00001", title: "Transformers for Graphs", authors: ["Ada Lovelace", "Alan Turing", "Grace Hopper"], authorCount: 5, year: 2024, matched: "title" },
  { id: "hep-th/9901001", title: "Transport in Strings", authors: ["Emmy Noether"], authorCount: 1, year: 1999, matched: "author" },
];

const asked: string[] = [];
const onSubmit = vi.fn();
const onPick = vi.fn();

function SearchForm(props: { history: string[] }) {
  const [value, setValue] = useState("");
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(value);
  };
  return (
    <form role="search" onSubmit={handleSubmit}>
      <label htmlFor="q">Search query</label>
      <SearchQueryInput id="q" value={value} onChange={setValue} history={props.history} onPick={onPick} onForget={() => undefined} />
    </form>
  );
}

function Reader() {
  return <p>reader {useParams()["*"]}</p>;
}

function renderBox(history: string[] = []) {
  const router = createMemoryRouter(
    [
      { path: "/search", element: <SearchForm history={history} /> },
      { path: "/abs/*", Component: Reader },
    ],
    { initialEntries: ["/search"] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  // Keys go in without a pause between them: under load a default 0-ms pause can outlast the
  // suggestions' debounce and ask for a prefix no one paused on.
  return { router, user: userEvent.setup({ delay: null }), box: screen.getByRole("combobox", { name: "Search query" }) };
}

const options = () => within(screen.getByRole("listbox", { name: "Search suggestions" })).getAllByRole("option");

beforeEach(() => {
  asked.length = 0;
  mswServer.use(
    http.get("*/api/suggest", ({ request }) => {
      const q = new URL(request.url).searchParams.get("q") ?? "";
      asked.push(q);
      return HttpResponse.json({ suggestions: q.toLowerCase().startsWith("tr") ? PAPERS : [] });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("SearchQueryInput suggestions", () => {
  it("offers papers after a pause, moves with the arrows and opens the highlighted one with Enter", async () => {
    const { router, user, box } = renderBox();
    await user.type(box, "tra");
    const papers = await screen.findByRole("group", { name: "Papers" });
    expect(asked).toEqual(["tra"]);
    expect(box.getAttribute("aria-expanded")).toBe("true");
    expect(box.getAttribute("aria-controls")).toBe(screen.getByRole("listbox").id);
    expect(within(papers).getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Transformers for GraphsAda Lovelace, Alan Turing, Grace Hopper et al.·2024·2401.00001matched title",
      "Transport in StringsEmmy Noether·1999·hep-th/9901001matched author",
    ]);
    expect(within(papers).getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual(["/abs/2401.00001", "/abs/hep-th/9901001"]);
    expect(box.hasAttribute("aria-activedescendant")).toBe(false);

    await user.keyboard("{ArrowDown}");
    expect(options()[0]!.getAttribute("aria-selected")).toBe("true");
    expect(box.getAttribute("aria-activedescendant")).toBe(options()[0]!.id);
    await user.keyboard("{ArrowDown}");
    expect(box.getAttribute("aria-activedescendant")).toBe(options()[1]!.id);
    await user.keyboard("{ArrowDown}");
    expect(box.getAttribute("aria-activedescendant")).toBe(options()[0]!.id);
    // ArrowUp from the first wraps round to the last.
    await user.keyboard("{ArrowUp}");
    expect(options()[1]!.getAttribute("aria-selected")).toBe("true");
    expect(options()[0]!.getAttribute("aria-selected")).toBe("false");

    await user.keyboard("{Enter}");
    expect(onSubmit).not.toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe("/abs/hep-th/9901001"));
    expect(screen.getByText("reader hep-th/9901001")).toBeTruthy();
  });

  it("runs the search as before when Enter is pressed with nothing highlighted", async () => {
    const { router, user, box } = renderBox();
    await user.type(box, "tra");
    await screen.findByRole("group", { name: "Papers" });
    await user.keyboard("{Enter}");
    expect(onSubmit).toHaveBeenCalledWith("tra");
    expect(router.state.location.pathname).toBe("/search");
    expect(box.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes with Escape and opens again with ArrowDown", async () => {
    const { user, box } = renderBox();
    await user.type(box, "tra");
    await screen.findByRole("group", { name: "Papers" });
    await user.keyboard("{Escape}");
    expect(box.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByRole("listbox", { hidden: true }).hidden).toBe(true);
    await user.keyboard("{ArrowDown}");
    expect(box.getAttribute("aria-expanded")).toBe("true");
    expect(box.getAttribute("aria-activedescendant")).toBe(options()[0]!.id);
  });

  it("puts recent queries first and keeps Enter on one running it", async () => {
    const { user, box } = renderBox(["transformer", "graph"]);
    await user.type(box, "tr");
    await screen.findByRole("group", { name: "Papers" });
    expect(within(screen.getByRole("group", { name: "Recent queries" })).getAllByRole("option").map((option) => option.textContent)).toEqual(["transformer"]);
    expect(options()).toHaveLength(3);
    await user.keyboard("{ArrowDown}{Enter}");
    expect(onPick).toHaveBeenCalledWith("transformer");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("asks once per pause, never for one character, and shows nothing when the index fails", async () => {
    const { user, box } = renderBox();
    await user.type(box, "t");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked).toEqual([]);
    mswServer.use(http.get("*/api/suggest", ({ request }) => {
      asked.push(new URL(request.url).searchParams.get("q") ?? "");
      return HttpResponse.json({ error: { code: "internal", message: "boom" } }, { status: 500 });
    }));
    await user.type(box, "rans");
    await waitFor(() => expect(asked).toEqual(["trans"]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(box.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
