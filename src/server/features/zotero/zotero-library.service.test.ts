import { describe, expect, it } from "vitest";
import type { Paper } from "@/shared/paper";
import { itemTypeExpression, matchesLookup } from "./zotero-library.service";

const item = { id: "x", title: "Attention Is All You Need", authors: ["Ashish Vaswani", "Noam Shazeer"], doi: "10.5555/3295222.3295349", arxivId: "1706.03762v7" } as Paper;

describe("the existence check's rules", () => {
  it("matches by DOI, by arXiv id in any version, or by title with the first author's last name", () => {
    expect(matchesLookup(item, { doi: "10.5555/3295222.3295349" })).toBe(true);
    expect(matchesLookup(item, { doi: "https://doi.org/10.5555/3295222.3295349" })).toBe(true);
    expect(matchesLookup(item, { arxivId: "1706.03762" })).toBe(true);
    expect(matchesLookup(item, { arxivId: "1706.03762v2" })).toBe(true);
    expect(matchesLookup(item, { title: "attention is all you need!", author: "Vaswani" })).toBe(true);
    expect(matchesLookup(item, { title: "Attention Is All You Need", author: "Turing" })).toBe(false);
    expect(matchesLookup(item, { title: "Attention Is Not All You Need", author: "Vaswani" })).toBe(false);
    expect(matchesLookup(item, {})).toBe(false);
  });

  it("asks Zotero for the chosen item types, never attachments", () => {
    expect(itemTypeExpression([])).toBe("-attachment");
    expect(itemTypeExpression(["journalArticle", "preprint"])).toBe("journalArticle || preprint");
  });
});
