/**
 * One sandbox's arXiv as it changes under a test: the OAI-PMH repository (corpus plus changes),
 * the same changes as papers for the arXiv query API (`/arxiv/api/query`), the page sizes and
 * the optional flow control. Each change carries its datestamp (the day it names, or today), so
 * a harvest `from` that day sees it:
 * - a new version (with its date, and optionally a comment, title, abstract or size);
 * - a publication (a DOI and/or a journal reference);
 * - a deletion (the header turns status="deleted"; the query API no longer finds the paper);
 * - a new paper.
 * State is kept per sandbox (keyed by its context), so two sandboxes in one process do not mix.
 */
import { getCorpus, isoSeconds, type Paper } from "../corpus";
import { parseArxivId, canonicalArxivId } from "../arxiv/arxiv-ids";
import { authorLineOf, dayOf, dayString, derivedSizeKb, derivedSourceType, splitAuthor, type OaiRecord } from "./oai-record";
import { getRealOaiCorpus, OaiRepository, type OaiCorpus } from "./oai-repository";
import { ARXIV_IDENTIFIERS_PER_PAGE, ARXIV_RECORDS_PER_PAGE, type OaiSettings } from "./protocol";
import { getScaleCorpus, parseCorpusChoice, type CorpusChoice } from "./scale/scale-corpus";
import { isKnownCategory } from "./taxonomy";

export interface FlowControl {
  /** Requests closer together than this are refused... */
  minIntervalMs: number;
  /** ...with 503 and this Retry-After. */
  retryAfterSeconds: number;
}

export interface OaiServiceSettings extends OaiSettings {
  flowControl: FlowControl | null;
}

export const DEFAULT_OAI_SETTINGS: OaiServiceSettings = {
  recordsPerPage: ARXIV_RECORDS_PER_PAGE,
  identifiersPerPage: ARXIV_IDENTIFIERS_PER_PAGE,
  flowControl: null,
};

/** A change a test asked for that cannot be made (unknown paper, deleted paper, taken id). */
export class ChangeError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409,
  ) {
    super(message);
  }
}

/** When a change happened: "YYYY-MM-DD" (at noon UTC, or now if that is later today) or an ISO time; now by default. */
export function changeTime(date: string | undefined, now: Date): number {
  if (date === undefined) return Math.floor(now.getTime() / 1000) * 1000;
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    const noon = Date.parse(`${date}T12:00:00Z`);
    if (Number.isNaN(noon)) throw new ChangeError(`date ${date} is not a date`, 400);
    const sameDay = dayOf(noon) === dayOf(now.getTime());
    return sameDay ? Math.floor(now.getTime() / 1000) * 1000 : noon;
  }
  const ms = Date.parse(date);
  if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}T/.test(date)) throw new ChangeError(`date ${date} is neither YYYY-MM-DD nor an ISO 8601 time`, 400);
  return Math.floor(ms / 1000) * 1000;
}

export interface NewVersion {
  date?: string;
  comment?: string;
  title?: string;
  abstract?: string;
  sizeKb?: number;
}

export interface Publication {
  date?: string;
  doi?: string;
  journalRef?: string;
}

export interface NewPaper {
  id?: string;
  date?: string;
  title: string;
  authors: { name: string; affiliations?: string[] }[];
  abstract: string;
  categories: string[];
  comment?: string;
  doi?: string;
  journalRef?: string;
  license?: string;
  submitter?: string;
}

/** What a change left: the record's id, latest version, datestamp and status. */
export interface ChangeResult {
  id: string;
  version: number;
  datestamp: string;
  deleted: boolean;
}

export class ArxivLiveState {
  private built: OaiRepository | undefined;
  settings: OaiServiceSettings = { ...DEFAULT_OAI_SETTINGS };
  /** When the last OAI-PMH request came (flow control). */
  lastRequestMs = Number.NEGATIVE_INFINITY;
  /** The query API's view of changed papers: null once deleted. */
  private readonly papers = new Map<string, Paper | null>();

  /** The corpus is loaded on the first OAI-PMH request or change, not when the query API asks for changed papers. */
  constructor(readonly corpusChoice: CorpusChoice) {}

