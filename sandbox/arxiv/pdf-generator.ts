/**
 * Generates a stand-in PDF for a corpus paper that has no real PDF in the fixtures: page 1
 * carries the real title, authors and abstract (and arXiv's vertical identifier stamp), the
 * following pages deterministic body text, 3 to 8 pages in all depending on the id. The same
 * paper and version always give the same bytes, so ETags and caches behave as with real files.
 */
import { createHash } from "node:crypto";
import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { Paper } from "../corpus";
import { seededRandom } from "../lib/stable-random";
import { LONG_PDF_PAGES, LONG_PDF_PAPER_ID, TEN_PAGE_PDF_PAPER_ID } from "./pdf-faults";

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 72;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

function seedOf(text: string): number {
  return createHash("sha1").update(text).digest().readUInt32LE(0);
}

/** How many pages the generated PDF of a paper has: 3 to 8, fixed by the id (the benchmark's long papers aside). */
export function generatedPageCount(id: string): number {
  if (id === LONG_PDF_PAPER_ID) return LONG_PDF_PAGES;
  if (id === TEN_PAGE_PDF_PAPER_ID) return 10;
  return 3 + (seedOf(id) % 6);
}

/** Spellings for letters the standard fonts' WinAnsi encoding lacks (mostly Greek in abstracts). */
const TRANSLITERATIONS: Record<string, string> = {
  α: "alpha", β: "beta", γ: "gamma", δ: "delta", ε: "epsilon", θ: "theta", λ: "lambda", μ: "mu",
  π: "pi", ρ: "rho", σ: "sigma", τ: "tau", φ: "phi", χ: "chi", ψ: "psi", ω: "omega", Δ: "Delta",
  Σ: "Sigma", Ω: "Omega", "≤": "<=", "≥": ">=", "≈": "~", "→": "->", "←": "<-", "×": "x", "−": "-",
  ı: "i", ł: "l", Ł: "L", "\u2009": " ", "\u00a0": " ",
};

/** Makes text drawable with a standard font: keeps what WinAnsi has, transliterates the rest. */
export function toWinAnsi(text: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet());
  let out = "";
  for (const char of text.replace(/[\t\n\r]/g, " ")) {
    const code = char.codePointAt(0)!;
    if (supported.has(code)) out += char;
    else if (TRANSLITERATIONS[char] !== undefined) out += TRANSLITERATIONS[char];
    else {
      const stripped = char.normalize("NFD").replace(/\p{M}/gu, "");
      out += [...stripped].every((c) => supported.has(c.codePointAt(0)!)) && stripped ? stripped : "?";
    }
  }
  return out;
}

