/**
 * The records the OAI-PMH service lists: a corpus in list order (datestamp day, then id, as
 * arXiv orders them) with the changes tests make laid over it. A changed record leaves its
 * old place and takes the place of its new datestamp, so a harvest `from` the day of a change
 * sees it, and only once.
 */
import { getCorpus } from "../corpus";
import { recordFromPaper, type OaiRecord } from "./oai-record";
import { headerSetSpecs, inSet, type SetFilter } from "./taxonomy";

/** What a header needs, without the text a full record carries. */
export type OaiHeaderFields = Pick<OaiRecord, "id" | "day" | "deleted" | "categories">;

/** A corpus in list order. */
export interface OaiCorpus {
  /** "real", or "scale:<N>". */
  readonly kind: string;
  readonly size: number;
  dayAt(position: number): number;
  idAt(position: number): string;
  /** The setSpecs its header lists (for `set`). */
  specsAt(position: number): readonly string[];
  headerAt(position: number): OaiHeaderFields;
  recordAt(position: number): OaiRecord;
  positionOf(id: string): number | undefined;
  /** The first position whose day is `day` or later. */
  lowerBound(day: number): number;
}

/** Records sorted by (day, id), as arXiv lists them. */
export function compareListOrder(a: { day: number; id: string }, b: { day: number; id: string }): number {
  if (a.day !== b.day) return a.day - b.day;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A corpus held as records in memory (the real corpus, small test corpora). */
export class MemoryCorpus implements OaiCorpus {
  readonly size: number;
  private readonly records: OaiRecord[];
  private readonly days: Int32Array;
  private readonly specs: string[][];
  private readonly positions: Map<string, number>;

  constructor(
    readonly kind: string,
    records: readonly OaiRecord[],
  ) {
    this.records = [...records].sort(compareListOrder);
    this.size = this.records.length;
    this.days = Int32Array.from(this.records, (record) => record.day);
    this.specs = this.records.map((record) => headerSetSpecs(record.categories));
    this.positions = new Map(this.records.map((record, position) => [record.id, position]));
  }

  /** Every record, in list order. */
  recordsInListOrder(): readonly OaiRecord[] {
    return this.records;
  }
  dayAt(position: number): number {
    return this.days[position]!;
  }
  idAt(position: number): string {
    return this.records[position]!.id;
  }
  specsAt(position: number): readonly string[] {
    return this.specs[position]!;
  }
  headerAt(position: number): OaiHeaderFields {
    return this.records[position]!;
  }
  recordAt(position: number): OaiRecord {
    return this.records[position]!;
  }
  positionOf(id: string): number | undefined {
    return this.positions.get(id);
  }
  lowerBound(day: number): number {
    return lowerBound(this.days, day);
  }
}

/** The first index of a sorted array holding `value` or more. */
export function lowerBound(sorted: ArrayLike<number>, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

let realCorpus: MemoryCorpus | undefined;

/** The sandbox's paper corpus (../corpus.ts) as OAI records, built once per process. */
export function getRealOaiCorpus(): MemoryCorpus {
  realCorpus ??= new MemoryCorpus("real", getCorpus().papers.map((paper) => recordFromPaper(paper)));
  return realCorpus;
}

export interface ListQuery {
  fromDay: number;
  untilDay: number;
  set: SetFilter | null;
  skip: number;
  /** Records wanted after the skipped ones. */
  limit: number;
  /** Full records (ListRecords) or headers only (ListIdentifiers). */
  full: boolean;
}

/** A corpus with changes laid over it. */
export class OaiRepository {
  private readonly changed = new Map<string, OaiRecord>();
  private changedInOrder: OaiRecord[] | null = null;

  constructor(readonly corpus: OaiCorpus) {}

  /** The current record, changes included. */
  get(id: string): OaiRecord | undefined {
    const change = this.changed.get(id);
    if (change) return change;
    const position = this.corpus.positionOf(id);
    return position === undefined ? undefined : this.corpus.recordAt(position);
  }

  /** Replaces (or adds) a record; it moves to its datestamp's place in the list. */
  put(record: OaiRecord): void {
    this.changed.set(record.id, record);
    this.changedInOrder = null;
  }

  /** Forgets every change. */
  reset(): void {
    this.changed.clear();
    this.changedInOrder = null;
  }

  get changeCount(): number {
    return this.changed.size;
  }

  /** The records of a list request, in list order: `skip` matching ones passed over, then up to `limit`. */
  list(query: ListQuery): OaiRecord[] | OaiHeaderFields[] {
    if (this.changed.size === 0) return this.listCorpus(query);
    const changes = (this.changedInOrder ??= [...this.changed.values()].sort(compareListOrder));
    const out: (OaiRecord | OaiHeaderFields)[] = [];
    let skip = query.skip;
    let base = this.corpus.lowerBound(query.fromDay);
    let change = lowerBoundBy(changes, query.fromDay);
    const matchesSet = (specs: readonly string[]) => query.set === null || inSet(specs, query.set);
    while (out.length < query.limit) {
      // Base records a change replaced are passed over; the change is listed at its own place.
      while (base < this.corpus.size && this.changed.has(this.corpus.idAt(base))) base += 1;
      const baseDay = base < this.corpus.size ? this.corpus.dayAt(base) : Number.POSITIVE_INFINITY;
      const next = changes[change];
      const takeChange = next !== undefined && (next.day < baseDay || (next.day === baseDay && next.id < this.corpus.idAt(base)));
      const day = takeChange ? next.day : baseDay;
      if (day > query.untilDay) break;
      if (takeChange) {
        change += 1;
        if (!matchesSet(headerSetSpecs(next.categories))) continue;
        if (skip > 0) skip -= 1;
        else out.push(next);
      } else {
        const position = base;
        base += 1;
        if (!matchesSet(this.corpus.specsAt(position))) continue;
        if (skip > 0) skip -= 1;
        else out.push(query.full ? this.corpus.recordAt(position) : this.corpus.headerAt(position));
      }
    }
    return out as OaiRecord[] | OaiHeaderFields[];
  }

  /** The list without changes: no ids to compare, and without a set `skip` is a jump. */
  private listCorpus(query: ListQuery): OaiRecord[] | OaiHeaderFields[] {
    const out: (OaiRecord | OaiHeaderFields)[] = [];
    let position = this.corpus.lowerBound(query.fromDay);
    let skip = query.skip;
    if (query.set === null) {
      position += skip;
      skip = 0;
    }
    for (; position < this.corpus.size && out.length < query.limit; position += 1) {
      if (this.corpus.dayAt(position) > query.untilDay) break;
      if (query.set !== null && !inSet(this.corpus.specsAt(position), query.set)) continue;
      if (skip > 0) skip -= 1;
      else out.push(query.full ? this.corpus.recordAt(position) : this.corpus.headerAt(position));
    }
    return out as OaiRecord[] | OaiHeaderFields[];
  }
}

function lowerBoundBy(records: readonly OaiRecord[], day: number): number {
  let low = 0;
  let high = records.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (records[middle]!.day < day) low = middle + 1;
    else high = middle;
  }
  return low;
}
