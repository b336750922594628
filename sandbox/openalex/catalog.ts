/**
 * Everything the OpenAlex emulation knows, in one place: the corpus papers as OpenAlex works
 * (positions 0..corpusSize-1, in corpus order) followed by the recorded real works, with the
 * per-work facts filters and sorts need as arrays, the lookups by id and DOI, the citation
 * graph and the author table (ids and journal facts: scholarly/derived-works.ts).
 */
import { getCorpus, type Paper } from "../corpus";
import { getCitationGraph, type CitationGraph } from "../scholarly/citation-graph";
import { getDerivedWorks, type DerivedWorks } from "../scholarly/derived-works";
import type { JournalFacts } from "../scholarly/publication";
import { subjectOf } from "../scholarly/subjects";
import { loadRecordedWorks, type RecordedWork } from "./recorded";

export const OPENALEX = "https://openalex.org/";

export interface AuthorTable {
  /** The number of each author's id ("A" + number). */
  idNumbers: Float64Array;
  /** Per ordinal, the corpus positions of its works (slices of `works`). */
  workOffsets: Uint32Array;
  works: Int32Array;
}

/** The arXiv DOI DataCite registered for a paper, as OpenAlex prints it (lower case). */
export function arxivDoi(arxivId: string): string {
  return `10.48550/arxiv.${arxivId}`.toLowerCase();
}

