import { splitWords, stem } from "@/shared/arxiv-query/text-analysis";
import type { ArxivIndexAuthor, ArxivIndexVersion } from "@/server/db/schema/arxiv-index";

/** A paper as the harvest hands it to the index: arXiv's newest metadata and every version. */
export type IndexRecord = {
  /** arXiv id without version. */
  id: string;
  versions: ArxivIndexVersion[];
  title: string;
  authors: ArxivIndexAuthor[];
  abstract: string;
  /** Primary category first. */
  categories: string[];
  comments: string | null;
  journalRef: string | null;
  doi: string | null;
  reportNo: string | null;
  license: string | null;
  /** The record's OAI-PMH datestamp, YYYY-MM-DD. */
  datestamp: string;
};

/** The row the index stores for a record: its text vectors and lookup keys beside the metadata. */
export type IndexRow = IndexRecord & {
  version: number;
  submittedAt: Date;
  updatedAt: Date;
  ftsTitle: string;
  ftsAuthors: string;
  ftsAbstract: string;
  ftsMeta: string;
  categoryKeys: string[];
  titleKey: string;
  doiKey: string | null;
};

/** PostgreSQL keeps word positions up to this; later ones are folded onto it. */
const MAX_POSITION = 16383;

type Weight = "A" | "B" | "C" | "D";

/**
 * Builds a tsvector literal, with a gap of one position after each part (each author's name,
 * each field of the meta vector), so a phrase never runs from one into the next, as arXiv's
 * search keeps a phrase inside one author's name.
 */
class VectorBuilder {
  /** Per word, its positions as the literal writes them ("1A,4A"). */
  private readonly positions = new Map<string, string>();
  private next = 1;

  add(words: readonly string[], weight: Weight): this {
    const mark = weight === "D" ? "" : weight;
    for (const word of words) {
      if (!word) continue;
      const position = `${this.next < MAX_POSITION ? this.next : MAX_POSITION}${mark}`;
      const known = this.positions.get(word);
      this.positions.set(word, known === undefined ? position : `${known},${position}`);
      this.next += 1;
    }
    return this.gap();
  }

  gap(): this {
    this.next += 1;
    return this;
  }

  /** `'word':1A,4A 'other':2B`; empty when no word was added (an empty tsvector). */
  literal(): string {
    let literal = "";
    for (const [word, positions] of this.positions) literal += `${literal ? " " : ""}${quoteLexeme(word)}:${positions}`;
    return literal;
  }
}

/** A lexeme in tsvector and tsquery syntax: single-quoted, quotes and backslashes escaped. */
export function quoteLexeme(word: string): string {
  if (!word.includes("'") && !word.includes("\\")) return `'${word}'`;
  return `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

const stemAll = (text: string | null) => (text ? splitWords(text).map(stem) : []);

/** A title folded for prefix suggestions: its words, lower case and unaccented, single-spaced. */
export function foldTitle(title: string): string {
  return splitWords(title).join(" ");
}

/** The index row for a harvested record. */
export function indexRow(record: IndexRecord): IndexRow {
  const versions = [...record.versions].sort((a, b) => a.version - b.version);
  const first = versions[0];
  const last = versions[versions.length - 1];
  if (!first || !last) throw new Error(`arXiv record ${record.id} has no dated version`);
  const authors = new VectorBuilder();
  for (const author of record.authors) authors.add(splitWords(author.name), "D");
  const meta = new VectorBuilder()
    .add(stemAll(record.comments), "A")
    .add(stemAll(record.journalRef), "B")
    .add(stemAll(record.reportNo), "C")
    .add(
      record.categories.map((category) => category.toLowerCase()),
      "D",
    );
  return {
    ...record,
    versions,
    version: last.version,
    submittedAt: new Date(first.submitted),
    updatedAt: new Date(last.submitted),
    ftsTitle: new VectorBuilder().add(stemAll(record.title), "D").literal(),
    ftsAuthors: authors.literal(),
    ftsAbstract: new VectorBuilder().add(stemAll(record.abstract), "D").literal(),
    ftsMeta: meta.literal(),
    categoryKeys: record.categories.map((category) => category.toLowerCase()),
    titleKey: foldTitle(record.title),
    doiKey: record.doi ? record.doi.trim().toLowerCase() : null,
  };
}
