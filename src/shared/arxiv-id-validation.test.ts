import { describe, expect, it } from "vitest";
import { checkArxivId } from "./arxiv-id-validation";

const problem = (id: string | null) => {
  const check = checkArxivId(id);
  return check.valid ? null : check.message;
};

describe("checkArxivId (the arXiv id scan)", () => {
  it("accepts real ids of both forms, with versions and prefixes", () => {
    for (const id of ["0704.0001", "1412.9999", "1501.00001", "2401.12345v2", "arXiv:1706.03762", "hep-th/9901001", "math.GT/0309136", "quant-ph/0201082v1", "cond-mat/0701001"]) {
      expect(problem(id), id).toBeNull();
    }
  });

  it("names each problem in the spec's words", () => {
    expect(problem("")).toBe("Empty arXiv ID");
    expect(problem("   ")).toBe("Empty arXiv ID");
    expect(problem(null)).toBe("Empty arXiv ID");
    expect(problem("0612.1234")).toBe("Invalid year in new format");
    expect(problem("2413.12345")).toBe("Invalid month");
    expect(problem("2400.12345")).toBe("Invalid month");
    expect(problem("1412.12345")).toBe("Should be 4 digits for ≤1412");
    expect(problem("0801.123")).toBe("Should be 4 digits for ≤1412");
    expect(problem("1501.1234")).toBe("Should be 5 digits for ≥1501");
    expect(problem("2401.123456")).toBe("Should be 5 digits for ≥1501");
    expect(problem("foo-bar/9901001")).toBe("Invalid subject class: foo-bar");
    expect(problem("hep-th/0801001")).toBe("Invalid year in old format");
    expect(problem("hep-th/9913001")).toBe("Invalid month");
    expect(problem("not an id")).toBe("Invalid arXiv ID format");
    expect(problem("10.1038/nature14539")).toBe("Invalid arXiv ID format");
  });
});
