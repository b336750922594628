import { describe, expect, it } from "vitest";
import type { Paper } from "@/shared/paper";
import recorded from "./__fixtures__/pyzotero-items-doc.json";
import { isPaperItem, paperToZoteroItem, parseZoteroItems, zoteroItemArxiv, zoteroItemToPaper, zoteroLookupFor, type ZoteroItem } from "./zotero-item";

const item = (data: Partial<ZoteroItem["data"]> & { itemType?: string }, extra: Partial<ZoteroItem> = {}): ZoteroItem => ({
  key: "ABCD2345",
  version: 7,
  data: { itemType: "preprint", title: "A paper", creators: [], ...data },
  ...extra,
});

const arxivPaper: Paper = {
  id: "1706.03762",
  title: "Attention Is All You Need",
  authors: ["Ashish Vaswani", "Noam Shazeer", "Ludwig van Beethoven"],
  abstract: "The dominant sequence transduction models...",
  url: "https://arxiv.org/abs/1706.03762",
  pdfUrl: "https://arxiv.org/pdf/1706.03762",
  publishedDate: "2017-06-12T17:57:34Z",
  updatedDate: null,
  categories: ["cs.CL", "cs.LG"],
  category: "cs.CL",
  source: "arxiv",
  doi: null,
  journalRef: null,
  comments: null,
  arxivId: "1706.03762v7",
  links: { abstract: null, pdf: null },
};

describe("reading Zotero items", () => {
  it("maps a real recorded answer without losing an item", () => {
    const { items, malformed } = parseZoteroItems(recorded);
    expect(malformed).toBe(0);
    expect(items).toHaveLength(20);
    const papers = items.map(zoteroItemToPaper);
    const holmes = papers.find((paper) => paper.zoteroKey === "PQKBRC33")!;
    expect(holmes).toMatchObject({ id: "10.2307/2321200", doi: "10.2307/2321200", source: "zotero", itemType: "journalArticle", title: "Sherlock Holmes in Babylon", publishedDate: "1980-05-01" });
    // "1992-00-00": the unknown month and day are dropped.
    expect(papers.find((paper) => paper.zoteroKey === "Z8N84QAJ")!.publishedDate).toBe("1992");
    // No identifier: the item key stands in, so the row still has a unique id.
    expect(papers.find((paper) => paper.zoteroKey === "NM66T6EF")!.id).toBe("zotero:NM66T6EF");
    const science = papers.find((paper) => paper.zoteroKey === "33TK9NH9")!;
    expect(science.authors).toHaveLength(16);
    expect(science.journal).toBeTruthy();
  });

  it("finds the arXiv id wherever Zotero keeps it", () => {
    expect(zoteroItemArxiv(item({ archiveID: "arXiv:1706.03762" }).data)).toMatchObject({ id: "1706.03762" });
    expect(zoteroItemArxiv(item({ extra: "arXiv:1810.04805 [cs.CL]\nversion: 1" }).data)).toEqual({ id: "1810.04805", version: null, category: "cs.CL" });
    expect(zoteroItemArxiv(item({ extra: "arXiv: 1305.4904" }).data)).toMatchObject({ id: "1305.4904" });
    expect(zoteroItemArxiv(item({ DOI: "10.48550/arXiv.2401.12345" }).data)).toMatchObject({ id: "2401.12345" });
    expect(zoteroItemArxiv(item({ url: "http://arxiv.org/abs/hep-th/9901001v2" }).data)).toMatchObject({ id: "hep-th/9901001", version: "v2" });
    expect(zoteroItemArxiv(item({ publicationTitle: "arXiv preprint arXiv:2212.14882" }).data)).toMatchObject({ id: "2212.14882" });
    expect(zoteroItemArxiv(item({ extra: "PMID: 20664272" }).data)).toBeNull();
  });

  it("makes an arXiv item a paper Quire can open", () => {
    const paper = zoteroItemToPaper(
      item(
        {
          itemType: "journalArticle",
          title: "A Model For Polarised Microwave Foreground Emission",
          creators: [
            { creatorType: "author", firstName: "D. T.", lastName: "O'Dea" },
            { creatorType: "editor", firstName: "E.", lastName: "Ditor" },
            { creatorType: "author", name: "Planck Collaboration" },
          ],
          DOI: "10.1111/j.1365-2966.2011.19851.x",
          extra: "arXiv:1107.4612 [astro-ph.CO]",
          publicationTitle: "Monthly Notices of the Royal Astronomical Society",
          volume: "419",
          pages: "1795-1803",
          date: "2012-01-11",
          dateAdded: "2024-01-02T03:04:05Z",
        },
        { meta: { parsedDate: "2012-01-11" } },
      ),
    );
    expect(paper).toMatchObject({
      id: "1107.4612",
      arxivId: "1107.4612",
      doi: "10.1111/j.1365-2966.2011.19851.x",
      authors: ["D. T. O'Dea", "Planck Collaboration"],
      categories: ["astro-ph.CO"],
      category: "astro-ph.CO",
      pdfUrl: "https://arxiv.org/pdf/1107.4612",
      journalRef: "Monthly Notices of the Royal Astronomical Society 419 1795-1803",
      dateAdded: "2024-01-02T03:04:05Z",
      zoteroKey: "ABCD2345",
    });
  });

  it("counts malformed items instead of failing the page", () => {
    const { items, malformed } = parseZoteroItems([{ key: "ABCD2345", version: 1, data: { itemType: "book", title: "ok" } }, { key: "bad" }, null, { key: "ABCD2346", version: "x", data: {} }]);
    expect(items).toHaveLength(1);
    expect(malformed).toBe(3);
    expect(parseZoteroItems({ not: "a list" }).malformed).toBe(1);
  });

  it("tells papers from attachments and notes", () => {
    expect(isPaperItem(item({ itemType: "attachment" }).data)).toBe(false);
    expect(isPaperItem(item({ itemType: "note" }).data)).toBe(false);
    expect(isPaperItem(item({ itemType: "book" }).data)).toBe(true);
  });

  it("keeps an item with 500 creators whole", () => {
    const creators = Array.from({ length: 500 }, (_, i) => ({ creatorType: "author", firstName: `F${i}`, lastName: `L${i}` }));
    const paper = zoteroItemToPaper(item({ creators }));
    expect(paper.authors).toHaveLength(500);
    expect(paper.authors[499]).toBe("F499 L499");
  });
});

