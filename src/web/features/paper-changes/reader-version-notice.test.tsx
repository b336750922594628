// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import type { Paper } from "@/shared/paper";
import type { PaperChange } from "@/shared/paper-changes";
import { Toaster } from "@/web/components/ui/toaster";
import { dismissToast } from "@/web/components/ui/use-toast";
import { ReaderVersionNotice } from "./reader-version-notice";

const state = vi.hoisted(() => ({ changes: [] as PaperChange[], update: vi.fn<(paperId: string) => Promise<void>>() }));
vi.mock("./paper-changes-queries", () => ({ usePaperChanges: () => ({ changes: state.changes, update: state.update }) }));

const paper: Paper = {
  id: "0704.0309",
  title: "A kept paper",
  authors: ["Ada Lovelace"],
  abstract: "",
  url: "https://arxiv.org/abs/0704.0309v2",
  pdfUrl: "https://arxiv.org/pdf/0704.0309v2",
  publishedDate: "2007-04-03T00:00:00Z",
  updatedDate: "2007-05-01T00:00:00Z",
  categories: ["cs.CC"],
  category: "cs.CC",
  source: "arxiv",
  doi: null,
  journalRef: null,
  comments: null,
  arxivId: "0704.0309v2",
  links: { abstract: null, pdf: null },
};
const change: PaperChange = {
  id: "c1",
  paperId: "0704.0309",
  title: "A kept paper",
  kind: "version",
  origin: "bookmark",
  source: "index",
  fromVersion: 2,
  toVersion: 3,
  versionDate: "2007-07-13T00:00:00Z",
  comment: null,
  doi: null,
  journalRef: null,
  detectedAt: "2026-01-01T00:00:00Z",
  seenAt: null,
};

function renderNotice() {
  return render(
    <MemoryRouter>
      <ReaderVersionNotice paper={paper} />
      <Toaster />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  state.changes = [change];
  state.update.mockReset();
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

describe("the reader's notice of a newer version", () => {
  it("confirms Update bookmark with a toast and then says the bookmark keeps the new version", async () => {
    // The update closes the change: the list no longer has it, as after the server's answer.
    state.update.mockImplementation(async () => {
      state.changes = [];
    });
    const { rerender } = renderNotice();
    const note = screen.getByRole("note");
    expect(note.textContent).toContain("A newer version is out: v2 → v3, 13 Jul 2007.");
    fireEvent.click(screen.getByRole("button", { name: "Update bookmark" }));
    await waitFor(() => expect(screen.getByText("Bookmark updated")).toBeTruthy());
    expect(state.update).toHaveBeenCalledWith("0704.0309");
    rerender(
      <MemoryRouter>
        <ReaderVersionNotice paper={paper} />
        <Toaster />
      </MemoryRouter>,
    );
    expect(screen.getByRole("note").textContent).toContain("Your bookmark now keeps v3. This page shows v2.");
    expect(screen.getByRole("link", { name: "Open v3" }).getAttribute("href")).toBe("/abs/0704.0309v3");
    expect(screen.queryByRole("button", { name: "Update bookmark" })).toBeNull();
  });

  it("says so when the update fails, and keeps the button", async () => {
    state.update.mockRejectedValue(new Error("conflict"));
    renderNotice();
    fireEvent.click(screen.getByRole("button", { name: "Update bookmark" }));
    await waitFor(() => expect(screen.getByText("Could not update the bookmark")).toBeTruthy());
    expect(screen.getByRole("note").textContent).toContain("A newer version is out");
    expect((screen.getByRole("button", { name: "Update bookmark" }) as HTMLButtonElement).disabled).toBe(false);
  });
});
