import { extractArxivId } from "@/shared/arxiv-id";
import { primaryCategory, type Paper } from "@/shared/paper";
import { countOf, plural } from "@/shared/plural";

/**
 * "Fix Paper Data" (Bookmarks page): a bookmark's stored paper data is
 * compared with a fresh copy from its source, and missing or stale metadata is replaced.
 */

/** The metadata Fix Paper Data re-fetches; everything else of the stored paper is kept. */
export const REFRESH_FIELDS = ["title", "authors", "abstract", "publishedDate", "updatedDate", "categories"] as const;
export type RefreshField = (typeof REFRESH_FIELDS)[number];

/** arXiv takes an id list: this many ids per request keeps the URL well under 8 KB. */
export const ARXIV_REFRESH_BATCH = 200;
/** OpenAlex takes up to 50 OR-ed values in one filter. */
export const OPENALEX_REFRESH_BATCH = 50;

export const FIX_MESSAGES = {
  nothingToFix: "No bookmarks to fix",
  upToDate: "All paper data is up to date",
  fixedTitle: (count: number) => `Fixed paper data for ${countOf(count, "bookmark")}`,
  failed: "Fix Paper Data failed",
  notFound: (count: number) => `${countOf(count, "paper")} could not be found at ${plural(count, "its", "their")} source.`,
  unsupported: (count: number) => `${countOf(count, "bookmark")} ${plural(count, "has", "have")} no arXiv id, OpenAlex id or DOI to look up.`,
} as const;

const FIELD_LABELS: Record<RefreshField, [string, string]> = {
  title: ["title", "titles"],
  authors: ["author list", "author lists"],
  abstract: ["abstract", "abstracts"],
  publishedDate: ["published date", "published dates"],
  updatedDate: ["updated date", "updated dates"],
  categories: ["category list", "category lists"],
};

/** Where a paper is looked up again: arXiv by id, OpenAlex by work id, else Crossref by DOI. */
export type PaperLookup = { kind: "arxiv"; key: string } | { kind: "openalex"; key: string } | { kind: "crossref"; key: string };

