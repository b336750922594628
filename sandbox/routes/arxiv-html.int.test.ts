import { describe, expect, it } from "vitest";
import { hasHtmlRendition } from "../arxiv/html-rendition";
import { getCorpus } from "../corpus";
import { useSandbox } from "../test-support/use-sandbox";

const sandbox = useSandbox();

describe("arXiv HTML renditions", () => {
  const papers = getCorpus().papers;
  const withHtml = papers.filter((paper) => hasHtmlRendition(paper.id));
  const recentWithout = papers.find((paper) => /^(2[4-9])\d{2}\./.test(paper.id) && !hasHtmlRendition(paper.id));

  it("covers part of the corpus: recent new-style ids only, not all of them", () => {
    expect(withHtml.length).toBeGreaterThan(100);
    expect(withHtml.length).toBeLessThan(papers.length);
    expect(withHtml.every((paper) => /^\d{4}\.\d{4,5}$/.test(paper.id) && Number(paper.id.slice(0, 4)) >= 2312)).toBe(true);
    expect(recentWithout).toBeDefined();
  });

  it("serves a LaTeXML-shaped page for the id, with or without version and trailing slash", async () => {
    const paper = withHtml[0]!;
    for (const path of [`/arxiv/html/${paper.id}`, `/arxiv/html/${paper.id}v${paper.version}`, `/arxiv/html/${paper.id}v1/`]) {
      const response = await sandbox.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/html");
      const html = await response.text();
      expect(html).toContain('<article class="ltx_document');
      expect(html).toContain('<section id="S1" class="ltx_section">');
      expect(html).toContain("<math");
      expect(html).toMatch(/href="https:\/\/arxiv\.org\/abs\/[^"]+"/);
    }
  });

  it("answers 404 for papers without HTML, unknown ids, unknown versions and old-style ids", async () => {
    const paper = withHtml[0]!;
    for (const path of [`/arxiv/html/${recentWithout!.id}`, "/arxiv/html/2401.99999", `/arxiv/html/${paper.id}v${paper.version + 1}`, "/arxiv/html/hep-th/9901001", "/arxiv/html/..%2F..%2Fetc"]) {
      const response = await sandbox.get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain("No HTML for");
    }
  });
});
