import { describe, expect, it } from "vitest";
import { htmlTitle, sanitizeArxivHtml } from "./html-sanitize";

const pageUrl = "https://arxiv.org/html/2401.12345v1/";
const clean = (body: string) => sanitizeArxivHtml(`<html><head><title>T</title><script>evil()</script></head><body>${body}</body></html>`, { pageUrl });

describe("sanitizeArxivHtml", () => {
  it("removes scripts, styles, frames and forms with their content", () => {
    const out = clean(`<p>Keep</p><script>alert(1)</script><style>p{}</style><iframe src="https://x.example"></iframe><form><input name=a></form><noscript>n</noscript>`);
    expect(out).toContain("<p>Keep</p>");
    expect(out).not.toMatch(/script|alert|<style|iframe|<form|<input|noscript/i);
    expect(out).not.toContain(">T<");
  });

  it("removes event handlers and inline styles", () => {
    const out = clean(`<p onclick="steal()" onmouseover="x()" style="position:fixed" class="ltx_p">Text</p><img src="x1.png" onerror="boom()">`);
    expect(out).not.toMatch(/onclick|onmouseover|onerror|steal|boom|style=/i);
    expect(out).toContain('class="ltx_p"');
  });

  it("removes javascript:, data: and vbscript: URLs", () => {
    const out = clean(`<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(2)">b</a><a href="data:text/html,<script>">c</a><a href="vbscript:x">d</a>`);
    expect(out).not.toMatch(/javascript|data:|vbscript/i);
    expect(out).toContain(">a</a>");
  });

  it("drops images from foreign hosts and keeps the rendition's own, absolute", () => {
    const out = clean(`<img src="https://tracker.example/pixel.gif" alt="t"><img src="//evil.example/x.png"><img src="x1.png" alt="Figure 1">`);
    expect(out).not.toContain("tracker.example");
    expect(out).not.toContain("evil.example");
    expect(out).toContain('src="https://arxiv.org/html/2401.12345v1/x1.png"');
    expect(out).toContain('alt="Figure 1"');
  });

  it("rewrites arXiv links to in-app paths and keeps in-page anchors", () => {
    const out = clean(
      `<a href="https://arxiv.org/abs/2312.00001">r1</a><a href="https://arxiv.org/pdf/hep-th/9901001v2">r2</a><a href="/html/2402.00002v1">r3</a><a href="#S2">s2</a><a href="https://arxiv.org/html/2401.12345v1#bib.bib3">b3</a>`,
    );
    expect(out).toContain('href="/abs/2312.00001"');
    expect(out).toContain('href="/pdf/hep-th/9901001v2"');
    expect(out).toContain('href="/html/2402.00002v1"');
    expect(out).toContain('href="#S2"');
    expect(out).toContain('href="#bib.bib3"');
    expect(out).not.toMatch(/href="\/abs\/2312.00001"[^>]*target/);
  });

  it("opens other sites in a new tab without an opener", () => {
    const out = clean(`<a href="https://github.com/example/code">code</a>`);
    expect(out).toContain('href="https://github.com/example/code"');
    expect(out).toContain('target="_blank"');
    expect(out).toContain('rel="noopener noreferrer"');
  });

  it("keeps MathML and LaTeXML structure, drops page chrome", () => {
    const out = sanitizeArxivHtml(
      `<body><nav class="ltx_page_navbar">TOC</nav><article class="ltx_document"><section id="S1" class="ltx_section"><h2 class="ltx_title">1 Intro</h2><math display="block" alttext="x^2"><msup><mi>x</mi><mn>2</mn></msup></math></section></article><footer class="ltx_page_footer">Generated</footer></body>`,
      { pageUrl },
    );
    expect(out).toContain('<section id="S1" class="ltx_section">');
    expect(out).toContain('<math display="block" alttext="x^2"><msup><mi>x</mi><mn>2</mn></msup></math>');
    expect(out).not.toContain("TOC");
    expect(out).not.toContain("Generated");
  });
});

describe("htmlTitle", () => {
  it("reads LaTeXML's document title as text", () => {
    expect(htmlTitle(`<h1 class="ltx_title ltx_title_document">Deep <em>Nets</em></h1>`)).toBe("Deep Nets");
    expect(htmlTitle(`<p>none</p>`)).toBeNull();
  });
});