/** How to look a stored paper up again; null when it carries nothing to look up by. */
export function lookupFor(paper: Pick<Paper, "id" | "source" | "arxivId" | "doi">): PaperLookup | null {
  const arxiv = (paper.arxivId ? extractArxivId(paper.arxivId) : null) ?? (paper.source === "arxiv" ? extractArxivId(paper.id) : null);
  if (arxiv) return { kind: "arxiv", key: arxiv.id };
  if (paper.source === "openalex" && /^W\d+$/i.test(paper.id)) return { kind: "openalex", key: paper.id.toUpperCase() };
  const doi = (paper.doi ?? "").replace(/^https?:\/\/(dx\.)?doi\.org\//i, "").trim();
  if (doi) {
    const fromDoi = extractArxivId(doi);
    if (fromDoi) return { kind: "arxiv", key: fromDoi.id };
    return { kind: "crossref", key: doi.toLowerCase() };
  }
  return null;
}

const squash = (value: string) => value.replace(/\s+/g, " ").trim();
const isEmpty = (value: unknown) => value === null || value === undefined || (typeof value === "string" ? squash(value) === "" : Array.isArray(value) && value.length === 0);

function same(field: RefreshField, stored: Paper, fresh: Paper): boolean {
  switch (field) {
    case "title":
    case "abstract":
      return squash(stored[field] ?? "") === squash(fresh[field]);
    case "authors":
    case "categories":
      return (stored[field] ?? []).length === fresh[field].length && (stored[field] ?? []).every((value, index) => squash(value) === squash(fresh[field][index]!));
    case "publishedDate":
    case "updatedDate":
      return (stored[field] ?? null) === fresh[field];
  }
}

/**
 * The stored paper with every refresh field the fresh copy has and the stored one lacks or has
 * differently; an empty fresh value never wipes a stored one. The id stays the stored one, so
 * the bookmark is not moved.
 */
export function mergeFreshPaper(stored: Paper, fresh: Paper): { paper: Paper; changed: RefreshField[] } {
  const changed: RefreshField[] = [];
  const paper: Paper = { ...stored };
  for (const field of REFRESH_FIELDS) {
    if (isEmpty(fresh[field]) || same(field, stored, fresh)) continue;
    changed.push(field);
    (paper as Record<RefreshField, unknown>)[field] = fresh[field];
  }
  if (changed.includes("categories")) paper.category = primaryCategory(paper.categories);
  return { paper, changed };
}

/** Fetches fresh papers through the app's own APIs; each answer holds the papers found. */
export type PaperFetchers = {
  /** Bare arXiv ids, at most ARXIV_REFRESH_BATCH. */
  arxiv(ids: readonly string[]): Promise<Paper[]>;
  /** OpenAlex work ids (W123), at most OPENALEX_REFRESH_BATCH. */
  openalex(ids: readonly string[]): Promise<Paper[]>;
  /** One DOI; null when Crossref does not know it. */
  crossref(doi: string): Promise<Paper | null>;
};

type Bookmarkish = { paperId: string; title: string; category: string; paperData: Paper };

export type FixOutcome<B extends Bookmarkish> = {
  /** The bookmarks whose data changed, with the new data, ready to be written back. */
  updated: B[];
  changes: { paperId: string; changed: RefreshField[] }[];
  notFound: number;
  unsupported: number;
};

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

/**
 * Looks every bookmark up again at its source (arXiv ids in batches, OpenAlex ids in batches,
 * Crossref one DOI at a time, one request at a time so the server's upstream rate rules hold)
 * and returns what changed. A failed request fails the run: nothing is written half-way.
 */
export async function fixPaperData<B extends Bookmarkish>(
  bookmarks: readonly B[],
  fetchers: PaperFetchers,
  onProgress?: (done: number, total: number) => void,
): Promise<FixOutcome<B>> {
  const byKind = { arxiv: new Map<string, B[]>(), openalex: new Map<string, B[]>(), crossref: new Map<string, B[]>() };
  let unsupported = 0;
  for (const bookmark of bookmarks) {
    const lookup = lookupFor(bookmark.paperData);
    if (!lookup) {
      unsupported += 1;
      continue;
    }
    const group = byKind[lookup.kind];
    group.set(lookup.key, [...(group.get(lookup.key) ?? []), bookmark]);
  }

  const total = bookmarks.length - unsupported;
  let done = 0;
  onProgress?.(0, total);
  const fresh = { arxiv: new Map<string, Paper>(), openalex: new Map<string, Paper>(), crossref: new Map<string, Paper>() };
  const advance = (keys: readonly string[], group: Map<string, B[]>) => {
    done += keys.reduce((sum, key) => sum + (group.get(key)?.length ?? 0), 0);
    onProgress?.(done, total);
  };

  for (const ids of chunks([...byKind.arxiv.keys()], ARXIV_REFRESH_BATCH)) {
    for (const paper of await fetchers.arxiv(ids)) fresh.arxiv.set(extractArxivId(paper.arxivId ?? paper.id)?.id ?? paper.id, paper);
    advance(ids, byKind.arxiv);
  }
  for (const ids of chunks([...byKind.openalex.keys()], OPENALEX_REFRESH_BATCH)) {
    for (const paper of await fetchers.openalex(ids)) fresh.openalex.set(paper.id.toUpperCase(), paper);
    advance(ids, byKind.openalex);
  }
  for (const doi of byKind.crossref.keys()) {
    const paper = await fetchers.crossref(doi);
    if (paper) fresh.crossref.set(doi, paper);
    advance([doi], byKind.crossref);
  }

  const outcome: FixOutcome<B> = { updated: [], changes: [], notFound: 0, unsupported };
  for (const kind of ["arxiv", "openalex", "crossref"] as const) {
    for (const [key, group] of byKind[kind]) {
      const found = fresh[kind].get(key);
      if (!found) {
        outcome.notFound += group.length;
        continue;
      }
      for (const bookmark of group) {
        const { paper, changed } = mergeFreshPaper(bookmark.paperData, found);
        if (changed.length === 0) continue;
        outcome.updated.push({ ...bookmark, paperData: paper, title: paper.title, category: paper.category });
        outcome.changes.push({ paperId: bookmark.paperId, changed });
      }
    }
  }
  return outcome;
}

/** "2 titles, 1 abstract": what a run changed, field by field. */
export function describeChanges(changes: FixOutcome<Bookmarkish>["changes"]): string {
  const counts = new Map<RefreshField, number>();
  for (const change of changes) for (const field of change.changed) counts.set(field, (counts.get(field) ?? 0) + 1);
  return REFRESH_FIELDS.filter((field) => counts.has(field))
    .map((field) => {
      const count = counts.get(field)!;
      return countOf(count, ...FIELD_LABELS[field]);
    })
    .join(", ");
}

/** The toast of a finished run: a title and a sentence on what changed and what was not found. */
export function fixSummary(outcome: FixOutcome<Bookmarkish>): { title: string; description?: string } {
  const notes = [
    outcome.changes.length > 0 ? `Updated ${describeChanges(outcome.changes)}.` : "",
    outcome.notFound > 0 ? FIX_MESSAGES.notFound(outcome.notFound) : "",
    outcome.unsupported > 0 ? FIX_MESSAGES.unsupported(outcome.unsupported) : "",
  ].filter(Boolean);
  const title = outcome.changes.length > 0 ? FIX_MESSAGES.fixedTitle(outcome.changes.length) : FIX_MESSAGES.upToDate;
  return notes.length > 0 ? { title, description: notes.join(" ") } : { title };
}
