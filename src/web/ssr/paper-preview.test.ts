import { describe, expect, it } from "vitest";
import type { Paper } from "@/shared/paper";
import { testPaper } from "@/test/me-test-client";
import { renderPaperPreview, scriptSafeJson } from "./paper-preview";

const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";
const HOSTILE = `Attention </script><script>alert(1)</script> & <img src=x onerror=alert(2)> "quoted"`;

/** The paper JSON the drawing carries for the app. */
function carried(html: string): { id: string; paper: Paper } {
  const match = /<script type="application\/json" data-preview-paper>([\s\S]*?)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!) as { id: string; paper: Paper };
}

describe("renderPaperPreview", () => {
  it("draws the abstract page: title, authors, abstract, dates, categories and real links", async () => {
    const paper = testPaper("2401.12345", { title: "Sparse mixtures", authors: ["Ada Lovelace", "Alan Turing"], doi: "10.1234/abc.5", categories: ["cs.LG", "stat.ML"] });
    const html = await renderPaperPreview("/abs/2401.12345", paper);
    expect(html.startsWith('<div class="hidden lg:block noscript:block" data-preview-content>')).toBe(true);
    expect(html).toContain("<h1");
    expect(html).toContain("Sparse mixtures</h1>");
    expect(html).toContain("Ada Lovelace, Alan Turing");
    expect(html).toContain("An abstract.");
    expect(html).toContain("cs.LG");
    expect(html).toContain("stat.ML");
    expect(html).toContain("Published");
    // Read the PDF of the version the page is: /abs/2401.12345 names none, so the newest.
    expect(html).toContain('href="/pdf/2401.12345"');
    expect(html).toContain('href="/html/2401.12345"');
    expect(html).toContain('href="https://arxiv.org/abs/2401.12345v1"');
    expect(html).toContain('href="https://doi.org/10.1234/abc.5"');
    // A drawing, not the live page: no ids, no title element (the server writes the head's).
    expect(html).not.toMatch(/ (id|for|data-testid)="/);
    expect(html).not.toContain("<title>");
    expect(carried(html)).toEqual({ id: "2401.12345", paper });
    // Its buttons (Bookmark, Share...) do nothing until the app takes over: drawn disabled, so a
    // press waits for the live one rather than being lost; links stay live.
    const buttons = html.match(/<button[^>]*>/g) ?? [];
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons) expect(button).toMatch(/\sdisabled=""/);
    expect(html).not.toMatch(/<a [^>]*\sdisabled[=\s>]/);
  });

  it("lays the page out for a phone when the browser says it is one, and shows Save Offline where the browser can keep papers", async () => {
    const paper = testPaper("2401.12345");
    const html = await renderPaperPreview("/abs/2401.12345", paper, { userAgent: PHONE, visitor: "anonymous", offline: true });
    expect(html.startsWith('<div class="sm:hidden noscript:block" data-preview-content>')).toBe(true);
    expect(html).toContain("Save Offline");
    expect(html).toContain("Online only");
    expect(await renderPaperPreview("/abs/2401.12345", paper)).not.toContain("Save Offline");
  });

  it("escapes a paper's text: a title or abstract holding </script> and HTML stays text", async () => {
    const paper = testPaper("2401.12345", { title: HOSTILE, abstract: `We show $x<y$ for all $\\alpha > 0$. ${HOSTILE}` });
    const html = await renderPaperPreview("/abs/2401.12345", paper);
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img");
    expect(html).toContain("Attention &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(2)&gt;");
    // Math as the page shows it: the TeX as written, escaped.
    expect(html).toContain("We show $x&lt;y$ for all $\\alpha &gt; 0$.");
    // One script element only: the data, which no text of the paper's can end.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(carried(html).paper.title).toBe(HOSTILE);
  });

  it("draws a paper with fields missing as the app does", async () => {
    const paper = testPaper("2401.12345", { authors: [], abstract: null as unknown as string, doi: null, categories: [], pdfUrl: null as unknown as string });
    const html = await renderPaperPreview("/abs/2401.12345", paper);
    expect(html).toContain("Unknown authors");
    expect(html).toContain("No abstract available.");
    expect(html).not.toContain("doi.org");
    expect(html).not.toContain("Categories");
  });

  it("keeps the side cards' place, as the app does while their code loads, even once the server has loaded that code", async () => {
    const paper = testPaper("2401.12345");
    await import("@/web/features/reader/reader-side-cards");
    for (let drawing = 0; drawing < 2; drawing++) {
      const html = await renderPaperPreview("/abs/2401.12345", paper);
      expect(html).not.toContain("Paper Information");
      expect(html).not.toContain("Notes");
      // The first drawing asked React for the cards' code: it is in by the next.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  it("draws /paper/{id} as the abstract page and /html/{id} with its frame; nothing for other paths", async () => {
    const paper = testPaper("2401.12345");
    expect(await renderPaperPreview("/paper/2401.12345", paper)).toContain("An abstract.");
    const htmlView = await renderPaperPreview("/html/2401.12345", paper);
    expect(htmlView).toContain("Paper 2401.12345");
    expect(htmlView).toContain("data-preview-paper");
    expect(await renderPaperPreview("/search?q=x", paper)).toBe("");
    expect(await renderPaperPreview("/settings", paper)).toBe("");
  });

  it("draws /pdf/{id}'s header (the page's largest text) and the viewer's place, as the app draws them while the viewer loads", async () => {
    const paper = testPaper("2401.12345", { title: "Sparse mixtures", authors: ["Ada Lovelace", "Alan Turing"] });
    for (const userAgent of [undefined, PHONE]) {
      const html = await renderPaperPreview("/pdf/2401.12345", paper, { userAgent });
      // Not shown where the side cards stand beside the viewer (styles.css), whatever the User-Agent.
      expect(html).toMatch(/^<div class="[^"]*" data-preview-content data-preview-until="xl">/);
      // The smaller title of the PDF view, on at most two lines, with the authors on one.
      expect(html).toMatch(/<h1 class="[^"]*text-xl sm:text-2xl[^"]*line-clamp-2[^"]*" title="Sparse mixtures">Sparse mixtures<\/h1>/);
      expect(html).toMatch(/<p class="[^"]*truncate[^"]*" title="Ada Lovelace, Alan Turing">Ada Lovelace, Alan Turing<\/p>/);
      expect(html).toContain('aria-current="page" class="rounded-md px-3 py-1 text-sm font-medium');
      expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*>PDF<\/a>/);
      // Where the viewer goes (the early page of pdf.js is put up there), saying what comes.
      expect(html).toMatch(/<div class="[^"]*h-\[calc\(100dvh-8rem\)\][^"]*" role="status" data-pdf-place="">/);
      expect(html).toContain("Loading PDF...");
      expect(carried(html)).toEqual({ id: "2401.12345", paper });
      expect(html).not.toContain("<title>");
    }
  });
});

describe("scriptSafeJson", () => {
  it("writes no < and keeps the data", () => {
    const value = { text: "</script><!-- \u2028 \u2029" };
    const json = scriptSafeJson(value);
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual(value);
  });
});
