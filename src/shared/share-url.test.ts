import { describe, expect, it } from "vitest";
import { detectPaperUrl, findSharedLink, lookupIdFor, SHARE_MESSAGES, sharedInput } from "./share-url";

describe("detectPaperUrl: arXiv", () => {
  it.each([
    ["https://arxiv.org/abs/2401.12345", "2401.12345", null],
    ["https://arxiv.org/abs/2401.12345v3", "2401.12345", 3],
    ["http://arxiv.org/pdf/2401.12345", "2401.12345", null],
    ["https://arxiv.org/pdf/2401.12345v2.pdf", "2401.12345", 2],
    ["https://arxiv.org/pdf/2401.12345.pdf", "2401.12345", null],
    ["https://arxiv.org/html/2401.12345v1", "2401.12345", 1],
    ["https://arxiv.org/html/2401.12345v1/", "2401.12345", 1],
    ["https://export.arxiv.org/abs/0704.0001", "0704.0001", null],
    ["https://www.arxiv.org/abs/1706.03762?context=cs", "1706.03762", null],
    ["arxiv.org/abs/1706.03762", "1706.03762", null],
    ["https://arxiv.org/abs/hep-th/9901001", "hep-th/9901001", null],
    ["https://arxiv.org/abs/math.GT/0309136v2", "math.GT/0309136", 2],
    ["https://arxiv.org/pdf/quant-ph/0201082v1", "quant-ph/0201082", 1],
    ["https://arxiv.org/abs/hep-th%2F9901001", "hep-th/9901001", null],
    ["arXiv:1706.03762v5", "1706.03762", 5],
    ["arxiv: hep-th/9901001", "hep-th/9901001", null],
    ["2401.12345", "2401.12345", null],
    ["  2401.12345v2  ", "2401.12345", 2],
    ["hep-th/9901001", "hep-th/9901001", null],
    ["https://doi.org/10.48550/arXiv.2304.05376", "2304.05376", null],
    ["doi:10.48550/arXiv.2304.05376", "2304.05376", null],
  ])("%s is arXiv %s", (input, id, version) => {
    expect(detectPaperUrl(input)).toEqual({ ok: true, ref: { kind: "arxiv", id, version } });
  });
});

describe("detectPaperUrl: DOI", () => {
  it.each([
    ["https://doi.org/10.1038/nature14539", "10.1038/nature14539"],
    ["http://dx.doi.org/10.1103/PhysRevLett.116.061102", "10.1103/PhysRevLett.116.061102"],
    ["doi.org/10.1145/3292500.3330701", "10.1145/3292500.3330701"],
    ["doi:10.1000/182", "10.1000/182"],
    ["DOI: 10.1000/182", "10.1000/182"],
    ["10.1007/s11192-020-03690-4", "10.1007/s11192-020-03690-4"],
    ["https://link.springer.com/article/10.1007/s11192-020-03690-4", "10.1007/s11192-020-03690-4"],
    ["https://onlinelibrary.wiley.com/doi/full/10.1002/asi.24400", "10.1002/asi.24400"],
    ["https://onlinelibrary.wiley.com/doi/10.1002/asi.24400/abstract", "10.1002/asi.24400"],
    ["https://dl.acm.org/doi/10.1145/3292500.3330701", "10.1145/3292500.3330701"],
    ["https://pubs.acs.org/doi/abs/10.1021/acs.jcim.0c00000", "10.1021/acs.jcim.0c00000"],
    ["https://www.tandfonline.com/doi/pdf/10.1080/01621459.2017.1285773?needAccess=true", "10.1080/01621459.2017.1285773"],
    ["https://journals.plos.org/plosone/article?id=10.1371/journal.pone.0123456", "10.1371/journal.pone.0123456"],
    ["https://doi.org/10.1002%2Fasi.24400", "10.1002/asi.24400"],
  ])("%s is DOI %s", (input, doi) => {
    expect(detectPaperUrl(input)).toEqual({ ok: true, ref: { kind: "doi", doi } });
  });
});

describe("detectPaperUrl: refusals", () => {
  it("asks for a URL when the field is empty", () => {
    expect(detectPaperUrl("   ")).toEqual({ ok: false, message: SHARE_MESSAGES.empty });
  });

  it.each([
    "javascript:alert(document.cookie)",
    "JavaScript:alert(1)//https://arxiv.org/abs/2401.12345",
    "data:text/html,<script>alert(1)</script>",
    "file:///etc/passwd",
    "ftp://arxiv.org/abs/2401.12345",
    "https://example.com/paper",
    "https://www.nature.com/articles/s41586-020-2649-2",
    "https://arxiv.org/list/cs.LG/recent",
    "https://arxiv.org/abs/not-an-id",
    "https://evil.example/arxiv.org/abs/2401.12345",
    "https://arxiv.org.evil.example/abs/2401.12345",
    "hello world",
    "https://",
  ])("refuses %s", (input) => {
    expect(detectPaperUrl(input)).toEqual({ ok: false, message: SHARE_MESSAGES.unsupported });
  });

  it("refuses a 10 KB URL without reading it", () => {
    const long = `https://arxiv.org/abs/2401.12345?${"a".repeat(10 * 1024)}`;
    expect(detectPaperUrl(long)).toEqual({ ok: false, message: SHARE_MESSAGES.unsupported });
  });
});

describe("shared text", () => {
  it("finds the link in text an app shares (title, then URL)", () => {
    expect(findSharedLink("Attention Is All You Need https://arxiv.org/abs/1706.03762v7.")).toBe("https://arxiv.org/abs/1706.03762v7");
    expect(findSharedLink("Read this (doi:10.1000/182), it is good")).toBe("doi:10.1000/182");
    expect(findSharedLink("see arxiv.org/abs/2401.12345 now")).toBe("arxiv.org/abs/2401.12345");
    expect(findSharedLink("preprint 2401.12345v2 is out")).toBe("2401.12345v2");
    expect(findSharedLink("just some words")).toBeNull();
    // A long shared excerpt (Android shares the selection with its link) still yields the link.
    expect(findSharedLink(`${"Quoted passage ".repeat(1_400)}https://arxiv.org/abs/1706.03762`)).toBe("https://arxiv.org/abs/1706.03762");
  });

  it("takes url first, then the link inside text, and says so when text has no link", () => {
    expect(sharedInput({ url: "https://arxiv.org/abs/2401.12345", text: "ignored" })).toEqual({ input: "https://arxiv.org/abs/2401.12345", message: null });
    expect(sharedInput({ text: "Look: https://doi.org/10.1000/182" })).toEqual({ input: "https://doi.org/10.1000/182", message: null });
    expect(sharedInput({ text: "a shared note with no link at all" })).toEqual({ input: "", message: SHARE_MESSAGES.noLink });
    expect(sharedInput({})).toEqual({ input: "", message: null });
  });

  it("gives the lookup id", () => {
    expect(lookupIdFor({ kind: "arxiv", id: "2401.12345", version: 2 })).toBe("2401.12345");
    expect(lookupIdFor({ kind: "doi", doi: "10.1000/182" })).toBe("10.1000/182");
  });
});
