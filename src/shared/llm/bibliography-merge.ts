/**
 * Bibliography enhancement: a paper's bibliographic entry,
 * the model's merge proposal for it, and the field-by-field changes the user accepts or
 * rejects. zod-free apart from the reply schema in llm-tasks.ts.
 */
import type { Paper } from "@/shared/paper";
import { normalizeDoi } from "@/shared/library/paper-identifiers";
import { normalizeWords } from "@/shared/library/text-fold";

/** The fields enhancement looks at and may change. */
export type BibEntry = {
  title: string;
  authors: string[];
  year: number | null;
  doi: string | null;
  journal: string | null;
  volume: string | null;
  pages: string | null;
  publisher: string | null;
  url: string | null;
};

export const BIB_ENTRY_FIELDS = ["title", "authors", "year", "doi", "journal", "volume", "pages", "publisher", "url"] as const satisfies readonly (keyof BibEntry)[];
export type BibField = (typeof BIB_ENTRY_FIELDS)[number];

export const BIB_FIELD_LABELS: Record<BibField, string> = {
  title: "Title",
  authors: "Authors",
  year: "Year",
  doi: "DOI",
  journal: "Journal",
  volume: "Volume",
  pages: "Pages",
  publisher: "Publisher",
  url: "URL",
};

/** The spec's merge result: the merged entry, how sure (0-100), why, and whether anything changes. */
export type MergeResult = {
  mergedEntry: BibEntry;
  confidence: number;
  reasoning: string;
  hasChanges: boolean;
  /** Which candidate was picked, or null when none is the same work. */
  selectedIndex: number | null;
  candidateScores: { index: number; confidence: number; reasoning: string }[];
};

export type FieldChange = { field: BibField; label: string; before: string; after: string };

function yearOf(date: string | null | undefined): number | null {
  const match = /^(\d{4})/.exec(date ?? "");
  return match ? Number(match[1]) : null;
}

const orNull = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

/** A paper's entry. */
export function bibEntryFromPaper(paper: Paper): BibEntry {
  return {
    title: paper.title,
    authors: paper.authors,
    year: yearOf(paper.publishedDate),
    doi: orNull(paper.doi),
    journal: orNull(paper.journal ?? paper.journalRef),
    volume: orNull(paper.volume),
    pages: orNull(paper.pages),
    publisher: orNull(paper.publisher),
    url: orNull(paper.url),
  };
}

/** A field's value as the diff shows it ("" for none). */
export function fieldText(entry: BibEntry, field: BibField): string {
  const value = entry[field];
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

function sameValue(field: BibField, before: string, after: string): boolean {
  if (field === "doi") return (normalizeDoi(before) ?? before) === (normalizeDoi(after) ?? after);
  if (field === "title" || field === "authors" || field === "journal" || field === "publisher") return normalizeWords(before) === normalizeWords(after);
  return before.trim() === after.trim();
}

/**
 * The fields the merge would change, in the entry's order. A field the merged entry leaves
 * empty is never a change (the model does not get to erase data), nor one that differs only
 * in case, accents or punctuation.
 */
export function entryChanges(original: BibEntry, merged: BibEntry): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of BIB_ENTRY_FIELDS) {
    const before = fieldText(original, field);
    const after = fieldText(merged, field);
    if (!after || sameValue(field, before, after)) continue;
    changes.push({ field, label: BIB_FIELD_LABELS[field], before, after });
  }
  return changes;
}

/** The paper with the accepted fields of the merged entry written in. */
export function applyEntryToPaper(paper: Paper, merged: BibEntry, fields: readonly BibField[]): Paper {
  const next: Paper = { ...paper };
  for (const field of fields) {
    switch (field) {
      case "title":
        if (merged.title) next.title = merged.title;
        break;
      case "authors":
        if (merged.authors.length > 0) next.authors = merged.authors;
        break;
      case "year":
        if (merged.year !== null) {
          const current = paper.publishedDate ?? "";
          // Keep month and day when the year is all that changes.
          next.publishedDate = /^\d{4}-/.test(current) ? `${merged.year}${current.slice(4)}` : String(merged.year);
        }
        break;
      case "doi":
        next.doi = merged.doi;
        break;
      case "journal":
        if (merged.journal) next.journal = merged.journal;
        break;
      case "volume":
        if (merged.volume) next.volume = merged.volume;
        break;
      case "pages":
        if (merged.pages) next.pages = merged.pages;
        break;
      case "publisher":
        if (merged.publisher) next.publisher = merged.publisher;
        break;
      case "url":
        if (merged.url) next.url = merged.url;
        break;
    }
  }
  return next;
}
