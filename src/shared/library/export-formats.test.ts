import { describe, expect, it } from "vitest";
import { formatAuthorName } from "@/shared/format";
import type { Paper } from "@/shared/paper";
import { importBibtex } from "@/shared/library/bibtex-import";
import { plugins } from "@citation-js/core";
import { parseBibtexText } from "@/shared/library/citation-js";
import type { CslItem } from "@/shared/library/csl-mapping";
import {
  BOOKMARK_EXPORT_FIELDS,
  exportBibtex,
  exportBookmarks,
  exportCslJson,
  exportCsv,
  exportFileName,
  exportJson,
  exportRis,
  toBookmarkExportRecord,
} from "@/shared/library/export-formats";
import {
  arxivPreprint,
  arxivPublished,
  crossrefArticle,
  crossrefConferencePaper,
  hugeAuthorListPaper,
  makePaper,
  openAlexArticle,
  specialCharactersPaper,
  unicodeAuthorsPaper,
  variedPapers,
  zoteroPreprint,
} from "@/shared/library/library-papers.fixtures";
import { arxivIdFromDoi, normalizeDoi, paperArxivId, paperYear } from "@/shared/library/paper-identifiers";

/** RIS read back by citation-js's RIS parser (the plugin registered by the export module). */
function readRis(text: string): CslItem[] {
  return plugins.input.chain(text, { forceType: "@ris/file", generateGraph: false }) as CslItem[];
}

const fixtureFiles = import.meta.glob<string>("./__fixtures__/*.bib", { query: "?raw", import: "default", eager: true });

