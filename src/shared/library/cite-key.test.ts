import { describe, expect, it } from "vitest";
import {
  citeKeyFor,
  citeKeyParts,
  citeKeysFor,
  createCiteKeyAllocator,
  firstAuthorKeyPart,
  makeCiteKeysUnique,
  sanitizeCiteKey,
  shortTitle,
} from "@/shared/library/cite-key";
import {
  arxivPreprint,
  crossrefArticle,
  hugeAuthorListPaper,
  makePaper,
  openAlexArticle,
  unicodeAuthorsPaper,
} from "@/shared/library/library-papers.fixtures";

describe("sanitizeCiteKey", () => {
  it.each([
    ["2401.12345", "2401_12345"],
    ["hep-th/9901001", "hep_th_9901001"],
    ["Müller 2020", "Muller_2020"],
    ["  a--b//c  ", "a_b_c"],
    ["__x__", "x"],
    ["Straße_Øre", "Strasse_Ore"],
    ["量子", ""],
  ])("%j -> %j", (input, expected) => {
    expect(sanitizeCiteKey(input)).toBe(expected);
  });
});

describe("shortTitle", () => {
  it("takes the first 3 words longer than 2 characters", () => {
    expect(shortTitle("Attention Is All You Need")).toBe("AttentionAllYou");
    expect(shortTitle("On the Origin of Species")).toBe("TheOriginSpecies");
    expect(shortTitle("BERT: Pre-training of Deep Bidirectional Transformers")).toBe("BERTPretrainingDeep");
  });

  it("folds accents and drops what is not ASCII", () => {
    expect(shortTitle("Über die Ökonomie")).toBe("UberDieOkonomie");
    expect(shortTitle("量子 計算")).toBe("");
    expect(shortTitle("A b c")).toBe("");
  });
});

describe("firstAuthorKeyPart", () => {
  it.each([
    [["Ashish Vaswani"], "Vaswani"],
    [["Vaswani, Ashish"], "Vaswani"],
    [["Zoë Müller-Lüdenscheidt"], "MullerLudenscheidt"],
    [["José Ñúñez"], "Nunez"],
    [["Ludwig van Beethoven"], "Beethoven"],
    [["de la Fontaine, Jean"], "Fontaine"],
    [["Martin Luther King Jr."], "King"],
    [["King, Jr., Martin Luther"], "King"],
    [["Ada O'Brien"], "OBrien"],
    [["The ATLAS Collaboration"], "ATLAS"],
    [["李飞飞", "Yann LeCun"], "LeCun"],
    [["李飞飞"], ""],
    [[], ""],
  ])("%j -> %j", (authors, expected) => {
    expect(firstAuthorKeyPart({ authors })).toBe(expected);
  });

  it("prefers authorDetails.family", () => {
    expect(
      firstAuthorKeyPart({ authors: ["Juan Pablo Alperin Salas"], authorDetails: [{ name: "Juan Pablo Alperin Salas", given: "Juan Pablo", family: "Alperin Salas", affiliation: [] }] }),
    ).toBe("AlperinSalas");
  });
});