  get repository(): OaiRepository {
    this.built ??= new OaiRepository(this.corpusChoice.kind === "real" ? getRealOaiCorpus() : getScaleCorpus(this.corpusChoice.size));
    return this.built;
  }

  get corpus(): OaiCorpus {
    return this.repository.corpus;
  }

  /** A changed paper for the query API: the new state, null when deleted, undefined when unchanged. */
  paperChange(id: string): Paper | null | undefined {
    return this.papers.get(id);
  }

  /** Papers the query API must also know by id (new ones). */
  get changedPaperCount(): number {
    return this.papers.size;
  }

  reset(): void {
    this.built?.reset();
    this.papers.clear();
    this.settings = { ...DEFAULT_OAI_SETTINGS };
    this.lastRequestMs = Number.NEGATIVE_INFINITY;
  }

  private current(rawId: string): { record: OaiRecord; paper: Paper | undefined } {
    const parsed = parseArxivId(rawId.trim());
    if (!parsed) throw new ChangeError(`${rawId} is not an arXiv id`, 400);
    const id = canonicalArxivId(parsed.id);
    const record = this.repository.get(id);
    if (!record) throw new ChangeError(`${id} is not in the ${this.corpus.kind} corpus`, 404);
    if (record.deleted) throw new ChangeError(`${id} is deleted`, 409);
    const known = this.papers.get(id);
    // The query API serves the real corpus: a scale record's change is for OAI-PMH only.
    const corpusPaper = this.corpusChoice.kind === "real" ? getCorpus().byId.get(id) : undefined;
    return { record, paper: known === null ? undefined : (known ?? corpusPaper) };
  }

  private commit(record: OaiRecord, paper: Paper | null | undefined): ChangeResult {
    this.repository.put(record);
    if (paper !== undefined) this.papers.set(record.id, paper);
    return { id: record.id, version: record.versions[record.versions.length - 1]!.version, datestamp: dayString(record.day), deleted: record.deleted };
  }

  addVersion(id: string, input: NewVersion, now = new Date()): ChangeResult {
    const { record, paper } = this.current(id);
    const submittedMs = changeTime(input.date, now);
    const previous = record.versions[record.versions.length - 1]!;
    if (submittedMs <= previous.submittedMs) throw new ChangeError(`a new version must come after v${previous.version} (${isoSeconds(previous.submittedMs)})`, 400);
    const version = previous.version + 1;
    const key = `${record.id}v${version}`;
    const next: OaiRecord = {
      ...record,
      day: dayOf(submittedMs),
      versions: [...record.versions, { version, submittedMs, sizeKb: input.sizeKb ?? derivedSizeKb(key), sourceType: derivedSourceType(key) }],
      comments: input.comment ?? record.comments,
      title: input.title ?? record.title,
      abstract: input.abstract ?? record.abstract,
    };
    const created = isoSeconds(submittedMs);
    const nextPaper = paper && {
      ...paper,
      version,
      versions: [...paper.versions, { version, created }],
      updated: created,
      comment: input.comment ?? paper.comment,
      title: input.title ?? paper.title,
      abstract: input.abstract ?? paper.abstract,
    };
    return this.commit(next, nextPaper);
  }

  publish(id: string, input: Publication, now = new Date()): ChangeResult {
    if (!input.doi && !input.journalRef) throw new ChangeError("a publication needs a doi or a journalRef", 400);
    const { record, paper } = this.current(id);
    const day = dayOf(changeTime(input.date, now));
    const next: OaiRecord = { ...record, day, doi: input.doi ?? record.doi, journalRef: input.journalRef ?? record.journalRef };
    const nextPaper = paper && { ...paper, doi: input.doi ?? paper.doi, journalRef: input.journalRef ?? paper.journalRef };
    return this.commit(next, nextPaper);
  }

  remove(id: string, input: { date?: string }, now = new Date()): ChangeResult {
    const { record, paper } = this.current(id);
    return this.commit({ ...record, day: dayOf(changeTime(input.date, now)), deleted: true }, paper ? null : undefined);
  }

