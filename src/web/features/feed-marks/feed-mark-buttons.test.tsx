// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { toMarkedPaper, type FeedMarkEntry } from "@/shared/feed/feed-mark-api";
import { makePaper } from "@/web/test/paper-factory";
import { FeedMarkChoices } from "./feed-mark-buttons";

const paper = makePaper({ id: "2401.00001", title: "Marked paper" });
const relevant: FeedMarkEntry = { paperId: paper.id, kind: "relevant", paper: toMarkedPaper(paper), markedAt: "2024-01-02T00:00:00.000Z" };

describe("<FeedMarkChoices/>", () => {
  afterEach(cleanup);

  it("shows the list's mark for the paper and sets or clears it", () => {
    const setMark = vi.fn();
    render(<FeedMarkChoices paper={paper} marks={{ [paper.id]: relevant }} setMark={setMark} />);
    const relevantButton = screen.getByRole("button", { name: "Relevant" });
    const notRelevantButton = screen.getByRole("button", { name: "Not relevant" });
    expect(relevantButton.getAttribute("aria-pressed")).toBe("true");
    expect(notRelevantButton.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(relevantButton);
    expect(setMark).toHaveBeenLastCalledWith(paper, null);
    fireEvent.click(notRelevantButton);
    expect(setMark).toHaveBeenLastCalledWith(paper, "not-relevant");
  });

  it("shows no mark for a paper the marks do not hold", () => {
    render(<FeedMarkChoices paper={makePaper({ id: "2401.00002" })} marks={{ [paper.id]: relevant }} setMark={vi.fn()} />);
    expect(screen.getByRole("button", { name: "Relevant" }).getAttribute("aria-pressed")).toBe("false");
  });
});
