// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { parseQueryWithRules } from "@/shared/llm/rule-based-parser";
import { SemanticPanel, type SemanticPanelProps } from "./semantic-panel";

afterEach(cleanup);

const parsed = parseQueryWithRules("papers by Hinton on capsule networks since 2019 with at least 100 citations, open access");

function renderPanel(props: Partial<SemanticPanelProps>) {
  const onChange = vi.fn();
  render(
    <MemoryRouter>
      <SemanticPanel needed provider="google" model="gemini-1.5-flash" source="openalex" status="success" outcome={{ parsed, source: "llm", provider: "google", model: "gemini-1.5-flash" }} onChange={onChange} {...props} />
    </MemoryRouter>,
  );
  return onChange;
}

describe("SemanticPanel", () => {
  it("shows the parse as chips and rebuilds the query without a removed one", () => {
    const onChange = renderPanel({});
    const chips = within(screen.getByRole("list", { name: "Query parts" })).getAllByRole("listitem");
    expect(chips.map((chip) => chip.textContent)).toEqual(["AuthorHinton", "Topiccapsule networks", "Yearssince 2019", "Citations≥ 100 citations", "Accessopen access"]);
    expect(screen.getByText("Parsed by Google · gemini-1.5-flash")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remove author Hinton" }));
    expect(onChange).toHaveBeenCalledWith("capsule networks since 2019 with at least 100 citations open access", expect.objectContaining({ authors: [], topics: ["capsule networks"] }));
  });

  it("marks the chips the chosen source cannot apply, and says why", () => {
    renderPanel({ source: "arxiv" });
    const chips = within(screen.getByRole("list", { name: "Query parts" })).getAllByRole("listitem");
    expect(chips.map((chip) => chip.textContent)).toEqual([
      "AuthorHinton",
      "Topiccapsule networks",
      "Yearssince 2019",
      "Citations≥ 100 citationsnot applied",
      "Accessopen accessnot applied",
    ]);
    expect(screen.getByText("Not applied to this search: ≥ 100 citations (arXiv has no citation counts); open access (every arXiv paper is open access).")).toBeTruthy();
  });

  it("names the provider and links to Settings when its key is missing", () => {
    const warned = { ...parsed, warnings: ["LLM parsing unavailable: API key not configured for provider: google. Using basic keyword parsing."] };
    renderPanel({ outcome: { parsed: warned, source: "fallback", keyMissing: true, provider: "google", model: "m" } });
    expect(screen.getByRole("status").textContent).toContain("LLM parsing unavailable");
    expect(screen.getByText("Provider: Google")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Add an API key in Settings" }).getAttribute("href")).toBe("/settings?section=llm");
  });

  it("says 'Failed to parse query' when parsing failed outright, and says nothing to parse for field syntax", () => {
    renderPanel({ status: "error", outcome: undefined });
    expect(screen.getByRole("alert").textContent).toBe("Failed to parse query");
    cleanup();
    renderPanel({ needed: false });
    expect(screen.getByText(/Field syntax is searched as typed/)).toBeTruthy();
  });
});
