import { describe, expect, it } from "vitest";
import { blankPaper } from "./blank-paper";
import { paperSchema, primaryCategory } from "./paper";

describe("blankPaper", () => {
  it("is a valid paper with every field but its id and source empty", () => {
    const paper = blankPaper("2401.00001", "arxiv");
    expect(paperSchema.parse(paper)).toEqual(paper);
    expect(paper.category).toBe(primaryCategory(paper.categories));
    expect(Object.keys(paper).sort()).toEqual(Object.keys(paperSchema.shape).filter((key) => !paperSchema.shape[key as keyof typeof paperSchema.shape].isOptional()).sort());
  });

  it("is a new object each time, so filling one in leaves the next blank", () => {
    const first = blankPaper("a", "crossref");
    first.authors.push("Ada Lovelace");
    expect(blankPaper("a", "crossref").authors).toEqual([]);
  });
});
