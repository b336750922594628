import type { Paper } from "@/shared/paper";

/**
 * Hand-written Papers for the library's unit tests: one of each source and shape an export
 * has to survive. Bibliographic facts of real papers; the odd titles and names are made up.
 */

/** A complete Paper with sensible defaults; override what the test is about. */
export function makePaper(overrides: Partial<Paper> & Pick<Paper, "id" | "title">): Paper {
  const authors = overrides.authors ?? [];
  return {
    abstract: "",
    url: "",
    pdfUrl: null,
    publishedDate: null,
    updatedDate: null,
    categories: [],
    category: overrides.categories?.[0] ?? "unknown",
    source: "arxiv",
    doi: null,
    journalRef: null,
    comments: null,
    arxivId: null,
    links: { abstract: overrides.url ?? null, pdf: overrides.pdfUrl ?? null },
    ...overrides,
    authors,
  };
}

export const arxivPreprint = makePaper({
  id: "1706.03762",
  arxivId: "1706.03762v7",
  title: "Attention Is All You Need",
  authors: ["Ashish Vaswani", "Noam Shazeer", "Niki Parmar", "Jakob Uszkoreit", "Llion Jones", "Aidan N. Gomez", "Łukasz Kaiser", "Illia Polosukhin"],
  abstract: "The dominant sequence transduction models are based on complex recurrent or convolutional neural networks.",
  url: "https://arxiv.org/abs/1706.03762v7",
  pdfUrl: "https://arxiv.org/pdf/1706.03762v7",
  publishedDate: "2017-06-12T17:57:34Z",
  updatedDate: "2023-08-02T00:41:18Z",
  categories: ["cs.CL", "cs.LG"],
  category: "cs.CL",
  comments: "15 pages, 5 figures",
});

/** An arXiv record that also names the published version (journal DOI and reference). */
export const arxivPublished = makePaper({
  id: "1401.2910",
  arxivId: "1401.2910v2",
  title: "Defining and detecting quantum speedup",
  authors: ["Troels F. Rønnow", "Zhihui Wang", "Joshua Job", "Sergio Boixo", "Sergei V. Isakov", "David Wecker", "John M. Martinis", "Daniel A. Lidar", "Matthias Troyer"],
  url: "https://arxiv.org/abs/1401.2910v2",
  publishedDate: "2014-01-13T00:00:00Z",
  categories: ["quant-ph"],
  category: "quant-ph",
  doi: "10.1126/science.1252319",
  journalRef: "Science 345, 420-424 (2014)",
});

export const openAlexArticle = makePaper({
  id: "W2741809807",
  source: "openalex",
  title: "The state of OA: a large-scale analysis of the prevalence and impact of Open Access articles",
  authors: ["Heather Piwowar", "Jason Priem", "Vincent Larivière", "Juan Pablo Alperin", "Lisa Matthias", "Bree Norlander", "Ashley Farley", "Jevin West", "Stefanie Haustein"],
  authorDetails: [
    { name: "Heather Piwowar", given: "Heather", family: "Piwowar", affiliation: ["Impactstory"] },
    { name: "Jason Priem", given: "Jason", family: "Priem", affiliation: [] },
    { name: "Vincent Larivière", given: "Vincent", family: "Larivière", affiliation: [] },
    { name: "Juan Pablo Alperin", given: "Juan Pablo", family: "Alperin", affiliation: [] },
    { name: "Lisa Matthias", given: "Lisa", family: "Matthias", affiliation: [] },
    { name: "Bree Norlander", given: "Bree", family: "Norlander", affiliation: [] },
    { name: "Ashley Farley", given: "Ashley", family: "Farley", affiliation: [] },
    { name: "Jevin West", given: "Jevin", family: "West", affiliation: [] },
    { name: "Stefanie Haustein", given: "Stefanie", family: "Haustein", affiliation: [] },
  ],
  url: "https://doi.org/10.7717/peerj.4375",
  publishedDate: "2018-02-13",
  doi: "10.7717/peerj.4375",
  itemType: "article",
  journal: "PeerJ",
  publisher: "PeerJ, Inc.",
  volume: "6",
  pages: "e4375",
  abstract: "Despite growing interest in Open Access (OA) to scholarly literature, there is an unmet need for large-scale, up-to-date, and reliable information.",
});