  addPaper(input: NewPaper, now = new Date()): ChangeResult {
    const submittedMs = changeTime(input.date, now);
    const unknown = input.categories.filter((category) => !isKnownCategory(category));
    if (input.categories.length === 0 || unknown.length > 0) throw new ChangeError(`categories must be arXiv categories${unknown.length ? `; unknown: ${unknown.join(", ")}` : ""}`, 400);
    const id = input.id === undefined ? this.freeId(submittedMs) : this.checkedNewId(input.id);
    const authors = input.authors.map((author) => ({ name: author.name, affiliations: author.affiliations ?? [] }));
    const key = `${id}v1`;
    const record: OaiRecord = {
      id,
      day: dayOf(submittedMs),
      deleted: false,
      submitter: input.submitter ?? authors[0]?.name ?? "arXiv",
      versions: [{ version: 1, submittedMs, sizeKb: derivedSizeKb(key), sourceType: derivedSourceType(key) }],
      title: input.title,
      authorLine: authorLineOf(authors),
      authors: authors.map((author) => splitAuthor(author.name, author.affiliations)),
      categories: [...input.categories],
      comments: input.comment ?? null,
      proxy: null,
      reportNo: null,
      mscClass: null,
      acmClass: null,
      journalRef: input.journalRef ?? null,
      doi: input.doi ?? null,
      license: input.license ?? null,
      abstract: input.abstract,
    };
    const created = isoSeconds(submittedMs);
    const paper: Paper = {
      id,
      version: 1,
      versions: [{ version: 1, created }],
      title: input.title,
      authors: authors.map((author) => author.name),
      affiliations: authors.map((author) => author.affiliations),
      abstract: input.abstract,
      categories: [...input.categories],
      primaryCategory: input.categories[0]!,
      comment: input.comment ?? null,
      journalRef: input.journalRef ?? null,
      doi: input.doi ?? null,
      reportNo: null,
      published: created,
      updated: created,
      license: input.license ?? null,
      source: "oaipmh",
    };
    return this.commit(record, paper);
  }

  private checkedNewId(rawId: string): string {
    const parsed = parseArxivId(rawId.trim());
    if (!parsed || parsed.version !== undefined) throw new ChangeError(`${rawId} is not an arXiv id without version`, 400);
    const id = canonicalArxivId(parsed.id);
    if (this.repository.get(id) || getCorpus().byId.has(id)) throw new ChangeError(`${id} already exists`, 409);
    return id;
  }

  /** An unused new-style id in the month of `ms`, from the top of the month's range down (real ids fill it from the bottom). */
  private freeId(ms: number): string {
    const date = new Date(ms);
    const yymm = `${String(date.getUTCFullYear() % 100).padStart(2, "0")}${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
    const fiveDigits = date.getUTCFullYear() >= 2015;
    for (let sequence = fiveDigits ? 99_999 : 9_999; sequence > 0; sequence -= 1) {
      const id = `${yymm}.${String(sequence).padStart(fiveDigits ? 5 : 4, "0")}`;
      if (!this.repository.get(id) && !getCorpus().byId.has(id)) return id;
    }
    throw new ChangeError(`no free id left in ${yymm}`, 409);
  }
}

const states = new WeakMap<object, ArxivLiveState>();
const choices = new WeakMap<object, CorpusChoice>();

/** Picks the corpus a sandbox's OAI-PMH serves ("real", the default, or "scale:<N>"); before its first request. */
export function configureArxivCorpus(owner: object, spec: string | undefined): void {
  choices.set(owner, parseCorpusChoice(spec ?? process.env.SANDBOX_ARXIV_CORPUS ?? "real"));
}

/** The state of the sandbox `owner` (its SandboxContext), made on first use. */
export function arxivLiveState(owner: object): ArxivLiveState {
  let state = states.get(owner);
  if (!state) {
    state = new ArxivLiveState(choices.get(owner) ?? parseCorpusChoice(process.env.SANDBOX_ARXIV_CORPUS ?? "real"));
    states.set(owner, state);
  }
  return state;
}
