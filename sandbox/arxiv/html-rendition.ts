/**
 * arXiv's HTML full text (`arxiv.org/html/<id>`) for part of the corpus. arXiv renders recent
 * papers (since December 2023) with LaTeXML; no recording of such a page is in the fixtures,
 * so these pages are GENERATED from the corpus record in LaTeXML's markup (ltx_* classes,
 * sections with ids, MathML, a bibliography with arXiv links) - not copies of real pages.
 * Like real pages they carry scripts and page chrome, and each also carries a few hostile
 * bits (event handler, javascript: link, a foreign tracker image) for Quire's sanitiser.
 */
import { createHash } from "node:crypto";
import { getCorpus, type Paper } from "../corpus";
import { escapeAttribute, escapeText } from "./atom-feed";
import { parsePdfPath } from "./pdf-store";

/** Whether a corpus paper has an HTML rendition: new-style ids from 2312 on, three in four of them. */
export function hasHtmlRendition(id: string): boolean {
  const modern = /^(\d{2})(\d{2})\.\d{4,5}$/.exec(id);
  if (!modern) return false;
  if (Number(modern[1]! + modern[2]!) < 2312) return false;
  return createHash("sha1").update(id).digest()[0]! % 4 !== 0;
}

function sentences(text: string): string[] {
  return text.replace(/\s+/g, " ").trim().split(/(?<=[.!?])\s+(?=[A-Z])/).filter(Boolean);
}

/** Other corpus papers this page cites: deterministic neighbours in the corpus. */
function citedPapers(paper: Paper): Paper[] {
  const { papers } = getCorpus();
  const seed = createHash("sha1").update(`refs:${paper.id}`).digest();
  const picked: Paper[] = [];
  for (let i = 0; picked.length < 5 && i < 12; i++) {
    const candidate = papers[(seed.readUInt32BE(0) + i * 7919) % papers.length];
    if (candidate && candidate.id !== paper.id && !picked.includes(candidate)) picked.push(candidate);
  }
  return picked;
}

function renderPage(paper: Paper, version: number): string {
  const id = `${paper.id}v${version}`;
  const parts = sentences(paper.abstract);
  const half = Math.max(1, Math.ceil(parts.length / 2));
  const refs = citedPapers(paper);
  const cite = (index: number) =>
    refs[index] ? `<cite class="ltx_cite ltx_citemacro_cite">[<a href="#bib.bib${index + 1}" class="ltx_ref">${index + 1}</a>]</cite>` : "";
  const paragraph = (text: string, n: string) => `<div id="${n}" class="ltx_para"><p class="ltx_p">${escapeText(text)}</p></div>`;
  const authors = paper.authors
    .map((name) => `<span class="ltx_creator ltx_role_author"><span class="ltx_personname">${escapeText(name)}</span></span>`)
    .join('<span class="ltx_author_before">, </span>');
  const bibliography = refs
    .map(
      (ref, index) =>
        `<li id="bib.bib${index + 1}" class="ltx_bibitem"><span class="ltx_tag ltx_tag_bibitem">[${index + 1}]</span><span class="ltx_bibblock">${escapeText(ref.authors.slice(0, 3).join(", "))}. </span><span class="ltx_bibblock">${escapeText(ref.title)}. </span><span class="ltx_bibblock">arXiv:<a href="https://arxiv.org/abs/${escapeAttribute(ref.id)}" class="ltx_ref ltx_href">${escapeText(ref.id)}</a>, ${ref.published.slice(0, 4)}.</span></li>`,
    )
    .join("\n");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeText(paper.title)}</title>
