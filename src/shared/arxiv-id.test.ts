import { describe, expect, it } from "vitest";
import { extractArxivId, parseArxivId, stripArxivVersion } from "./arxiv-id";

describe("parseArxivId", () => {
  it.each([
    ["2401.12345", { id: "2401.12345", version: null, style: "new" }],
    ["2401.12345v2", { id: "2401.12345", version: 2, style: "new" }],
    ["0704.0001", { id: "0704.0001", version: null, style: "new" }],
    ["hep-th/9901001", { id: "hep-th/9901001", version: null, style: "old" }],
    ["quant-ph/0201082v1", { id: "quant-ph/0201082", version: 1, style: "old" }],
    ["math.GT/0309136", { id: "math.GT/0309136", version: null, style: "old" }],
  ])("parses %s", (input, expected) => {
    expect(parseArxivId(input)).toEqual(expected);
  });

  it.each(["abc", "", "2401.123", "2401.1234567", "hep-th/990100", "HEP-TH/9901001", "2401.12345v"])("refuses %j", (input) => {
    expect(parseArxivId(input)).toBeNull();
  });
});

describe("extractArxivId", () => {
  it.each([
    ["https://arxiv.org/abs/2401.12345v3", "2401.12345", 3],
    ["http://arxiv.org/pdf/2401.12345.pdf", "2401.12345", null],
    ["https://arxiv.org/abs/hep-th/9901001", "hep-th/9901001", null],
    ["arXiv:1706.03762", "1706.03762", null],
    ["https://doi.org/10.48550/arXiv.2304.05376", "2304.05376", null],
    ["10.48550/arXiv.2304.05376", "2304.05376", null],
    ["2401.12345.pdf", "2401.12345", null],
  ])("finds the id in %s", (input, id, version) => {
    expect(extractArxivId(input)).toMatchObject({ id, version });
  });

  it("answers null for other URLs", () => {
    expect(extractArxivId("https://example.org/paper.pdf")).toBeNull();
  });
});

describe("stripArxivVersion", () => {
  it("strips a .pdf suffix and a version", () => {
    expect(stripArxivVersion("2401.12345v2.pdf")).toBe("2401.12345");
    expect(stripArxivVersion("hep-th/9901001v1")).toBe("hep-th/9901001");
  });
});
