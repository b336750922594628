// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { Paper } from "@/shared/paper";
import { installMatchMedia } from "@/web/test/match-media";
import { makePaper } from "@/web/test/paper-factory";
import { AuthorList } from "./author-list";
import { PaperList } from "./paper-list";

const papers: Paper[] = [
  makePaper({ id: "2401.00001", title: "Beta paper", publishedDate: "2024-01-01", authors: ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Kurt Gödel", "Emmy Noether"] }),
  makePaper({ id: "2401.00002", title: "Alpha paper", publishedDate: "2024-03-01", abstract: "Alpha's abstract." }),
  makePaper({ id: "10.1000/xyz", title: "Gamma paper", source: "crossref", url: "https://doi.org/10.1000/xyz", pdfUrl: null, publishedDate: "2019" }),
];

function renderList(onPath?: (path: string) => void) {
  const router = createMemoryRouter(
    [
      { path: "/bookmarks", element: <PaperList tableId="test" label="Test papers" papers={papers} columns={{ index: true }} onAuthorClick={vi.fn()} renderActions={() => null} /> },
      { path: "*", Component: () => <p>elsewhere</p> },
    ],
    { initialEntries: ["/bookmarks"] },
  );
  if (onPath) router.subscribe((state) => onPath(state.location.pathname));
  render(<RouterProvider router={router} />);
  return router;
}

const titlesInOrder = () => screen.getAllByRole("row").slice(1).map((row) => within(row).getAllByRole("cell")[1]!.textContent);

describe("<PaperList/> on a wide screen", () => {
  beforeEach(() => installMatchMedia({ width: 1280 }));
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  it("is a table with #, Title, Authors, Category, Date and Actions", () => {
    renderList();
    const headers = screen.getAllByRole("columnheader").map((header) => header.textContent);
    expect(headers).toEqual(["#", "Title", "Authors", "Category", "Date", "Actions"]);
    expect(screen.getAllByRole("row")).toHaveLength(4);
    expect(screen.getByText("2019")).toBeTruthy();
  });

  it("sorts by a clicked column, descending first, toggles it, and remembers it per table", () => {
    renderList();
    const title = screen.getByRole("button", { name: "Title" });
    fireEvent.click(title);
    expect(titlesInOrder()).toEqual(["Gamma paper", "Beta paper", "Alpha paper"]);
    expect(screen.getByRole("columnheader", { name: "Title" }).getAttribute("aria-sort")).toBe("descending");
    fireEvent.click(title);
    expect(titlesInOrder()).toEqual(["Alpha paper", "Beta paper", "Gamma paper"]);
    expect(JSON.parse(window.localStorage.getItem("paper-list.test")!)).toMatchObject({ sortField: "title", sortOrder: "asc" });

    cleanup();
    renderList();
    expect(titlesInOrder()).toEqual(["Alpha paper", "Beta paper", "Gamma paper"]);
  });

  it("expands a row to its abstract and details", () => {
    renderList();
    const toggle = screen.getByRole("button", { name: "Alpha paper" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("region", { name: "Abstract" }).textContent).toContain("Alpha's abstract.");
  });
});

describe("<PaperList/> on a narrow screen", () => {
  beforeEach(() => installMatchMedia({ width: 390 }));
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  it("shows cards with a sort dropdown whose choice is remembered apart from the table's", () => {
    renderList();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getAllByRole("article")).toHaveLength(3);
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "date-asc" } });
    expect(screen.getAllByRole("article").map((card) => card.getAttribute("aria-label"))).toEqual(["Gamma paper", "Beta paper", "Alpha paper"]);
    expect(JSON.parse(window.localStorage.getItem("paper-list.test")!)).toMatchObject({ mobileSort: "date-asc", sortField: null });
  });
});

describe("<AuthorList/>", () => {
  afterEach(cleanup);

  it("shows 3 authors, then +N more, then show less", () => {
    const onAuthorClick = vi.fn();
    render(<AuthorList authors={["Curie, Marie", "B", "C", "D", "E"]} onAuthorClick={onAuthorClick} />);
    expect(screen.getAllByTitle(/^Search for papers by/)).toHaveLength(3);
    fireEvent.click(screen.getByRole("button", { name: "+2 more" }));
    expect(screen.getAllByTitle(/^Search for papers by/)).toHaveLength(5);
    fireEvent.click(screen.getByRole("button", { name: "show less" }));
    expect(screen.getAllByTitle(/^Search for papers by/)).toHaveLength(3);
    fireEvent.click(screen.getByRole("button", { name: "Marie Curie" }));
    expect(onAuthorClick).toHaveBeenCalledWith("Marie Curie");
  });
});