<link rel="stylesheet" href="https://arxiv.org/static/browse/0.3.4/css/ar5iv.0.7.9.min.css">
<script src="https://cdn.example/mathjax/tex-mml-chtml.js"></script>
<script>window.__arxivHtml = { id: ${JSON.stringify(id)} };</script>
</head>
<body>
<header class="desktop_header"><a href="https://arxiv.org/abs/${escapeAttribute(id)}">Back to arXiv</a><button onclick="toggleTheme()">Theme</button></header>
<nav class="ltx_page_navbar"><ol class="ltx_toclist"><li><a href="#S1">1 Introduction</a></li><li><a href="#S2">2 Method</a></li><li><a href="#S3">3 Conclusion</a></li></ol></nav>
<div class="ltx_page_main"><div class="ltx_page_content">
<article class="ltx_document ltx_authors_1line">
<h1 class="ltx_title ltx_title_document">${escapeText(paper.title)}</h1>
<div class="ltx_authors">${authors}</div>
<div class="ltx_abstract"><h6 class="ltx_title ltx_title_abstract">Abstract</h6><p class="ltx_p">${escapeText(paper.abstract)}</p></div>
<section id="S1" class="ltx_section"><h2 class="ltx_title ltx_title_section"><span class="ltx_tag ltx_tag_section">1 </span>Introduction</h2>
${parts.slice(0, half).map((text, i) => paragraph(text, `S1.p${i + 1}`)).join("\n")}
<div class="ltx_para"><p class="ltx_p" onclick="track('intro')">This work builds on earlier results ${cite(0)}${cite(1)} and is compared with ${cite(2)}. See <a href="javascript:alert(document.cookie)">the appendix</a> and the <a href="https://github.com/arxiv/arxiv-browse">accompanying code</a>.</p></div>
</section>
<section id="S2" class="ltx_section"><h2 class="ltx_title ltx_title_section"><span class="ltx_tag ltx_tag_section">2 </span>Method</h2>
${parts.slice(half).map((text, i) => paragraph(text, `S2.p${i + 1}`)).join("\n")}
<table id="S2.E1" class="ltx_equation ltx_eqn_table"><tbody><tr class="ltx_equation ltx_eqn_row"><td class="ltx_eqn_cell ltx_align_center"><math id="S2.E1.m1" class="ltx_Math" alttext="\\mathcal{L}=\\sum_{i=1}^{n}(y_{i}-\\hat{y}_{i})^{2}" display="block"><semantics><mrow><mi class="ltx_font_mathcaligraphic">ℒ</mi><mo>=</mo><mrow><munderover><mo movablelimits="false">∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><msup><mrow><mo stretchy="false">(</mo><msub><mi>y</mi><mi>i</mi></msub><mo>−</mo><msub><mover accent="true"><mi>y</mi><mo>^</mo></mover><mi>i</mi></msub><mo stretchy="false">)</mo></mrow><mn>2</mn></msup></mrow></mrow><annotation encoding="application/x-tex">\\mathcal{L}=\\sum_{i=1}^{n}(y_{i}-\\hat{y}_{i})^{2}</annotation></semantics></math></td><td class="ltx_eqn_cell ltx_eqn_eqno ltx_align_right"><span class="ltx_tag ltx_tag_equation">(1)</span></td></tr></tbody></table>
<img src="https://tracker.example/pixel.gif?paper=${escapeAttribute(id)}" alt="" width="1" height="1" onload="beacon()">
</section>
<section id="S3" class="ltx_section"><h2 class="ltx_title ltx_title_section"><span class="ltx_tag ltx_tag_section">3 </span>Conclusion</h2>
<div class="ltx_para"><p class="ltx_p">We summarised the approach of Section <a href="#S2" class="ltx_ref">2</a>; further details are in ${cite(3)}${cite(4)}.</p></div>
</section>
<section id="bib" class="ltx_bibliography"><h2 class="ltx_title ltx_title_bibliography">References</h2>
<ul class="ltx_biblist">
${bibliography}
</ul></section>
</article>
</div></div>
<footer class="ltx_page_footer"><div class="ltx_page_logo">Generated by LaTeXML</div></footer>
</body>
</html>
`;
}

/** The rendition for an `/arxiv/html/<id>[vN][/]` path, or undefined when there is none. */
export function findHtmlRendition(path: string): string | undefined {
  const requested = parsePdfPath(path.replace(/\/+$/, ""));
  if (!requested) return undefined;
  const paper = getCorpus().byId.get(requested.id);
  if (!paper || !hasHtmlRendition(paper.id)) return undefined;
  const version = requested.version ?? paper.version;
  if (version < 1 || version > paper.version) return undefined;
  return renderPage(paper, version);
}