/** A strict RFC 4180 reader, to check what the writer produced. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i += 1;
    } else field += char;
  }
  expect(field).toBe("");
  expect(row).toEqual([]);
  return rows;
}

const bookmark = { paperId: arxivPreprint.id, dateAdded: "2026-05-01T09:00:00.000Z", title: arxivPreprint.title, category: "cs.CL", collections: ["Reading group", "To cite"], paperData: arxivPreprint };

describe("JSON export", () => {
  it("writes the spec's bookmark export record, in its field order", () => {
    const records = JSON.parse(exportJson([bookmark, crossrefArticle])) as Record<string, unknown>[];
    expect(records).toHaveLength(2);
    expect(Object.keys(records[0]!)).toEqual([...BOOKMARK_EXPORT_FIELDS]);
    expect(records[0]).toEqual({
      paperId: "1706.03762",
      title: "Attention Is All You Need",
      authors: arxivPreprint.authors,
      abstract: arxivPreprint.abstract,
      url: "https://arxiv.org/abs/1706.03762v7",
      publishedDate: "2017-06-12T17:57:34Z",
      updatedDate: "2023-08-02T00:41:18Z",
      categories: ["cs.CL", "cs.LG"],
      dateAdded: "2026-05-01T09:00:00.000Z",
      collections: ["Reading group", "To cite"],
      source: "arxiv",
      journalRef: null,
      comments: "15 pages, 5 figures",
      doi: null,
    });
    expect(records[1]).toMatchObject({ paperId: "10.1038/nature14539", dateAdded: null, collections: [], doi: "10.1038/nature14539" });
  });

  it("reads server bookmarks' tags as collections", () => {
    const server = { id: "b1", paperId: crossrefArticle.id, paperData: crossrefArticle, notes: null, tags: ["ml"], bookmarkedAt: "2026-01-02T03:04:05Z" };
    expect(toBookmarkExportRecord(server)).toMatchObject({ dateAdded: "2026-01-02T03:04:05Z", collections: ["ml"] });
  });
});

describe("CSV export", () => {
  it("has a header row and quotes commas, quotes and newlines (RFC 4180, CRLF)", () => {
    const tricky = makePaper({
      id: "W1",
      source: "openalex",
      title: 'Commas, "quotes" and\nnewlines',
      authors: ["Curie, Marie", "Ada O'Brien"],
      abstract: "Line one\r\nLine two",
      categories: ["a", "b"],
      comments: "plain",
    });
    const text = exportCsv([{ paper: tricky, dateAdded: "2026-01-01", collections: ["x,y"] }]);
    expect(text.startsWith(`${BOOKMARK_EXPORT_FIELDS.join(",")}\r\n`)).toBe(true);
    expect(text).toContain('"Commas, ""quotes"" and\nnewlines"');
    expect(text.endsWith("\r\n")).toBe(true);
    const [header, row] = readCsv(text);
    expect(header).toEqual([...BOOKMARK_EXPORT_FIELDS]);
    const record = Object.fromEntries(header!.map((field, i) => [field, row![i]]));
    expect(record).toMatchObject({
      paperId: "W1",
      title: 'Commas, "quotes" and\nnewlines',
      authors: "Curie, Marie; Ada O'Brien",
      abstract: "Line one\r\nLine two",
      categories: "a; b",
      collections: "x,y",
      publishedDate: "",
      doi: "",
      comments: "plain",
    });
  });

  it("keeps unicode as is and writes one row per paper", () => {
    const rows = readCsv(exportCsv(variedPapers));
    expect(rows).toHaveLength(variedPapers.length + 1);
    expect(rows[6]![1]).toBe(unicodeAuthorsPaper.title);
    expect(rows[9]![2]!.split("; ")).toHaveLength(5000);
  });
});

describe("BibTeX export", () => {
  it("writes an arXiv preprint like arXiv's own export, with the 10.48550 DOI", () => {
    const text = exportBibtex([arxivPreprint]);
    expect(text).toBe(
      [
        "@misc{1706_03762,",
        "  title = {Attention {Is} {All} {You} {Need}},",
        "  author = {Vaswani, Ashish and Shazeer, Noam and Parmar, Niki and Uszkoreit, Jakob and Jones, Llion and Gomez, Aidan N. and Kaiser, \\L{}ukasz and Polosukhin, Illia},",
        "  year = {2017},",
        "  month = jun,",
        "  eprint = {1706.03762},",
        "  archivePrefix = {arXiv},",
        "  primaryClass = {cs.CL},",
        "  doi = {10.48550/arXiv.1706.03762},",
        "  url = {https://arxiv.org/abs/1706.03762v7},",
        `  abstract = {${arxivPreprint.abstract}},`,
        "}",
        "",
      ].join("\n"),
    );
  });

  it("has every field of the real arXiv exports (fixtures), same names", () => {
    const fixtureFields = new Set(
      Object.entries(fixtureFiles)
        .filter(([path]) => path.includes("arxiv-export"))
        .flatMap(([, text]) => parseBibtexText(text).flatMap((entry) => Object.keys(entry.properties))),
    );
    expect([...fixtureFields].sort()).toEqual(["archiveprefix", "author", "eprint", "primaryclass", "title", "url", "year"]);
    const [ours] = parseBibtexText(exportBibtex([arxivPreprint]));
    for (const field of fixtureFields) expect(Object.keys(ours!.properties)).toContain(field);
    expect(ours!.type).toBe("misc");
  });

  it("keeps the journal DOI and reference of a published arXiv paper", () => {
    const [entry] = parseBibtexText(exportBibtex([arxivPublished]));
    expect(entry!.properties).toMatchObject({ doi: "10.1126/science.1252319", eprint: "1401.2910", note: "Science 345, 420-424 (2014)" });
  });

  it("writes journal and conference papers with their venue, volume and pages", () => {
    const [article, conference, openAlex] = parseBibtexText(exportBibtex([crossrefArticle, crossrefConferencePaper, openAlexArticle]));
    expect(article).toMatchObject({
      type: "article",
      label: "10_1038_nature14539",
      properties: { journal: "Nature", volume: "521", pages: "436--444", doi: "10.1038/nature14539", year: "2015" },
    });
    expect(article!.properties).not.toHaveProperty("eprint");
    expect(conference).toMatchObject({ type: "inproceedings", properties: { pages: "770--778", doi: "10.1109/CVPR.2016.90" } });
    expect(conference!.properties.booktitle).toContain("Computer");
    expect(openAlex).toMatchObject({ type: "article", properties: { journal: "PeerJ", volume: "6", pages: "e4375" } });
  });

  it("escapes LaTeX specials and keeps characters LaTeX cannot spell in ASCII", () => {
    const text = exportBibtex([specialCharactersPaper, unicodeAuthorsPaper]);
    expect(text).toContain("\\&");
    expect(text).toContain("100\\%");
    expect(text).toContain("\\#tags\\textunderscore{}with");
    expect(text).toContain("≤ ∞ 量子 x²");
    expect(text).toContain("{李飞飞}");
    expect(text).toContain("M{\\\" u}ller-L{\\\" u}denscheidt, Zo{\\\" e}");
    // Every entry's braces balance (an unbalanced one would swallow the rest of the file).
    let depth = 0;
    for (const char of text.replace(/\\[{}]/g, "")) depth += char === "{" ? 1 : char === "}" ? -1 : 0;
    expect(depth).toBe(0);
  });

  it("cuts a 5,000-author list to 50 and 'and others'", () => {
    const text = exportBibtex([hugeAuthorListPaper]);
    const [entry] = parseBibtexText(text);
    const authors = String(entry!.properties.author).split(" and ");
    expect(authors).toHaveLength(51);
    expect(authors[0]).toBe("{ATLAS Collaboration}");
    expect(authors.at(-1)).toBe("others");
    expect(text.length).toBeLessThan(5000);
  });

  it("makes cite keys unique within the export and follows the cite-key setting", () => {
    const twin = makePaper({ id: "W2", source: "openalex", title: "Another", authors: ["Ashish Vaswani"], publishedDate: "2017" });
    const labels = parseBibtexText(exportBibtex([arxivPreprint, twin], { citeKeyFormat: "first_author_year" })).map((entry) => entry.label);
    expect(labels).toEqual(["Vaswani2017", "Vaswani2017a"]);
  });

  it("keeps TeX math as math, in abstracts and (braced) in titles", () => {
    const paper = makePaper({
      id: "1109.4052",
      arxivId: "1109.4052v1",
      title: "Measuring $\\Delta\\sigma$ at $\\sqrt{s}=7$ TeV",
      authors: ["Ann Lee"],
      abstract: "We measure $\\Delta\\sigma$, $$E=mc^2$$ and \\(x_{i}^2\\) for 50% of runs; it costs $5 and $10; $\\{a$ is not math.",
      publishedDate: "2011-09-19",
      categories: ["hep-ex"],
    });
    const text = exportBibtex([paper]);
    expect(text).toContain("  title = {Measuring {$\\Delta\\sigma$} at {$\\sqrt{s}=7$} {TeV}},");
    expect(text).toContain("abstract = {We measure $\\Delta\\sigma$, $$E=mc^2$$ and \\(x_{i}^2\\) for 50\\% of runs; it costs \\textdollar{}5 and \\textdollar{}10;");
    expect(text).not.toContain("\\textbackslash{}Delta");
    // citation-js reads the file, and Quire's importer gives back the text as it was.
    const [entry] = parseBibtexText(text);
    expect(entry!.properties.abstract).toContain("$\\Delta\\sigma$");
    const imported = importBibtex(text);
    if (!imported.ok) throw new Error(imported.error.message);
    expect(imported.papers[0]).toMatchObject({ title: paper.title, abstract: paper.abstract });
  });

  it("writes no publisher in @article or @misc (biblatex's data model has none there)", () => {
    const entries = parseBibtexText(exportBibtex(variedPapers));
    const types = new Set(entries.map((entry) => entry.type));
    expect(types).toContain("article");
    expect(types).toContain("misc");
    for (const entry of entries) if (entry.type === "article" || entry.type === "misc") expect(entry.properties, entry.label).not.toHaveProperty("publisher");
    expect(parseBibtexText(exportBibtex([crossrefArticle]))[0]!.properties).toMatchObject({ journal: "Nature", doi: "10.1038/nature14539" });
  });

  it("round-trips through the importer: titles, authors, years, DOIs and arXiv ids", () => {
    const result = importBibtex(exportBibtex(variedPapers));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.skipped).toEqual([]);
    expect(result.papers).toHaveLength(variedPapers.length);
    result.papers.forEach((imported: Paper, i) => {
      const original = variedPapers[i]!;
      expect(imported.title, original.id).toBe(original.title);
      const expectedAuthors = original.authors.slice(0, 50).map((name) => formatAuthorName(name));
      expect(imported.authors, original.id).toEqual(expectedAuthors);
      expect(paperYear(imported), original.id).toBe(paperYear(original));
      expect(paperArxivId(imported), original.id).toBe(paperArxivId(original));
      // arXiv's own 10.48550 DOI travels as the arXiv id; other DOIs as DOIs.
      const journalDoi = (paper: Paper) => (arxivIdFromDoi(paper.doi) ? null : normalizeDoi(paper.doi));
      expect(journalDoi(imported), original.id).toBe(journalDoi(original));
    });
    expect(result.papers[3]).toMatchObject({ journal: "Nature", volume: "521", pages: "436-444" });
    expect(result.papers[1]).toMatchObject({ journalRef: "Science 345, 420-424 (2014)" });
    expect(result.papers[6]!.abstract).toBe(specialCharactersPaper.abstract);
  });
});

describe("RIS export", () => {
  it("writes TY ... ER records, one tag a line, never wrapped", () => {
    const text = exportRis([arxivPreprint, crossrefArticle, zoteroPreprint]);
    const records = text.split("\r\n\r\n");
    expect(records).toHaveLength(3);
    for (const record of records) {
      const lines = record.replace(/\r\n$/, "").split("\r\n");
      expect(lines[0]).toMatch(/^TY {2}- [A-Z]+$/);
      expect(lines.at(-1)).toBe("ER  - ");
      for (const line of lines) expect(line).toMatch(/^[A-Z][A-Z0-9] {2}- /);
    }
    expect(records[0]).toContain(`AB  - ${arxivPreprint.abstract}\r\n`);
    expect(records[0]).toContain("AU  - Kaiser, Łukasz\r\n");
    expect(records[0]).toContain("DO  - 10.48550/arXiv.1706.03762\r\n");
    expect(records[1]).toContain("TY  - JOUR");
    expect(records[1]).toContain("DO  - 10.1038/nature14539\r\n");
    expect(records[1]).toMatch(/T2 {2}- Nature\r\n/);
  });

  it("types a preprint UNPB as Zotero does, a journal article JOUR, and writes DA as YYYY/MM/DD/", () => {
    const [preprint, article] = exportRis([makePaper({ id: "1109.4052", title: "T", authors: ["Ann Lee"], publishedDate: "2011-09-19" }), crossrefArticle]).split("\r\n\r\n");
    expect(preprint).toMatch(/^TY {2}- UNPB\r\n/);
    expect(preprint).toContain("DA  - 2011/09/19/\r\n");
    expect(article).toMatch(/^TY {2}- JOUR\r\n/);
    expect(article).toContain("DA  - 2015/05/27/\r\n");
  });

  it("writes the whole cite key as ID, unique within the export", () => {
    const settings = { citeKeyFormat: "custom" as const, customCiteKeyPattern: "{first_author}_{year}_{short_title}" };
    const twin = { ...arxivPreprint, id: "1706.99999", arxivId: "1706.99999", title: "Attention Is All You Need Too" };
    const ids = [...exportRis([arxivPreprint, twin], settings).matchAll(/^ID {2}- (.+)\r$/gm)].map((match) => match[1]);
    expect(ids).toEqual(["Vaswani_2017_AttentionAllYou", "Vaswani_2017_AttentionAllYoua"]);
  });

  it("reads back in citation-js's RIS parser: type, key, title, authors, date, DOI", () => {
    const items = readRis(exportRis([arxivPreprint, crossrefArticle], { citeKeyFormat: "first_author_year" }));
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ id: "Vaswani2017", type: "manuscript", title: arxivPreprint.title, DOI: "10.48550/arXiv.1706.03762", issued: { "date-parts": [[2017, 6, 12]] } });
    expect(items[0]!.author?.[0]).toMatchObject({ family: "Vaswani", given: "Ashish" });
    expect(items[1]).toMatchObject({ id: "LeCun2015", type: "article-journal", "container-title": "Nature", DOI: "10.1038/nature14539", issued: { "date-parts": [[2015, 5, 27]] } });
  });

  it("keeps every author", () => {
    const text = exportRis([hugeAuthorListPaper]);
    expect(text.match(/^AU {2}- /gm)).toHaveLength(5000);
  });
});

describe("CSL-JSON export", () => {
  it("parses and carries the mapped fields, ids = cite keys", () => {
    const items = JSON.parse(exportCslJson([arxivPreprint, crossrefArticle, crossrefConferencePaper, unicodeAuthorsPaper])) as Record<string, unknown>[];
    expect(items.map((item) => item.id)).toEqual(["1706_03762", "10_1038_nature14539", "10_1109_CVPR_2016_90", "hep_th_9901001"]);
    for (const item of items) expect(item["citation-key"]).toBe(item.id);
    expect(items[0]).toMatchObject({
      type: "article",
      title: "Attention Is All You Need",
      issued: { "date-parts": [[2017, 6, 12]] },
      DOI: "10.48550/arXiv.1706.03762",
      URL: "https://arxiv.org/abs/1706.03762v7",
      publisher: "arXiv",
      number: "arXiv:1706.03762",
      abstract: arxivPreprint.abstract,
    });
    expect((items[0]!.author as unknown[])[0]).toEqual({ given: "Ashish", family: "Vaswani" });
    expect(items[1]).toMatchObject({
      type: "article-journal",
      "container-title": "Nature",
      volume: "521",
      page: "436-444",
      publisher: "Springer Science and Business Media LLC",
      DOI: "10.1038/nature14539",
      issued: { "date-parts": [[2015, 5, 27]] },
    });
    expect(items[2]).toMatchObject({ type: "paper-conference", page: "770-778", issued: { "date-parts": [[2016, 6]] } });
    expect(items[3]!.author).toEqual([
      { given: "Zoë", family: "Müller-Lüdenscheidt" },
      { given: "Marie", family: "Curie" },
      { family: "李飞飞" },
      { given: "Ludwig", family: "Beethoven", "non-dropping-particle": "van" },
      { given: "Martin Luther", family: "King", suffix: "Jr." },
      { given: "Jürgen", family: "Schmidhuber" },
      { given: "Søren", family: "Kierkegaard" },
    ]);
  });
});

describe("file names and messages", () => {
  const day = new Date(2026, 5, 1, 12, 0, 0);

  it.each([
    ["json", "quire-bookmarks-2026-06-01.json"],
    ["csv", "quire-bookmarks-2026-06-01.csv"],
    ["bibtex", "quire-bookmarks-2026-06-01.bib"],
    ["ris", "quire-bookmarks-2026-06-01.ris"],
    ["csl-json", "quire-bookmarks-2026-06-01.csl.json"],
  ] as const)("%s -> %s", (format, name) => {
    expect(exportFileName(format, day)).toBe(name);
  });

  it("bundles content, name, type and the spec's message", () => {
    const result = exportBookmarks("bibtex", [bookmark, crossrefArticle], { date: day });
    expect(result).toMatchObject({ fileName: "quire-bookmarks-2026-06-01.bib", mimeType: "application/x-bibtex", count: 2, message: "Exported 2 bookmarks as BibTeX" });
    expect(result.content).toContain("@misc{1706_03762,");
    expect(exportBookmarks("csv", [], { date: day }).content).toBe(`${BOOKMARK_EXPORT_FIELDS.join(",")}\r\n`);
  });
});