describe("citeKeyFor", () => {
  it("defaults to the arXiv id without version", () => {
    expect(citeKeyFor(arxivPreprint)).toBe("1706_03762");
    expect(citeKeyFor(unicodeAuthorsPaper)).toBe("hep_th_9901001");
    expect(citeKeyFor(makePaper({ id: "x", title: "T", doi: "10.48550/arXiv.2301.00001", source: "openalex" }))).toBe("2301_00001");
  });

  it("builds first_author_year and title_year", () => {
    expect(citeKeyFor(arxivPreprint, { citeKeyFormat: "first_author_year" })).toBe("Vaswani2017");
    expect(citeKeyFor(arxivPreprint, { citeKeyFormat: "title_year" })).toBe("AttentionAllYou2017");
    expect(citeKeyFor(unicodeAuthorsPaper, { citeKeyFormat: "first_author_year" })).toBe("MullerLudenscheidt1999");
    expect(citeKeyFor(crossrefArticle, { citeKeyFormat: "title_year" })).toBe("DeepLearning2015");
    expect(citeKeyFor(hugeAuthorListPaper, { citeKeyFormat: "first_author_year" })).toBe("ATLAS2012");
  });

  it("fills a custom pattern and sanitises the result", () => {
    const settings = { citeKeyFormat: "custom" as const, customCiteKeyPattern: "{first_author}-{year}:{short_title}/{category}" };
    expect(citeKeyFor(arxivPreprint, settings)).toBe("Vaswani_2017_AttentionAllYou_cs_CL");
    expect(citeKeyFor(arxivPreprint, { citeKeyFormat: "custom", customCiteKeyPattern: "{arxiv_id}" })).toBe("1706_03762");
    expect(citeKeyFor(arxivPreprint, { citeKeyFormat: "custom", customCiteKeyPattern: "ref_{first_author}{nonsense}{year}" })).toBe("ref_Vaswani2017");
  });

  it("falls back when a custom pattern gives nothing", () => {
    expect(citeKeyFor(crossrefArticle, { citeKeyFormat: "custom", customCiteKeyPattern: "{arxiv_id}" })).toBe("10_1038_nature14539");
    expect(citeKeyFor(arxivPreprint, { citeKeyFormat: "custom", customCiteKeyPattern: "" })).toBe("1706_03762");
    expect(citeKeyFor(arxivPreprint, { citeKeyFormat: "custom", customCiteKeyPattern: "constant" })).toBe("1706_03762");
  });

  it("gives a paper without an arXiv id its DOI, else its own id, under arxiv_id: one kind of key for every source", () => {
    expect(citeKeyFor(crossrefArticle)).toBe("10_1038_nature14539");
    expect(citeKeyFor(openAlexArticle)).toBe("10_7717_peerj_4375");
    expect(citeKeyFor(makePaper({ id: "W123", title: "Graph Nets", authors: ["Ann Lee"], publishedDate: "2020", source: "openalex" }))).toBe("W123");
    expect(citeKeyFor(makePaper({ id: "zotero:ABCD2345", title: "Notes", authors: ["Ann Lee"], source: "zotero" }))).toBe("zotero_ABCD2345");
    expect(citeKeyFor(makePaper({ id: "10.1000/xyz.123", title: "", source: "crossref" }))).toBe("10_1000_xyz_123");
    expect(citeKeyFor(makePaper({ id: "量子", title: "", source: "crossref" }))).toBe("paper");
    for (const format of ["first_author_year", "title_year"] as const) {
      expect(citeKeysFor([arxivPreprint, crossrefArticle, openAlexArticle], { citeKeyFormat: format })).toEqual(
        format === "first_author_year" ? ["Vaswani2017", "LeCun2015", "Piwowar2018"] : ["AttentionAllYou2017", "DeepLearning2015", "TheStateLargescale2018"],
      );
    }
  });

  it("leaves the year out when unknown and uses the title when there is no author", () => {
    expect(citeKeyFor(makePaper({ id: "W1", title: "Graph Neural Nets", authors: ["Ann Lee"], source: "openalex" }), { citeKeyFormat: "first_author_year" })).toBe("Lee");
    expect(citeKeyFor(makePaper({ id: "W1", title: "Graph Neural Nets", publishedDate: "2020", source: "openalex" }), { citeKeyFormat: "first_author_year" })).toBe(
      "GraphNeuralNets2020",
    );
    expect(citeKeyFor(makePaper({ id: "W1", title: "", authors: ["Ann Lee"], publishedDate: "2020", source: "openalex" }), { citeKeyFormat: "title_year" })).toBe("Lee2020");
  });

  it("takes the year from the arXiv id when the record has no date", () => {
    expect(citeKeyParts(makePaper({ id: "2401.12345", title: "x" })).year).toBe("2024");
    expect(citeKeyParts(makePaper({ id: "hep-th/9901001", title: "x" })).year).toBe("1999");
    expect(citeKeyParts(makePaper({ id: "math/0211159", title: "x" })).year).toBe("2002");
  });
});

describe("unique keys", () => {
  it("appends a, b, c... to repeats, BibTeX-style", () => {
    expect(makeCiteKeysUnique(["Lee2020", "Lee2020", "Kim2019", "Lee2020", "lee2020"])).toEqual(["Lee2020", "Lee2020a", "Kim2019", "Lee2020b", "lee2020c"]);
  });

  it("skips suffixed keys that are already taken and goes past z", () => {
    expect(makeCiteKeysUnique(["Lee2020a", "Lee2020", "Lee2020"])).toEqual(["Lee2020a", "Lee2020", "Lee2020b"]);
    const allocate = createCiteKeyAllocator();
    const keys = Array.from({ length: 29 }, () => allocate("K"));
    expect(keys.slice(0, 3)).toEqual(["K", "Ka", "Kb"]);
    expect(keys.slice(26)).toEqual(["Kz", "Kaa", "Kab"]);
    expect(new Set(keys).size).toBe(29);
  });

  it("makes the keys of one export unique", () => {
    const twin = makePaper({ id: "W2", title: "Other", authors: ["Ashish Vaswani"], publishedDate: "2017", source: "openalex" });
    expect(citeKeysFor([arxivPreprint, twin], { citeKeyFormat: "first_author_year" })).toEqual(["Vaswani2017", "Vaswani2017a"]);
  });
});