/** Splits text into lines no wider than `width` at the given size. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/ +/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const SECTION_TITLES = ["Introduction", "Related Work", "Method", "Experimental Setup", "Results", "Analysis", "Discussion", "Limitations", "Conclusion"];

const FILLER = [
  "We describe the setting in detail and state the assumptions that the analysis relies on.",
  "Table 1 summarises the quantities used throughout this section.",
  "The procedure is repeated for every configuration, and the averages are reported.",
  "This choice keeps the comparison fair across the baselines considered here.",
  "A closer look at the failure cases shows where the approach reaches its limits.",
  "The remaining discrepancies are within the expected statistical uncertainty.",
  "We release the code and the data needed to reproduce every figure in this paper.",
  "Further details of the derivation are given in the appendix.",
  "The results are robust to the precise value of the hyperparameters.",
  "Section 5 discusses the implications of these findings for future work.",
];

/** Body paragraphs: sentences of the paper's own abstract interleaved with neutral filler. */
function paragraphs(paper: Paper, random: () => number, count: number): string[] {
  const sentences = paper.abstract.split(/(?<=[.!?])\s+/).filter((s) => s.length > 20);
  const pool = sentences.length > 0 ? sentences : FILLER;
  const result: string[] = [];
  for (let p = 0; p < count; p += 1) {
    const parts: string[] = [];
    const length = 4 + Math.floor(random() * 4);
    for (let s = 0; s < length; s += 1) {
      const source = random() < 0.5 ? pool : FILLER;
      parts.push(source[Math.floor(random() * source.length)]!);
    }
    result.push(parts.join(" "));
  }
  return result;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

/** Writes lines downward from `y`, opening a new page when one is full; returns the new y. */
class PageWriter {
  page: PDFPage;
  y: number;
  pageNumber = 1;
  private footedPage = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly maxPages: number,
  ) {
    this.page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  get full(): boolean {
    return this.pageNumber >= this.maxPages && this.y < MARGIN + 40;
  }

  private newPage(): boolean {
    this.footer();
    if (this.pageNumber >= this.maxPages) return false;
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pageNumber += 1;
    this.y = PAGE_HEIGHT - MARGIN;
    return true;
  }

  /** Draws the page number at the foot of the current page, once. */
  footer(): void {
    if (this.footedPage === this.pageNumber) return;
    this.footedPage = this.pageNumber;
    const label = String(this.pageNumber);
    const width = this.fonts.regular.widthOfTextAtSize(label, 10);
    this.page.drawText(label, { x: (PAGE_WIDTH - width) / 2, y: MARGIN / 2, size: 10, font: this.fonts.regular });
  }

  /** Draws text wrapped to the column; false once the last page is full. */
  text(text: string, font: PDFFont, size: number, options: { center?: boolean; gapAfter?: number } = {}): boolean {
    const lineHeight = size * 1.25;
    for (const line of wrap(toWinAnsi(text, font), font, size, TEXT_WIDTH)) {
      if (this.y - lineHeight < MARGIN && !this.newPage()) return false;
      const width = font.widthOfTextAtSize(line, size);
      this.page.drawText(line, { x: options.center ? (PAGE_WIDTH - width) / 2 : MARGIN, y: this.y - size, size, font, color: rgb(0, 0, 0) });
      this.y -= lineHeight;
    }
    this.y -= options.gapAfter ?? 0;
    return true;
  }

  /** Starts a section on a fresh page when fewer than a few lines are left on this one. */
  breakIfLow(): boolean {
    return this.y > MARGIN + 80 || this.newPage();
  }

  finish(): void {
    this.footer();
  }
}

function stampDate(iso: string): string {
  const date = new Date(iso);
  const month = date.toLocaleString("en-US", { month: "short", timeZone: "UTC" });
  return `${date.getUTCDate()} ${month} ${date.getUTCFullYear()}`;
}

/** The PDF for one paper version. */
export async function generatePaperPdf(paper: Paper, version: number): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.TimesRoman),
    bold: await doc.embedFont(StandardFonts.TimesRomanBold),
    italic: await doc.embedFont(StandardFonts.TimesRomanItalic),
  };
  const created = new Date(paper.versions.find((v) => v.version === version)?.created ?? paper.updated);
  doc.setTitle(toWinAnsi(paper.title, fonts.regular));
  doc.setAuthor(toWinAnsi(paper.authors.join(", "), fonts.regular));
  doc.setSubject(`arXiv:${paper.id}v${version} [${paper.primaryCategory}]`);
  doc.setCreator("Quire sandbox upstream");
  doc.setProducer("pdf-lib");
  doc.setCreationDate(created);
  doc.setModificationDate(created);

  const pageCount = generatedPageCount(paper.id);
  const random = seededRandom(seedOf(`${paper.id}v${version}`));
  const writer = new PageWriter(doc, fonts, pageCount);

  // arXiv's identifier stamp runs up the left margin of page 1.
  const stamp = toWinAnsi(`arXiv:${paper.id}v${version}  [${paper.primaryCategory}]  ${stampDate(created.toISOString())}`, fonts.regular);
  writer.page.drawText(stamp, { x: 32, y: 220, size: 14, font: fonts.regular, rotate: degrees(90), color: rgb(0.5, 0.5, 0.5) });

  writer.y -= 24;
  writer.text(paper.title, fonts.bold, 17, { center: true, gapAfter: 14 });
  writer.text(paper.authors.join(", "), fonts.regular, 12, { center: true, gapAfter: 22 });
  writer.text("Abstract", fonts.bold, 12, { center: true, gapAfter: 6 });
  writer.text(paper.abstract, fonts.regular, 10, { gapAfter: 18 });
  if (paper.comment) writer.text(`Comments: ${paper.comment}`, fonts.italic, 9, { gapAfter: 18 });

  // Sections until the last page is full.
  for (let section = 0; !writer.full; section += 1) {
    if (!writer.breakIfLow()) break;
    const title = SECTION_TITLES[section % SECTION_TITLES.length]!;
    if (!writer.text(`${section + 1}  ${title}`, fonts.bold, 12, { gapAfter: 6 })) break;
    let stopped = false;
    for (const paragraph of paragraphs(paper, random, 2 + Math.floor(random() * 3))) {
      if (!writer.text(paragraph, fonts.regular, 10.5, { gapAfter: 8 })) {
        stopped = true;
        break;
      }
    }
    if (stopped) break;
  }
  writer.finish();
  while (doc.getPageCount() < pageCount) {
    // Defensive: the loop above fills every page, but the count is part of the contract.
    doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  }
  // pdf-lib types its result loosely (ArrayBufferLike); Response bodies need a plain ArrayBuffer.
  return new Uint8Array(await doc.save({ useObjectStreams: false }));
}
