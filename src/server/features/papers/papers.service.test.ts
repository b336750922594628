import { describe, expect, it } from "vitest";
import { bareDoi, paperDoi } from "@/shared/paper-relations";
import { classifyPaperId } from "./papers.service";

describe("classifyPaperId", () => {
  it("reads arXiv ids, DOIs and OpenAlex work ids", () => {
    expect(classifyPaperId("2401.12345")).toEqual({ kind: "arxiv", id: "2401.12345" });
    expect(classifyPaperId("2401.12345v2")).toEqual({ kind: "arxiv", id: "2401.12345v2" });
    expect(classifyPaperId("hep-th/9901001")).toEqual({ kind: "arxiv", id: "hep-th/9901001" });
    expect(classifyPaperId("https://arxiv.org/abs/2401.12345")).toEqual({ kind: "arxiv", id: "2401.12345" });
    expect(classifyPaperId("10.48550/arXiv.2401.12345")).toEqual({ kind: "arxiv", id: "2401.12345" });
    expect(classifyPaperId("10.1000/xyz.1")).toEqual({ kind: "doi", doi: "10.1000/xyz.1" });
    expect(classifyPaperId("https://doi.org/10.1000/xyz.1")).toEqual({ kind: "doi", doi: "10.1000/xyz.1" });
    expect(classifyPaperId("w123")).toEqual({ kind: "openalex", workId: "W123" });
  });

  it("refuses URLs to other hosts, paths and junk", () => {
    for (const bad of ["https://evil.example/x", "../../etc/passwd", "2401.1234\0", "", "x".repeat(300), "javascript:alert(1)", "127.0.0.1"]) {
      expect(classifyPaperId(bad), bad).toBeNull();
    }
  });
});

describe("paper DOIs", () => {
  it("finds the DOI to look a paper up by", () => {
    expect(bareDoi("https://doi.org/10.1000/x")).toBe("10.1000/x");
    expect(bareDoi("not a doi")).toBeNull();
    expect(paperDoi({ doi: "10.1000/x", id: "2401.12345", arxivId: null, source: "arxiv" })).toBe("10.1000/x");
    expect(paperDoi({ doi: null, id: "2401.12345", arxivId: "2401.12345v3", source: "arxiv" })).toBe("10.48550/arXiv.2401.12345");
    expect(paperDoi({ doi: null, id: "W1", arxivId: null, source: "openalex" })).toBeNull();
  });
});