export function bareDoi(value: string): string {
  return value
    .trim()
    .replace(/^https?:\/\/(dx\.)?doi\.org\//i, "")
    .replace(/^doi:/i, "")
    .toLowerCase();
}

export function shortId(value: string): string {
  return value.trim().replace(/^https?:\/\/openalex\.org\//i, "").toUpperCase();
}

export class OpenAlexCatalog {
  readonly corpusSize: number;
  readonly size: number;
  readonly workIds: string[];
  readonly byWorkId = new Map<string, number>();
  readonly byDoi = new Map<string, number>();
  /** Bare lower-case DOI per work. */
  readonly dois: (string | null)[];
  readonly publicationMs: Float64Array;
  readonly years: Int32Array;
  readonly citedByCount: Int32Array;
  readonly types: string[];
  readonly isOa: Uint8Array;
  readonly hasAbstract: Uint8Array;
  readonly titles: string[];
  readonly authors: AuthorTable;
  private readonly lazy = new Map<string, string[][]>();
  private categoryLists: Map<string, number[]> | undefined;
  private authorIdIndex: Map<string, number> | undefined;

  constructor(
    readonly papers: readonly Paper[],
    readonly recorded: readonly RecordedWork[],
    readonly graph: CitationGraph,
    private readonly derived: DerivedWorks,
  ) {
    this.corpusSize = papers.length;
    this.size = papers.length + recorded.length;
    this.workIds = new Array<string>(this.size);
    this.dois = new Array<string | null>(this.size);
    this.types = new Array<string>(this.size);
    this.titles = new Array<string>(this.size);
    this.publicationMs = new Float64Array(this.size);
    this.years = new Int32Array(this.size);
    this.citedByCount = new Int32Array(this.size);
    this.isOa = new Uint8Array(this.size);
    this.hasAbstract = new Uint8Array(this.size);

    for (let doc = 0; doc < this.size; doc += 1) {
      if (doc < this.corpusSize) {
        const paper = papers[doc]!;
        const journal = derived.journals[doc];
        this.workIds[doc] = `W${derived.workIdNumbers[doc]}`;
        this.dois[doc] = journal?.doi ?? arxivDoi(paper.id);
        this.publicationMs[doc] = derived.publicationMs[doc]!;
        this.types[doc] = journal ? "article" : "preprint";
        this.titles[doc] = paper.title;
        this.isOa[doc] = 1;
        this.hasAbstract[doc] = derived.flags[doc]! & 1;
        this.citedByCount[doc] = graph.citedOffsets[doc + 1]! - graph.citedOffsets[doc]!;
      } else {
        const work = recorded[doc - this.corpusSize]!;
        this.workIds[doc] = shortId(work.id);
        this.dois[doc] = typeof work.doi === "string" ? bareDoi(work.doi) : null;
        this.publicationMs[doc] = Date.parse(`${this.publicationDate(doc)}T00:00:00Z`);
        this.types[doc] = typeof work.type === "string" ? work.type : "article";
        this.titles[doc] = String(work.display_name ?? work.title ?? "");
        this.isOa[doc] = (work.open_access as { is_oa?: boolean } | undefined)?.is_oa ? 1 : 0;
        this.hasAbstract[doc] = work.abstract_inverted_index ? 1 : 0;
        this.citedByCount[doc] = typeof work.cited_by_count === "number" ? work.cited_by_count : 0;
      }
      this.years[doc] = new Date(this.publicationMs[doc]!).getUTCFullYear();
    }
    // Recorded works are real: their ids and DOIs win over a derived work that shares them.
    for (let doc = this.size - 1; doc >= 0; doc -= 1) {
      if (doc >= this.corpusSize || !this.byWorkId.has(this.workIds[doc]!)) this.byWorkId.set(this.workIds[doc]!, doc);
      const doi = this.dois[doc];
      if (doi && (doc >= this.corpusSize || !this.byDoi.has(doi))) this.byDoi.set(doi, doc);
    }
    this.authors = {
      idNumbers: derived.authorIdNumbers,
      workOffsets: derived.authorWorkOffsets,
      works: derived.authorWorks,
    };
  }

  /** "2007-10-11": the journal's online date for articles, the first arXiv version's for preprints. */
  publicationDate(doc: number): string {
    if (this.isCorpus(doc)) return new Date(this.publicationMs[doc]!).toISOString().slice(0, 10);
    const work = this.recordedAt(doc);
    return typeof work.publication_date === "string" ? work.publication_date : `${Number(work.publication_year ?? 1900)}-01-01`;
  }

  /** An author's name as first written in the corpus. */
  authorName(ordinal: number): string {
    return this.papers[this.derived.authorFirstWork[ordinal]!]!.authors[this.derived.authorFirstPlace[ordinal]!]!;
  }

  get authorCount(): number {
    return this.authors.idNumbers.length;
  }

  isCorpus(doc: number): boolean {
    return doc < this.corpusSize;
  }

  recordedAt(doc: number): RecordedWork {
    return this.recorded[doc - this.corpusSize]!;
  }

  journalOf(doc: number): JournalFacts | null {
    return this.derived.journals[doc] ?? null;
  }

  /** Author ordinals of a corpus work, in order. */
  authorOrdinalsOf(doc: number): Int32Array {
    return this.derived.workAuthorOrdinals.subarray(this.derived.workAuthorOffsets[doc]!, this.derived.workAuthorOffsets[doc + 1]!);
  }

  /** Corpus positions of an author's works. */
  worksOfAuthor(ordinal: number): Int32Array {
    return this.authors.works.subarray(this.authors.workOffsets[ordinal]!, this.authors.workOffsets[ordinal + 1]!);
  }

  authorId(ordinal: number): string {
    return `A${this.authors.idNumbers[ordinal]}`;
  }

  authorOrdinalById(id: string): number | undefined {
    if (!this.authorIdIndex) {
      this.authorIdIndex = new Map();
      this.authors.idNumbers.forEach((number, ordinal) => this.authorIdIndex!.set(`A${number}`, ordinal));
    }
    return this.authorIdIndex.get(shortId(id));
  }

  /** Corpus positions per primary category, oldest first (for related works). */
  worksInCategory(category: string): readonly number[] {
    if (!this.categoryLists) {
      const lists = new Map<string, number[]>();
      for (let doc = 0; doc < this.corpusSize; doc += 1) {
        const key = this.papers[doc]!.primaryCategory || "unknown";
        const list = lists.get(key) ?? [];
        list.push(doc);
        lists.set(key, list);
      }
      for (const list of lists.values()) list.sort((a, b) => this.publicationMs[a]! - this.publicationMs[b]! || a - b);
      this.categoryLists = lists;
    }
    return this.categoryLists.get(category || "unknown") ?? [];
  }

  /** A work by W id (any case, with or without the openalex.org prefix) or DOI (bare, doi:, or URL). */
  find(identifier: string): number | undefined {
    const trimmed = identifier.trim();
    if (/^(https?:\/\/openalex\.org\/)?w\d+$/i.test(trimmed)) return this.byWorkId.get(shortId(trimmed));
    if (/^(doi:|https?:\/\/(dx\.)?doi\.org\/|10\.)/i.test(trimmed)) return this.byDoi.get(bareDoi(trimmed));
    return undefined;
  }

  /** Per work, a list computed once on first use (concept ids, topic ids, author ids...). */
  private memo(name: string, compute: (doc: number) => string[]): string[][] {
    let values = this.lazy.get(name);
    if (!values) {
      values = Array.from({ length: this.size }, (_, doc) => compute(doc));
      this.lazy.set(name, values);
    }
    return values;
  }

  authorIdsOf(doc: number): string[] {
    return this.memo("authors", (work) =>
      this.isCorpus(work)
        ? Array.from(this.authorOrdinalsOf(work), (ordinal) => this.authorId(ordinal))
        : ((this.recordedAt(work).authorships as { author?: { id?: string } }[] | undefined) ?? []).map((authorship) => shortId(authorship.author?.id ?? "")),
    )[doc]!;
  }

  conceptIdsOf(doc: number): string[] {
    return this.memo("concepts", (work) =>
      this.isCorpus(work)
        ? [...new Set(this.papers[work]!.categories.flatMap((category) => subjectOf(category).concepts.map((concept) => shortId(concept.id))))]
        : ((this.recordedAt(work).concepts as { id?: string }[] | undefined) ?? []).map((concept) => shortId(concept.id ?? "")),
    )[doc]!;
  }

  /** [primary topic id, its subfield, field and domain ids] (short forms: T123, 1702, 17, 3). */
  primaryTopicOf(doc: number): string[] {
    return this.memo("primary-topic", (work) => {
      const topic = this.isCorpus(work)
        ? subjectOf(this.papers[work]!.primaryCategory).topic
        : (this.recordedAt(work).primary_topic as { id: string; subfield: { id: string }; field: { id: string }; domain: { id: string } } | null | undefined);
      if (!topic) return [];
      const tail = (url: string) => url.replace(/^.*\//, "").toUpperCase();
      return [tail(topic.id), tail(topic.subfield.id), tail(topic.field.id), tail(topic.domain.id)];
    })[doc]!;
  }

  /** Short W ids a work cites. */
  referencedIdsOf(doc: number): string[] {
    return this.memo("references", (work) =>
      this.isCorpus(work)
        ? Array.from(this.graph.refs.subarray(this.graph.refOffsets[work]!, this.graph.refOffsets[work + 1]!), (cited) => this.workIds[cited]!)
        : ((this.recordedAt(work).referenced_works as string[] | undefined) ?? []).map(shortId),
    )[doc]!;
  }
}

let shared: OpenAlexCatalog | undefined;

export function getOpenAlexCatalog(): OpenAlexCatalog {
  if (!shared) shared = new OpenAlexCatalog(getCorpus().papers, loadRecordedWorks(), getCitationGraph(), getDerivedWorks());
  return shared;
}
