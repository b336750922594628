import { describe, expect, it } from "vitest";
import { canonicalPaperId, PAPER_ID_MAX_LENGTH, PAPER_ID_MESSAGES, parsePaperId, samePaperId } from "@/shared/paper-id";
import { ARXIV_ID_SPELLINGS } from "@/shared/paper-id.fixtures";

describe("canonicalPaperId", () => {
  it.each(ARXIV_ID_SPELLINGS)("turns %j into the bare arXiv id", (spelling) => {
    expect(canonicalPaperId(spelling)).toBe("2401.12345");
  });

  it("keeps the version apart from the id", () => {
    expect(parsePaperId("arXiv:2401.12345v3")).toEqual({ ok: true, value: { id: "2401.12345", kind: "arxiv", version: 3 } });
    expect(parsePaperId("2401.12345")).toEqual({ ok: true, value: { id: "2401.12345", kind: "arxiv", version: null } });
  });

  it.each([
    ["hep-th/9901001", "hep-th/9901001"],
    ["hep-th/9901001v2", "hep-th/9901001"],
    ["HEP-TH/9901001", "hep-th/9901001"],
    ["arXiv:math.gt/0309136v1", "math.GT/0309136"],
    ["https://arxiv.org/abs/hep-th/9901001v1", "hep-th/9901001"],
    ["https://doi.org/10.48550/arXiv.hep-th/9901001", "hep-th/9901001"],
    ["0704.0001", "0704.0001"],
  ])("old and early ids: %j -> %j", (spelling, id) => {
    expect(canonicalPaperId(spelling)).toBe(id);
  });

  it.each([
    ["10.1103/PhysRevLett.116.061102", "10.1103/physrevlett.116.061102"],
    ["doi:10.1103/PhysRevLett.116.061102", "10.1103/physrevlett.116.061102"],
    ["DOI: 10.1103/PhysRevLett.116.061102", "10.1103/physrevlett.116.061102"],
    ["https://doi.org/10.1103/PhysRevLett.116.061102", "10.1103/physrevlett.116.061102"],
    ["http://dx.doi.org/10.1103%2FPhysRevLett.116.061102", "10.1103/physrevlett.116.061102"],
    ["doi.org/10.1103/PhysRevLett.116.061102#abstract", "10.1103/physrevlett.116.061102"],
    ["\u200b１０．１１０３/PhysRevLett.116.061102 ", "10.1103/physrevlett.116.061102"],
    ["10.1002/(SICI)1097-4636(199709)36:3<279::AID-JBM1>3.0.CO;2-M", "10.1002/(sici)1097-4636(199709)36:3<279::aid-jbm1>3.0.co;2-m"],
  ])("DOIs: %j -> %j", (spelling, id) => {
    expect(canonicalPaperId(spelling)).toBe(id);
  });

  it.each([
    ["W4400000001", "W4400000001"],
    ["w4400000001", "W4400000001"],
    ["https://openalex.org/W4400000001", "W4400000001"],
    ["https://api.openalex.org/works/W4400000001", "W4400000001"],
    ["zotero:ABCD1234", "zotero:ABCD1234"],
    ["bibtex:vaswani2017attention", "bibtex:vaswani2017attention"],
    [" zotero:ABCD1234\u200d", "zotero:ABCD1234"],
    ["p2", "p2"],
  ])("other kinds: %j -> %j", (spelling, id) => {
    expect(canonicalPaperId(spelling)).toBe(id);
  });

  it("says when spellings name the same paper", () => {
    expect(samePaperId("2401.12345v2", "https://arxiv.org/pdf/2401.12345v1")).toBe(true);
    expect(samePaperId("10.1234/ABC", "doi:10.1234/abc")).toBe(true);
    expect(samePaperId("2401.12345", "2401.12346")).toBe(false);
    expect(samePaperId("", "")).toBe(false);
  });

  it.each([
    ["", PAPER_ID_MESSAGES.empty],
    ["   \u200b ", PAPER_ID_MESSAGES.empty],
    ["#only-a-fragment", PAPER_ID_MESSAGES.empty],
    ["a\u0000b", PAPER_ID_MESSAGES.control],
    ["a\tb", PAPER_ID_MESSAGES.control],
    ["https://example.com/paper.pdf", PAPER_ID_MESSAGES.address],
    ["javascript://alert(1)", PAPER_ID_MESSAGES.address],
    ["https://arxiv.org/list/cs.LG/recent", PAPER_ID_MESSAGES.address],
    ["https://doi.org/", PAPER_ID_MESSAGES.address],
    ["arXiv:not-an-id", PAPER_ID_MESSAGES.arxiv("Invalid arXiv ID format")],
    ["2413.12345", PAPER_ID_MESSAGES.arxiv("Invalid month")],
    ["2401.1234", PAPER_ID_MESSAGES.arxiv("Should be 5 digits for ≥1501")],
    ["foo-th/9901001", PAPER_ID_MESSAGES.arxiv("Invalid subject class: foo-th")],
    ["doi:11.1234/x", PAPER_ID_MESSAGES.doi],
    ["10.12/x", PAPER_ID_MESSAGES.doi],
    ["not a paper id", PAPER_ID_MESSAGES.form],
    ["../etc/passwd", PAPER_ID_MESSAGES.form],
    ["x".repeat(PAPER_ID_MAX_LENGTH + 1), PAPER_ID_MESSAGES.tooLong],
    ["x".repeat(5000), PAPER_ID_MESSAGES.tooLong],
  ])("refuses %j", (spelling, message) => {
    expect(parsePaperId(spelling)).toEqual({ ok: false, message });
  });

  it("is idempotent: a canonical id is its own canonical id", () => {
    for (const spelling of [...ARXIV_ID_SPELLINGS, "hep-th/9901001v2", "doi:10.1234/ABC", "w12", "zotero:K1"]) {
      const once = canonicalPaperId(spelling)!;
      expect(canonicalPaperId(once)).toBe(once);
    }
  });
});
