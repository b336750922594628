// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { Paper } from "@/shared/paper";
import { PaperList } from "@/web/components/paper-list/paper-list";
import { installMatchMedia } from "@/web/test/match-media";
import { makePaper } from "@/web/test/paper-factory";
import { PaperActions } from "./paper-actions";

const papers: Paper[] = [
  makePaper({ id: "2401.00001", title: "Beta paper", publishedDate: "2024-01-01", authors: ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Kurt Gödel", "Emmy Noether"] }),
  makePaper({ id: "2401.00002", title: "Alpha paper", publishedDate: "2024-03-01", abstract: "Alpha's abstract." }),
  makePaper({ id: "10.1000/xyz", title: "Gamma paper", source: "crossref", url: "https://doi.org/10.1000/xyz", pdfUrl: null, publishedDate: "2019" }),
];

/** The paper list as the pages draw it: each row with the library's actions. */
function renderList(onPath?: (path: string) => void, options: { papers?: Paper[]; keptVersion?: boolean } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: "/bookmarks",
        element: (
          <PaperList
            tableId="test"
            label="Test papers"
            papers={options.papers ?? papers}
            columns={{ index: true }}
            onAuthorClick={vi.fn()}
            renderActions={(paper, layout) => <PaperActions paper={paper} layout={layout} keptVersion={options.keptVersion} />}
          />
        ),
      },
      { path: "*", Component: () => <p>elsewhere</p> },
    ],
    { initialEntries: ["/bookmarks"] },
  );
  if (onPath) router.subscribe((state) => onPath(state.location.pathname));
  render(<RouterProvider router={router} />);
  return router;
}

describe("<PaperActions/> in a paper list on a wide screen", () => {
  beforeEach(() => installMatchMedia({ width: 1280 }));
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  it("toggles a bookmark, kept on the device", async () => {
    renderList();
    const row = screen.getByRole("button", { name: "Alpha paper" }).closest("tr")!;
    await act(async () => fireEvent.click(within(row).getByRole("button", { name: "Bookmark" })));
    // The first check waits for the duplicate rules, which load on first use.
    expect(await within(row).findByRole("button", { name: "Bookmarked" })).toBeTruthy();
    expect(Object.keys(JSON.parse(window.localStorage.getItem("bookmarks")!).bookmarks)).toEqual(["2401.00002"]);
    await act(async () => fireEvent.click(within(row).getByRole("button", { name: "Bookmarked" })));
    expect(within(row).getByRole("button", { name: "Bookmark" })).toBeTruthy();
  });

  it("links arXiv papers in the app and others outside, and Read opens /paper/{id}", async () => {
    const paths: string[] = [];
    renderList((path) => paths.push(path));
    const arxivRow = screen.getByRole("button", { name: "Alpha paper" }).closest("tr")!;
    expect(within(arxivRow).getByRole("link", { name: "View" }).getAttribute("href")).toBe("/abs/2401.00002");
    const doiRow = screen.getByRole("button", { name: "Gamma paper" }).closest("tr")!;
    const view = within(doiRow).getByRole("link", { name: "View" });
    expect(view.getAttribute("href")).toBe("https://doi.org/10.1000/xyz");
    expect(view.getAttribute("target")).toBe("_blank");
    expect((within(doiRow).getByRole("button", { name: "PDF" }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => fireEvent.click(within(doiRow).getByRole("button", { name: "Read" })));
    expect(paths.at(-1)).toBe("/paper/10.1000%2Fxyz");
    expect(JSON.parse(window.localStorage.getItem("reading-history")!)[0]).toMatchObject({ paperId: "10.1000/xyz", viewType: "paper" });
  });

  it("opens a bookmark at the version it keeps (Read, View and PDF), a search result at the newest", async () => {
    const kept = makePaper({ id: "0704.0309", title: "Kept paper", arxivId: "0704.0309v2", url: "https://arxiv.org/abs/0704.0309v2", pdfUrl: "https://arxiv.org/pdf/0704.0309v2" });
    const paths: string[] = [];
    renderList((path) => paths.push(path), { papers: [kept], keptVersion: true });
    const row = screen.getByRole("button", { name: "Kept paper" }).closest("tr")!;
    expect(within(row).getByRole("link", { name: "View" }).getAttribute("href")).toBe("/abs/0704.0309v2");
    expect(within(row).getByRole("link", { name: "PDF" }).getAttribute("href")).toBe("/pdf/0704.0309v2");
    await act(async () => fireEvent.click(within(row).getByRole("button", { name: "Read" })));
    expect(paths.at(-1)).toBe("/paper/0704.0309v2");
    cleanup();
    renderList(undefined, { papers: [kept] });
    expect(within(screen.getByRole("button", { name: "Kept paper" }).closest("tr")!).getByRole("link", { name: "View" }).getAttribute("href")).toBe("/abs/0704.0309");
  });
});

describe("<PaperList/> with a stored paper whose links are not http(s)", () => {
  beforeEach(() => installMatchMedia({ width: 1280 }));
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  it("renders no javascript: or data: link as an href (papers kept before links were checked)", () => {
    const hostile = makePaper({
      id: "10.1000/evil",
      title: "Hostile paper",
      source: "crossref",
      doi: "10.1000/evil",
      url: "javascript:alert(document.cookie)",
      pdfUrl: " data:text/html,<script>alert(1)</script>",
      links: { abstract: "JAVASCRIPT:alert(1)", pdf: "data:application/pdf;base64,AAAA" },
    });
    const router = createMemoryRouter([{ path: "/", element: <PaperList tableId="hostile" label="Hostile" papers={[hostile]} columns={{}} onAuthorClick={vi.fn()} renderActions={(paper, layout) => <PaperActions paper={paper} layout={layout} />} /> }]);
    const { container } = render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole("button", { name: "Hostile paper" }));
    const hrefs = [...container.querySelectorAll("a[href]")].map((link) => link.getAttribute("href")!);
    expect(hrefs).toContain("https://doi.org/10.1000/evil");
    for (const href of hrefs) expect(href).not.toMatch(/^\s*(javascript|data):/i);
    expect(screen.queryByRole("link", { name: "View" })).toBeNull();
  });
});
