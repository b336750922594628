/**
 * What the OpenAlex and Crossref emulations derive from the corpus alone, computed once and
 * cached in sandbox/.cache (keyed by the corpus and this code): stable OpenAlex work ids,
 * journal facts for the papers with a journal DOI, which abstracts OpenAlex "has", and the
 * author table (one author per identity, with a stable id and their works: a shared name is
 * split into several people by co-author circles, see author-identities.ts).
 *
 * Ids are derived, never stored by hand: a work's id is W7xxxxxxxxx from a hash of its arXiv id,
 * an author's A7xxxxxxxxx from a hash of the identity's key (the name, lower case, accents and
 * punctuation dropped, plus the first paper's arXiv id for every identity of a shared name but
 * its largest). Hash collisions move the later one (in sorted order) to the next free number,
 * so ids are unique and stable while the corpus is.
 */
import { splitWords } from "../../src/shared/arxiv-query/text-analysis";
import { getCorpus, type Paper } from "../corpus";
import { pack, unpack } from "../lib/binary-pack";
import { fingerprint, readThroughCache, siblingPath } from "../lib/file-cache";
import { hash53, unitFor } from "../lib/stable-random";
import { identifyAuthors } from "./author-identities";
import { journalFacts, type JournalFacts } from "./publication";
import { withJournalVersion } from "./published-elsewhere";

const ID_BASE = 7_000_000_000;
const ID_SPAN = 1_000_000_000;
/** Share of derived works whose abstract OpenAlex does not have (about a quarter of the recorded ones lack it). */
const NO_ABSTRACT_SHARE = 0.2;

/** The key two spellings of one name share: lower case, no accents, words only. */
export function authorKey(name: string): string {
  return splitWords(name).join(" ") || name.toLowerCase();
}

/** Unique numbers from hashes: sorted by key, a taken number moves to the next free one. */
function assignIdNumbers(keys: readonly string[], salt: number): Float64Array {
  const order = Array.from(keys.keys()).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
  const taken = new Set<number>();
  const numbers = new Float64Array(keys.length);
  for (const position of order) {
    let number = ID_BASE + (hash53(keys[position]!, salt) % ID_SPAN);
    while (taken.has(number)) number = number + 1 >= ID_BASE + ID_SPAN ? ID_BASE : number + 1;
    taken.add(number);
    numbers[position] = number;
  }
  return numbers;
}

/** What is derived from the corpus alone (cached in sandbox/.cache): ids, journal facts, authors. */
export interface DerivedWorks {
  workIdNumbers: Float64Array;
  /** Journal facts per corpus position that has a journal DOI. */
  journals: Record<number, JournalFacts>;
  /** Per work: bit 0 = OpenAlex has its abstract. */
  flags: Uint16Array;
  /** Per corpus work, its publication date (journal online date, else first arXiv version) at 00:00 UTC. */
  publicationMs: Float64Array;
  /** Per author: where the name is first written (corpus position and place in the author list). */
  authorFirstWork: Int32Array;
  authorFirstPlace: Uint16Array;
  authorIdNumbers: Float64Array;
  authorWorkOffsets: Uint32Array;
  authorWorks: Int32Array;
  /** Per corpus work, the slice of `workAuthorOrdinals` naming its authors in order. */
  workAuthorOffsets: Uint32Array;
  workAuthorOrdinals: Int32Array;
}

export function deriveWorks(papers: readonly Paper[]): DerivedWorks {
  const journals: Record<number, JournalFacts> = {};
  const flags = new Uint16Array(papers.length);
  const publicationMs = new Float64Array(papers.length);
  papers.forEach((paper, doc) => {
    const facts = journalFacts(withJournalVersion(paper));
    if (facts) journals[doc] = facts;
    publicationMs[doc] = facts ? Date.UTC(facts.online[0], facts.online[1] - 1, facts.online[2]) : Date.parse(`${paper.published.slice(0, 10)}T00:00:00Z`);
    if (paper.abstract && unitFor(paper.id, "openalex-abstract") >= NO_ABSTRACT_SHARE) flags[doc] = 1;
  });

  const identities = identifyAuthors(papers, authorKey);
  const { keys, workAuthorOffsets, ordinals } = identities;
  const firstWork = new Int32Array(keys.length).fill(-1);
  const firstPlace = new Uint16Array(keys.length);
  const worksPerAuthor: number[][] = keys.map(() => []);
  papers.forEach((_, doc) => {
    for (let at = workAuthorOffsets[doc]!; at < workAuthorOffsets[doc + 1]!; at += 1) {
      const ordinal = ordinals[at]!;
      if (firstWork[ordinal] === -1) {
        firstWork[ordinal] = doc;
        firstPlace[ordinal] = at - workAuthorOffsets[doc]!;
      }
      const list = worksPerAuthor[ordinal]!;
      if (list[list.length - 1] !== doc) list.push(doc);
    }
  });
  const authorWorkOffsets = new Uint32Array(keys.length + 1);
  let total = 0;
  worksPerAuthor.forEach((list, ordinal) => {
    authorWorkOffsets[ordinal] = total;
    total += list.length;
  });
  authorWorkOffsets[keys.length] = total;
  const authorWorks = new Int32Array(total);
  worksPerAuthor.forEach((list, ordinal) => authorWorks.set(list, authorWorkOffsets[ordinal]!));

  return {
    workIdNumbers: assignIdNumbers(
      papers.map((paper) => paper.id),
      1,
    ),
    journals,
    flags,
    publicationMs,
    authorFirstWork: firstWork,
    authorFirstPlace: firstPlace,
    authorIdNumbers: assignIdNumbers(keys, 2),
    authorWorkOffsets,
    authorWorks,
    workAuthorOffsets,
    workAuthorOrdinals: ordinals,
  };
}

/** The code whose output the derived-works cache holds. */
const DERIVATION_SOURCES = ["./derived-works.ts", "./author-identities.ts", "./publication.ts", "./journals.ts", "./published-elsewhere.ts", "../lib/stable-random.ts", "../../src/shared/arxiv-query/text-analysis.ts"];

let shared: DerivedWorks | undefined;

export function getDerivedWorks(): DerivedWorks {
  if (shared) return shared;
  const corpus = getCorpus();
  shared = readThroughCache<DerivedWorks>({
    name: "openalex-works",
    key: fingerprint(
      DERIVATION_SOURCES.map((source) => siblingPath(import.meta.url, source)),
      [corpus.fingerprint],
    ),
    build: () => deriveWorks(corpus.papers),
    encode: ({ journals, ...arrays }) => pack({ journals }, arrays),
    decode: (bytes) => {
      const { meta, arrays } = unpack<{ journals: Record<number, JournalFacts> }>(bytes);
      const array = <T>(name: string) => arrays.get(name) as T;
      return {
        journals: meta.journals,
        publicationMs: array<Float64Array>("publicationMs"),
        authorFirstWork: array<Int32Array>("authorFirstWork"),
        authorFirstPlace: array<Uint16Array>("authorFirstPlace"),
        workIdNumbers: array<Float64Array>("workIdNumbers"),
        flags: array<Uint16Array>("flags"),
        authorIdNumbers: array<Float64Array>("authorIdNumbers"),
        authorWorkOffsets: array<Uint32Array>("authorWorkOffsets"),
        authorWorks: array<Int32Array>("authorWorks"),
        workAuthorOffsets: array<Uint32Array>("workAuthorOffsets"),
        workAuthorOrdinals: array<Int32Array>("workAuthorOrdinals"),
      };
    },
  }).value;
  return shared;
}

