import type { Paper } from "@/shared/paper";

/**
 * The existence check's parameters for a paper, small enough for every paper row to carry: no
 * name parser, no schema library. The server's export path uses the full name parser.
 */
export type ZoteroLookupParams = { arxivId?: string; doi?: string; title?: string; author?: string };

const ARXIV_DOI = /^10\.48550\/arxiv\./i;
const NEW_ARXIV = /^\d{4}\.\d{4,5}(v\d+)?$/;
const OLD_ARXIV = /^[a-z-]+(\.[A-Z]{2})?\/\d{7}(v\d+)?$/;

/** The last name of "First Last" or "Last, First" (a suffix such as Jr. skipped). */
export function roughLastName(name: string): string | undefined {
  const text = name.trim();
  if (!text) return undefined;
  if (text.includes(",")) return text.split(",")[0]!.trim() || undefined;
  const words = text.split(/\s+/).filter((word) => !/^(jr\.?|sr\.?|ii|iii|iv)$/i.test(word));
  return words.at(-1);
}

export function zoteroLookupParams(paper: Pick<Paper, "id" | "arxivId" | "doi" | "title" | "authors" | "source"> & Partial<Pick<Paper, "authorDetails">>): ZoteroLookupParams {
  const arxivCandidate = paper.arxivId ?? (paper.source === "arxiv" ? paper.id : null);
  const arxivId = arxivCandidate && (NEW_ARXIV.test(arxivCandidate) || OLD_ARXIV.test(arxivCandidate)) ? arxivCandidate.replace(/v\d+$/, "") : undefined;
  const doi = paper.doi && !ARXIV_DOI.test(paper.doi) ? paper.doi : undefined;
  const author = paper.authorDetails?.[0]?.family ?? (paper.authors[0] ? roughLastName(paper.authors[0]) : undefined);
  return { arxivId, doi, title: paper.title.trim() || undefined, author };
}