describe("writing Zotero items", () => {
  it("makes the preprint Zotero's arXiv translator makes", () => {
    const written = paperToZoteroItem(arxivPaper);
    expect(written).toEqual({
      itemType: "preprint",
      title: "Attention Is All You Need",
      creators: [
        { creatorType: "author", firstName: "Ashish", lastName: "Vaswani" },
        { creatorType: "author", firstName: "Noam", lastName: "Shazeer" },
        { creatorType: "author", firstName: "Ludwig", lastName: "van Beethoven" },
      ],
      abstractNote: "The dominant sequence transduction models...",
      date: "2017-06-12",
      url: "http://arxiv.org/abs/1706.03762",
      DOI: "10.48550/arXiv.1706.03762",
      extra: "arXiv:1706.03762 [cs.CL]",
      repository: "arXiv",
      archiveID: "arXiv:1706.03762",
      libraryCatalog: "arXiv.org",
      tags: [],
      collections: [],
    });
    // What it writes, it reads back as the same paper.
    const back = zoteroItemToPaper(item(written as unknown as ZoteroItem["data"]));
    expect(back).toMatchObject({ id: "1706.03762", title: arxivPaper.title, authors: ["Ashish Vaswani", "Noam Shazeer", "Ludwig van Beethoven"], categories: ["cs.CL"], publishedDate: "2017-06-12" });
  });

  it("makes a journal article when the paper has a journal DOI, the arXiv id in extra", () => {
    const written = paperToZoteroItem({ ...arxivPaper, doi: "10.5555/3295222.3295349", journal: "NeurIPS", volume: "30", pages: "5998-6008" }, { collections: ["COLL1234"] });
    expect(written).toMatchObject({ itemType: "journalArticle", DOI: "10.5555/3295222.3295349", extra: "arXiv:1706.03762 [cs.CL]", publicationTitle: "NeurIPS", volume: "30", pages: "5998-6008", collections: ["COLL1234"] });
    expect(written).not.toHaveProperty("repository");
    expect(written).not.toHaveProperty("archiveID");
  });

  it("keeps the cite key: Zotero's citationKey field on a preprint, a Citation Key line of extra on a journal article", () => {
    expect(paperToZoteroItem(arxivPaper, { citationKey: "Vaswani2017" })).toMatchObject({ itemType: "preprint", citationKey: "Vaswani2017", extra: "arXiv:1706.03762 [cs.CL]" });
    const article = paperToZoteroItem({ ...arxivPaper, doi: "10.5555/3295222.3295349", journal: "NeurIPS" }, { citationKey: "Vaswani2017a" });
    expect(article).toMatchObject({ itemType: "journalArticle", extra: "arXiv:1706.03762 [cs.CL]\nCitation Key: Vaswani2017a" });
    expect(article).not.toHaveProperty("citationKey");
    const crossref = paperToZoteroItem({ ...arxivPaper, id: "10.1038/nature14539", source: "crossref", arxivId: null, doi: "10.1038/nature14539" }, { citationKey: "LeCun2015" });
    expect(crossref.extra).toBe("Citation Key: LeCun2015");
    expect(paperToZoteroItem(arxivPaper)).not.toHaveProperty("citationKey");
  });

  it("looks papers up by DOI, arXiv id, title and the first author's last name", () => {
    expect(zoteroLookupFor(arxivPaper)).toEqual({ doi: null, arxivId: "1706.03762", title: "Attention Is All You Need", author: "Vaswani" });
    expect(zoteroLookupFor({ ...arxivPaper, authors: ["Lovelace, Ada"], doi: "10.1000/xyz" })).toMatchObject({ doi: "10.1000/xyz", author: "Lovelace" });
  });
});
