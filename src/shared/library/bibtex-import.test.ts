import { describe, expect, it } from "vitest";
import { BIBTEX_IMPORT_ERROR_PREFIX, importBibtex } from "@/shared/library/bibtex-import";

// Real BibTeX exports (arXiv-style and Better BibTeX), MIT-licensed; see __fixtures__/PROVENANCE.md.
const fixtures = import.meta.glob<string>("./__fixtures__/*.bib", { query: "?raw", import: "default", eager: true });
const fixture = (name: string) => fixtures[`./__fixtures__/${name}`]!;

describe("importBibtex on real exports", () => {
  it.each(Object.keys(fixtures).map((path) => [path.replace("./__fixtures__/", "")]))("reads every entry of %s", (name) => {
    const text = fixture(name);
    const result = importBibtex(text);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.skipped).toEqual([]);
    expect(result.papers).toHaveLength(text.match(/^@\w+\{/gm)!.length);
    for (const paper of result.papers) {
      expect(paper.title).not.toBe("");
      expect(paper.authors.length).toBeGreaterThan(0);
      expect(paper.publishedDate).toMatch(/^\d{4}/);
    }
  });

  it("reads arXiv's export layout: eprint, archivePrefix, primaryClass, unicode names", () => {
    const result = importBibtex(fixture("arxiv-export-style_from_2412.19437.bib"));
    if (!result.ok) throw new Error(result.error.message);
    const cruxeval = result.papers.find((paper) => paper.arxivId === "2401.03065")!;
    expect(cruxeval).toMatchObject({
      id: "2401.03065",
      source: "arxiv",
      title: "CRUXEval: A Benchmark for Code Reasoning, Understanding and Execution",
      categories: ["cs.SE"],
      category: "cs.SE",
      publishedDate: "2024",
      doi: null,
      url: "https://arxiv.org/abs/2401.03065",
      pdfUrl: "https://arxiv.org/pdf/2401.03065",
    });
    expect(cruxeval.authors).toContain("Baptiste Rozière");
    expect(result.papers[0]!.authors).toHaveLength(31);
  });

  it("reads Better BibTeX's arXiv variants", () => {
    const withDoi = importBibtex(fixture("bbt-2483-arxiv-categories-extra.bib"));
    if (!withDoi.ok) throw new Error(withDoi.error.message);
    expect(withDoi.papers[0]).toMatchObject({
      id: "2206.07690",
      arxivId: "2206.07690",
      doi: null,
      categories: ["cs", "eess", "q-bio"],
      publishedDate: "2022-06",
      authors: ["Vikram V. Ramaswamy", "Sunnie S. Y. Kim", "Nicole Meister", "Ruth Fong", "Olga Russakovsky"],
    });

    const published = importBibtex(fixture("bbt-460-arxiv-identifiers.bib"));
    if (!published.ok) throw new Error(published.error.message);
    expect(published.papers[0]).toMatchObject({
      id: "1401.2910",
      doi: "10.1126/science.1252319",
      journal: "Science",
      volume: "345",
      pages: "420-424",
      categories: ["quant-ph"],
    });
    expect(published.papers[0]!.authors[0]).toBe("Troels F. Rønnow");

    const biblatex = importBibtex(fixture("bbt-170-eprint-fields.biblatex.bib"));
    if (!biblatex.ok) throw new Error(biblatex.error.message);
    expect(biblatex.papers[0]).toMatchObject({ id: "1412.2970", arxivId: "1412.2970", publishedDate: "2014-12-09", categories: ["math-ph", "physics:quant-ph"] });

    const misc = importBibtex(fixture("bbt-2163-arxiv-preprint-citekey.biblatex.bib"));
    if (!misc.ok) throw new Error(misc.error.message);
    const openReview = misc.papers.find((paper) => paper.itemType === "inproceedings" && paper.arxivId === null)!;
    expect(openReview.id).toMatch(/^bibtex:/);
    expect(openReview.source).toBe("journal");
  });
});

describe("importBibtex on bad input", () => {
  it.each([
    ["@article{a, title={Unclosed, year=2020}", 'expected "}" but found the end of the file (line 1, column 40).'],
    ["@article{a title={x}}", 'expected "," but found an entry key (line 1, column 12).'],
    ["@article{a,\n  title = {x}\n  year = {2020}\n}", 'expected "}" but found a field name (line 3, column 3).'],
  ])("explains %j with the line", (input, reason) => {
    const result = importBibtex(input);
    expect(result).toEqual({
      ok: false,
      error: { code: "bibtex_unreadable", message: `${BIBTEX_IMPORT_ERROR_PREFIX}: ${reason}`, line: expect.any(Number), column: expect.any(Number) },
    });
  });

  it.each(["", "just some words", "% only a comment\n@comment{nothing here}"])("refuses a file without entries: %j", (input) => {
    const result = importBibtex(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toBe(`${BIBTEX_IMPORT_ERROR_PREFIX}: no BibTeX entries found.`);
  });

  it("drops 'and others' and expands @string macros", () => {
    const result = importBibtex('@string{nat = "Nature"}\n@article{k, title = {T}, author = {Doe, Jane and others}, journal = nat, year = 2001}');
    if (!result.ok) throw new Error(result.error.message);
    expect(result.papers[0]).toMatchObject({ id: "bibtex:k", authors: ["Jane Doe"], journal: "Nature", publishedDate: "2001" });
  });
});
