import { describe, expect, it } from "vitest";
import { arxivAbsUrl, licenseLink } from "./paper-links";
import { readerPath, readerPathParts } from "./paper-route";
import { relationPath } from "./relations-card";
import { paperErrorMessage, PAPER_MESSAGES } from "./paper-queries";
import { ApiError } from "@/web/lib/api";
import type { Paper } from "@/shared/paper";

const paper = (overrides: Partial<Paper> = {}): Paper => ({
  id: "2401.12345",
  title: "T",
  authors: [],
  abstract: "",
  url: "",
  pdfUrl: null,
  publishedDate: null,
  updatedDate: null,
  categories: [],
  category: "unknown",
  source: "arxiv",
  doi: null,
  journalRef: null,
  comments: null,
  arxivId: "2401.12345v2",
  links: { abstract: null, pdf: null },
  ...overrides,
});

describe("readerPathParts", () => {
  it("reads the view and the id from the path", () => {
    expect(readerPathParts("/abs/2401.12345")).toEqual({ view: "abs", id: "2401.12345", viewType: "abs" });
    expect(readerPathParts("/pdf/2401.12345v2")).toEqual({ view: "pdf", id: "2401.12345v2", viewType: "pdf" });
    expect(readerPathParts("/html/hep-th/9901001")).toEqual({ view: "html", id: "hep-th/9901001", viewType: "html" });
    expect(readerPathParts(`/paper/${encodeURIComponent("10.1000/xyz/1")}`)).toEqual({ view: "abs", id: "10.1000/xyz/1", viewType: "paper" });
  });

  it("is null for other paths and keeps undecodable ids as they are", () => {
    expect(readerPathParts("/search")).toBeNull();
    expect(readerPathParts("/abs/")).toBeNull();
    expect(readerPathParts("/abs/%E0%A4%A")?.id).toBe("%E0%A4%A");
  });

  it("builds paths that keep an old-style id's slash", () => {
    expect(readerPath("pdf", "hep-th/9901001")).toBe("/pdf/hep-th/9901001");
    expect(readerPath("abs", "a b")).toBe("/abs/a%20b");
  });
});

describe("paper links", () => {
  it("links arXiv papers to arXiv with their version", () => {
    expect(arxivAbsUrl(paper())).toBe("https://arxiv.org/abs/2401.12345v2");
    expect(arxivAbsUrl(paper({ source: "openalex", id: "W1", arxivId: null }))).toBeNull();
  });

  it("names Creative Commons licenses and others", () => {
    expect(licenseLink("cc-by")).toEqual({ label: "Creative Commons", href: "https://creativecommons.org/licenses/by/4.0/" });
    expect(licenseLink("http://creativecommons.org/licenses/by-nc-sa/4.0/")?.label).toBe("Creative Commons");
    expect(licenseLink("http://arxiv.org/licenses/nonexclusive-distrib/1.0/")).toEqual({ label: "View License", href: "http://arxiv.org/licenses/nonexclusive-distrib/1.0/" });
    expect(licenseLink(undefined)).toBeNull();
    expect(licenseLink("publisher-specific")).toBeNull();
  });

  it("opens references in Quire by arXiv id, else by DOI", () => {
    expect(relationPath(paper({ source: "openalex", id: "W1", arxivId: "2312.00001v1" }))).toBe("/abs/2312.00001");
    expect(relationPath(paper({ source: "openalex", id: "W1", arxivId: null, doi: "10.48550/arXiv.2312.00002" }))).toBe("/abs/2312.00002");
    expect(relationPath(paper({ source: "openalex", id: "W1", arxivId: null, doi: "10.1000/x/y" }))).toBe("/paper/10.1000%2Fx%2Fy");
    expect(relationPath(paper({ source: "openalex", id: "W1", arxivId: null, doi: null }))).toBeNull();
  });
});

describe("paperErrorMessage", () => {
  it("says not found for unknown or unreadable ids and failed for anything else", () => {
    expect(paperErrorMessage(new ApiError("not_found", "x", 404))).toBe(PAPER_MESSAGES.notFound);
    expect(paperErrorMessage(new ApiError("validation_failed", "x", 400))).toBe(PAPER_MESSAGES.notFound);
    expect(paperErrorMessage(new ApiError("upstream_error", "x", 502))).toBe(PAPER_MESSAGES.failed);
    // A request that never reached the server blames the network, not the id.
    expect(paperErrorMessage(new ApiError("network_error", "You are offline", 0))).toBe(PAPER_MESSAGES.offline);
    expect(paperErrorMessage(new ApiError("network_error", "Network error", 0))).toBe(PAPER_MESSAGES.unreachable);
    expect(paperErrorMessage(new Error("boom"))).toBe(PAPER_MESSAGES.failed);
  });
});
