import { describe, expect, it } from "vitest";
import { arxivUrlToAppPath, paperDetailPath, paperPdfLink, paperViewLink, rewritePaperLink, versionedArxivIdOf } from "./paper-links";

describe("arxivUrlToAppPath", () => {
  it("rewrites arXiv abs, pdf and html pages to in-app paths", () => {
    expect(arxivUrlToAppPath("https://arxiv.org/abs/2401.12345")).toBe("/abs/2401.12345");
    expect(arxivUrlToAppPath("https://arxiv.org/abs/2401.12345v2")).toBe("/abs/2401.12345v2");
    expect(arxivUrlToAppPath("http://arxiv.org/pdf/2401.12345v1.pdf")).toBe("/pdf/2401.12345v1");
    expect(arxivUrlToAppPath("https://arxiv.org/html/2401.12345v3")).toBe("/html/2401.12345v3");
    expect(arxivUrlToAppPath("https://export.arxiv.org/abs/hep-th/9901001")).toBe("/abs/hep-th/9901001");
    expect(arxivUrlToAppPath("https://www.arxiv.org/pdf/math.GT/0309136v1?download=1")).toBe("/pdf/math.GT/0309136v1");
    expect(arxivUrlToAppPath("https://arxiv.org/abs/2401.12345/")).toBe("/abs/2401.12345");
  });

  it("leaves other URLs alone", () => {
    expect(arxivUrlToAppPath("https://doi.org/10.1000/xyz")).toBeNull();
    expect(arxivUrlToAppPath("https://arxiv.org/list/cs.CL/recent")).toBeNull();
    expect(arxivUrlToAppPath("https://arxiv.org/abs/not-an-id")).toBeNull();
    expect(arxivUrlToAppPath("https://notarxiv.org/abs/2401.12345")).toBeNull();
    expect(rewritePaperLink("https://openalex.org/W123")).toBe("https://openalex.org/W123");
    expect(rewritePaperLink("https://arxiv.org/abs/2401.12345")).toBe("/abs/2401.12345");
  });
});

describe("paper links", () => {
  const arxivPaper = {
    id: "2401.12345",
    source: "arxiv",
    url: "https://arxiv.org/abs/2401.12345v2",
    pdfUrl: "https://arxiv.org/pdf/2401.12345v2",
  };
  const crossrefPaper = { id: "10.1000/xyz", source: "crossref", url: "https://doi.org/10.1000/xyz", pdfUrl: null };

  it("opens arXiv papers in the app", () => {
    expect(paperViewLink(arxivPaper)).toEqual({ href: "/abs/2401.12345", internal: true });
    expect(paperPdfLink(arxivPaper)).toEqual({ href: "/pdf/2401.12345", internal: true });
    expect(paperViewLink({ ...arxivPaper, id: "hep-th/9901001" })).toEqual({ href: "/abs/hep-th/9901001", internal: true });
  });

  it("opens the version a kept paper names when asked (a bookmark opens what it keeps), else the newest", () => {
    const kept = { ...arxivPaper, arxivId: "2401.12345v2" };
    expect(paperViewLink(kept, { keptVersion: true })).toEqual({ href: "/abs/2401.12345v2", internal: true });
    expect(paperPdfLink(kept, { keptVersion: true })).toEqual({ href: "/pdf/2401.12345v2", internal: true });
    expect(paperViewLink(kept)).toEqual({ href: "/abs/2401.12345", internal: true });
    // No version named, or another paper's id: the paper's own address.
    expect(paperViewLink({ ...arxivPaper, arxivId: "2401.12345" }, { keptVersion: true })).toEqual({ href: "/abs/2401.12345", internal: true });
    expect(paperViewLink({ ...arxivPaper, arxivId: "2401.99999v4" }, { keptVersion: true })).toEqual({ href: "/abs/2401.12345", internal: true });
    expect(versionedArxivIdOf({ id: "hep-th/9901001", arxivId: "hep-th/9901001v3", source: "arxiv" })).toBe("hep-th/9901001v3");
    expect(versionedArxivIdOf({ id: "W1", arxivId: "2401.12345v2", source: "openalex" })).toBeNull();
  });

  it("sends other papers to their own pages, and rewrites arXiv URLs they carry", () => {
    expect(paperViewLink(crossrefPaper)).toEqual({ href: "https://doi.org/10.1000/xyz", internal: false });
    expect(paperPdfLink(crossrefPaper)).toBeNull();
    const openalexPreprint = { id: "W1", source: "openalex", url: "https://arxiv.org/abs/1706.03762", pdfUrl: "https://arxiv.org/pdf/1706.03762v5" };
    expect(paperViewLink(openalexPreprint)).toEqual({ href: "/abs/1706.03762", internal: true });
    expect(paperPdfLink(openalexPreprint)).toEqual({ href: "/pdf/1706.03762v5", internal: true });
  });

  it("encodes the id of the detail page", () => {
    expect(paperDetailPath("10.1000/xyz")).toBe("/paper/10.1000%2Fxyz");
    expect(paperDetailPath("2401.12345")).toBe("/paper/2401.12345");
  });
});
