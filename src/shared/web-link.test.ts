import { describe, expect, it } from "vitest";
import { paperSchema } from "./paper";
import { paperPdfLink, paperViewLink } from "./paper-links";
import { isWebLink, webLinkOrNull } from "./web-link";

const HOSTILE = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "blob:https://quire.example/1",
  "//evil.example/x",
  "/relative/path",
  "",
];

describe("isWebLink", () => {
  it.each(HOSTILE)("refuses %j", (value) => {
    expect(isWebLink(value)).toBe(false);
    expect(webLinkOrNull(value)).toBeNull();
  });

  it.each(["https://arxiv.org/abs/2401.12345", "http://dx.doi.org/10.1000/x", "HTTPS://Example.org/a?b#c"])("takes %s", (value) => {
    expect(isWebLink(value)).toBe(true);
    expect(webLinkOrNull(value)).toBe(value);
  });
});

describe("a paper's links where it enters (paperSchema)", () => {
  const paper = {
    id: "10.1000/x",
    title: "T",
    authors: [],
    abstract: "",
    url: "javascript:alert(1)",
    pdfUrl: "data:application/pdf;base64,AAAA",
    thumbnailUrl: "data:image/svg+xml,<svg onload=alert(1)>",
    publishedDate: null,
    updatedDate: null,
    categories: [],
    category: "unknown",
    source: "crossref",
    doi: "10.1000/x",
    journalRef: null,
    comments: null,
    arxivId: null,
    links: { abstract: " javascript:alert(1)", pdf: "https://example.org/x.pdf" },
  };

  it("drops every link that is not http(s) and keeps the paper", () => {
    const parsed = paperSchema.parse(paper);
    expect(parsed).toMatchObject({ url: "", pdfUrl: null, links: { abstract: null, pdf: "https://example.org/x.pdf" } });
    expect(parsed.thumbnailUrl).toBeUndefined();
    expect(JSON.stringify(parsed)).not.toMatch(/javascript|data:/i);
  });

  it("keeps http(s) links as they are", () => {
    const parsed = paperSchema.parse({ ...paper, url: "https://doi.org/10.1000/x", pdfUrl: "http://example.org/x.pdf", thumbnailUrl: "https://example.org/t.png" });
    expect(parsed).toMatchObject({ url: "https://doi.org/10.1000/x", pdfUrl: "http://example.org/x.pdf", thumbnailUrl: "https://example.org/t.png" });
  });

  it("gives no link to follow for a stored paper that still holds one (paperViewLink, paperPdfLink)", () => {
    const stored = { id: "10.1000/x", source: "crossref", url: "javascript:alert(1)", pdfUrl: "data:text/html,x" };
    expect(paperViewLink(stored)).toBeNull();
    expect(paperPdfLink(stored)).toBeNull();
    expect(paperViewLink({ ...stored, url: "https://doi.org/10.1000/x" })).toEqual({ href: "https://doi.org/10.1000/x", internal: false });
  });
});