export const crossrefArticle = makePaper({
  id: "10.1038/nature14539",
  source: "crossref",
  title: "Deep learning",
  authors: ["Yann LeCun", "Yoshua Bengio", "Geoffrey Hinton"],
  authorDetails: [
    { name: "Yann LeCun", given: "Yann", family: "LeCun", affiliation: [] },
    { name: "Yoshua Bengio", given: "Yoshua", family: "Bengio", affiliation: [] },
    { name: "Geoffrey Hinton", given: "Geoffrey", family: "Hinton", affiliation: [] },
  ],
  url: "https://doi.org/10.1038/nature14539",
  publishedDate: "2015-05-27",
  doi: "10.1038/nature14539",
  itemType: "journal-article",
  journal: "Nature",
  publisher: "Springer Science and Business Media LLC",
  volume: "521",
  pages: "436-444",
});

export const crossrefConferencePaper = makePaper({
  id: "10.1109/cvpr.2016.90",
  source: "crossref",
  title: "Deep Residual Learning for Image Recognition",
  authors: ["Kaiming He", "Xiangyu Zhang", "Shaoqing Ren", "Jian Sun"],
  url: "https://doi.org/10.1109/cvpr.2016.90",
  publishedDate: "2016-06",
  doi: "10.1109/CVPR.2016.90",
  itemType: "proceedings-article",
  journal: "2016 IEEE Conference on Computer Vision and Pattern Recognition (CVPR)",
  publisher: "IEEE",
  pages: "770–778",
});

/** Names in several scripts and shapes, on an old-style arXiv id. */
export const unicodeAuthorsPaper = makePaper({
  id: "hep-th/9901001",
  arxivId: "hep-th/9901001v1",
  title: "Über die Quantenmechanik: Ökonomie der Natur",
  authors: ["Zoë Müller-Lüdenscheidt", "Curie, Marie", "李飞飞", "Ludwig van Beethoven", "Martin Luther King Jr.", "Jürgen Schmidhuber", "Søren Kierkegaard"],
  url: "https://arxiv.org/abs/hep-th/9901001v1",
  publishedDate: "1999-01-01T00:00:00Z",
  categories: ["hep-th"],
  category: "hep-th",
});

/** A title full of what BibTeX treats specially. */
export const specialCharactersPaper = makePaper({
  id: "2401.12345",
  arxivId: "2401.12345v2",
  title: "The {BERT} & $\\alpha$-divergence: 100% of #tags_with_underscores ~ ^ \\emph{really}? ≤ ∞ 量子 x²",
  authors: ["Ada O'Brien", "Jean-Luc Picard"],
  abstract: 'We show that $x^2 \\leq y$ for 50% of "cases" & more {braces}.',
  url: "https://arxiv.org/abs/2401.12345v2",
  publishedDate: "2024-01-22T10:00:00Z",
  categories: ["cs.LG"],
  category: "cs.LG",
});

/** A Zotero item for an arXiv preprint: the id is Zotero's key, the DOI arXiv's. */
export const zoteroPreprint = makePaper({
  id: "ABCD2345",
  source: "zotero",
  zoteroKey: "ABCD2345",
  itemType: "preprint",
  title: "BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding",
  authors: ["Jacob Devlin", "Ming-Wei Chang", "Kenton Lee", "Kristina Toutanova"],
  url: "http://arxiv.org/abs/1810.04805",
  publishedDate: "2019-05-24",
  doi: "10.48550/arXiv.1810.04805",
  arxivId: "1810.04805",
  categories: ["cs.CL"],
  category: "cs.CL",
});

/** A collaboration paper with 5,000 authors. */
export const hugeAuthorListPaper = makePaper({
  id: "1207.7214",
  arxivId: "1207.7214v2",
  title: "Observation of a new particle in the search for the Standard Model Higgs boson with the ATLAS detector at the LHC",
  authors: ["ATLAS Collaboration", ...Array.from({ length: 4999 }, (_, i) => `Author${i + 1} Member${i + 1}`)],
  url: "https://arxiv.org/abs/1207.7214v2",
  publishedDate: "2012-07-31T00:00:00Z",
  categories: ["hep-ex"],
  category: "hep-ex",
  doi: "10.1016/j.physletb.2012.08.020",
  journalRef: "Phys. Lett. B 716 (2012) 1-29",
});

/** Every paper above, for round trips. */
export const variedPapers: readonly Paper[] = [
  arxivPreprint,
  arxivPublished,
  openAlexArticle,
  crossrefArticle,
  crossrefConferencePaper,
  unicodeAuthorsPaper,
  specialCharactersPaper,
  zoteroPreprint,
  hugeAuthorListPaper,
];
