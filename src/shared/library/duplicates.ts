import { extractArxivId } from "@/shared/arxiv-id";
import type { Paper } from "@/shared/paper";
import {
  canonicalStringFromParts,
  hashCanonicalString,
  normalizedAuthorsOf,
  normalizeTitle,
  type CanonicalPaper,
} from "@/shared/library/canonical-id";
import { FUZZY_AUTHOR_OVERLAP_MIN, FUZZY_TITLE_OVERLAP_MIN } from "@/shared/library/library-constants";
import { arxivIdFromDoi, normalizeDoi, paperYear } from "@/shared/library/paper-identifiers";

/**
 * Duplicate detection. Three rules,
 * tried in this order:
 *
 * 1. `id`: the records share an identifier. Identifiers are the lowercased paper id; the
 *    arXiv id without version, from `arxivId`, the id, an arXiv DOI (`10.48550/arXiv.<id>`) or
 *    an arxiv.org URL (so `2401.12345v2` = `2401.12345` = `10.48550/arXiv.2401.12345`); and the
 *    DOI, from `doi`, a DOI-shaped id or a doi.org URL, compared case-insensitively (so an arXiv
 *    record whose `doi` is the journal DOI matches the journal's own record).
 * 2. `canonical`: equal canonical ids (see canonical-id.ts).
 * (The server adds a fourth, `entity`: a paper whose stored entity (paper_entities, the same
 * paper's records at arXiv, OpenAlex and Crossref) names an identifier the library holds.)
 * 3. `fuzzy`: title overlap >= 0.8 and author overlap >= 0.5, where
 *    - title overlap = |A ∩ B| / max(|A|, |B|) over the sets of words of the normalised titles
 *      (every word counts, stop words too). The larger set in the denominator means a title
 *      that is only part of another ("Deep Learning" vs "Deep Learning for Vision: A
 *      Survey") does not match;
 *    - author overlap = |A ∩ B| / min(|A|, |B|) over the sets of author family names
 *      (`authorKey`: the last word of the normalised "first last" name, a Jr./II suffix
 *      skipped, so "A. Vaswani" = "Ashish Vaswani" = "Vaswani, Ashish"). The
 *      smaller set in the denominator tolerates a record that lists only the first authors.
 *      A paper without authors never matches fuzzily.
 *
 * The index makes one lookup cheap: identifiers and canonical ids are hash maps, and fuzzy
 * candidates come from an inverted index of title words. A match must share at least
 * `need = min k with k / |A| >= 0.8` of the query's |A| title words, so it must contain at least
 * one of any |A| - need + 1 of them; the index takes the rarest ones (shortest posting lists)
 * and compares only the papers listed there. No paper that could match is skipped.
 */

export type DuplicateRule = "id" | "canonical" | "fuzzy" | "entity";

/** What duplicate detection reads from a paper. */
export type DuplicatePaper = CanonicalPaper & Partial<Pick<Paper, "url">>;

export type DuplicateMatch<P> = {
  rule: DuplicateRule;
  /** The paper already in the index that the new one duplicates. */
  existing: P;
  /** For `fuzzy` matches: the two overlaps that passed the thresholds. */
  titleOverlap?: number;
  authorOverlap?: number;
};

/** What the index compares, computed once per paper. */
type Features = {
  identifiers: { ids: string[]; arxivIds: string[]; dois: string[] };
  canonicalId: string;
  titleWords: Set<string>;
  authorKeys: Set<string>;
};

type Entry<P> = Features & {
  paper: P;
  /** Insertion order. */
  order: number;
};

/** The identifiers of a paper, normalised (see rule 1 above). */
export function paperIdentifiers(paper: DuplicatePaper): { ids: string[]; arxivIds: string[]; dois: string[] } {
  const ids = new Set<string>();
  const arxivIds = new Set<string>();
  const dois = new Set<string>();
  const id = paper.id.trim().toLowerCase();
  if (id) ids.add(id);

  const addArxiv = (value: string | null | undefined) => {
    if (!value) return;
    const parsed = extractArxivId(value);
    if (parsed) arxivIds.add(parsed.id.toLowerCase());
  };
  const addDoi = (value: string | null | undefined) => {
    const doi = normalizeDoi(value);
    if (!doi) return;
    const arxiv = arxivIdFromDoi(doi);
    if (arxiv) arxivIds.add(arxiv.toLowerCase());
    else dois.add(doi);
  };

  addArxiv(paper.arxivId);
  addArxiv(paper.id);
  addDoi(paper.id);
  addDoi(paper.doi);
  if (paper.url) {
    if (/arxiv\.org\/(?:abs|pdf|html)\//i.test(paper.url)) addArxiv(paper.url);
    else if (/doi\.org\//i.test(paper.url)) addDoi(paper.url);
  }
  return { ids: [...ids], arxivIds: [...arxivIds], dois: [...dois] };
}

/** The set of normalised title words. */
export function titleWordSet(title: string): Set<string> {
  const normalized = normalizeTitle(title);
  return new Set(normalized === "" ? [] : normalized.split(" "));
}

const SUFFIX = /^(jr|sr|ii|iii|iv)$/;

/** The comparison key of a normalised author name: its last word, a suffix skipped ("martin luther king jr" -> "king"). */
export function authorKey(normalizedName: string): string | null {
  const words = normalizedName.split(" ");
  let last = words.length - 1;
  while (last > 0 && SUFFIX.test(words[last]!)) last -= 1;
  return words[last] || null;
}

/** The set of author keys of a paper (see `authorKey`). */
export function authorKeySet(paper: Pick<Paper, "authors"> & Partial<Pick<Paper, "authorDetails">>): Set<string> {
  return authorKeysOf(normalizedAuthorsOf(paper));
}

function authorKeysOf(normalizedAuthors: readonly string[]): Set<string> {
  const keys = new Set<string>();
  for (const name of normalizedAuthors) {
    const key = authorKey(name);
    if (key) keys.add(key);
  }
  return keys;
}

/** Everything the index needs from a paper, each normalisation done once. */
function featuresOf(paper: DuplicatePaper): Features {
  const title = normalizeTitle(paper.title);
  const authors = normalizedAuthorsOf(paper);
  return {
    identifiers: paperIdentifiers(paper),
    canonicalId: hashCanonicalString(canonicalStringFromParts(title, authors, paperYear(paper))),
    titleWords: new Set(title === "" ? [] : title.split(" ")),
    authorKeys: authorKeysOf(authors),
  };
}

function intersectionSize(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let count = 0;
  for (const item of small) if (large.has(item)) count += 1;
  return count;
}

/** |A ∩ B| / max(|A|, |B|) over title word sets; 0 when either is empty. */
export function titleOverlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  return a.size === 0 || b.size === 0 ? 0 : intersectionSize(a, b) / Math.max(a.size, b.size);
}

/** |A ∩ B| / min(|A|, |B|) over author key sets; 0 when either is empty. */
export function authorOverlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const denominator = Math.min(a.size, b.size);
  return denominator === 0 ? 0 : intersectionSize(a, b) / denominator;
}

/** The fewest shared words a title of `size` words needs with a match (same division as `titleOverlap`). */
function minimumSharedWords(size: number): number {
  let need = Math.max(0, Math.floor(size * FUZZY_TITLE_OVERLAP_MIN) - 1);
  while (need < size && need / size < FUZZY_TITLE_OVERLAP_MIN) need += 1;
  return need;
}

/**
 * An index of papers for duplicate lookups; build it with `createDuplicateIndex` (whole papers)
 * or `createKeyedDuplicateIndex` (the compact keys a signed-in user's library downloads).
 */
export class DuplicateIndex<P> {
  private readonly entries: Entry<P>[] = [];
  private readonly byId = new Map<string, Entry<P>>();
  private readonly byArxivId = new Map<string, Entry<P>>();
  private readonly byDoi = new Map<string, Entry<P>>();
  private readonly byCanonicalId = new Map<string, Entry<P>>();
  private readonly byTitleWord = new Map<string, Entry<P>[]>();
  /** The first entry of each paper id (`paper.id`, as given), for `holdsAsIs`. */
  private readonly byPaperId = new Map<string, Entry<P>>();

  get size(): number {
    return this.entries.length;
  }

  /** Adds a paper. When several papers share an identifier, lookups return the first added. */
  add(paper: P, features: Features = featuresOf(paper as DuplicatePaper)): void {
    const entry: Entry<P> = { ...features, paper, order: this.entries.length };
    this.entries.push(entry);
    const { identifiers } = features;
    for (const id of identifiers.ids) if (!this.byId.has(id)) this.byId.set(id, entry);
    for (const id of identifiers.arxivIds) if (!this.byArxivId.has(id)) this.byArxivId.set(id, entry);
    for (const doi of identifiers.dois) if (!this.byDoi.has(doi)) this.byDoi.set(doi, entry);
    if (!this.byCanonicalId.has(features.canonicalId)) this.byCanonicalId.set(features.canonicalId, entry);
    const paperId = (paper as { id?: unknown }).id;
    if (typeof paperId === "string" && !this.byPaperId.has(paperId)) this.byPaperId.set(paperId, entry);
    for (const word of entry.titleWords) {
      const postings = this.byTitleWord.get(word);
      if (postings) postings.push(entry);
      else this.byTitleWord.set(word, [entry]);
    }
  }

  /**
   * Indexes a paper held under its id (`paper.id`) by what it is now (a bookmark written again
   * with a new title), in the old entry's place, as an index built afresh would hold it. Done
   * only while no other paper shares an identifier with either version (the library's
   * duplicate rules keep it so); otherwise the index is left as it was and false returned.
   */
  replace(paper: P, features: Features = featuresOf(paper as DuplicatePaper)): boolean {
    const paperId = (paper as { id?: unknown }).id;
    const old = typeof paperId === "string" ? this.byPaperId.get(paperId) : undefined;
    if (!old || typeof paperId !== "string") return false;
    const keyed = (of: Features) =>
      [
        [this.byId, of.identifiers.ids],
        [this.byArxivId, of.identifiers.arxivIds],
        [this.byDoi, of.identifiers.dois],
        [this.byCanonicalId, [of.canonicalId]],
      ] as const;
    for (const of of [old, features]) {
      for (const [map, keys] of keyed(of)) {
        for (const key of keys) {
          const owner = map.get(key);
          if (owner !== undefined && owner !== old) return false;
        }
      }
    }
    const entry: Entry<P> = { ...features, paper, order: old.order };
    this.entries[old.order] = entry;
    this.byPaperId.set(paperId, entry);
    for (const [map, keys] of keyed(old)) for (const key of keys) map.delete(key);
    for (const [map, keys] of keyed(features)) for (const key of keys) if (!map.has(key)) map.set(key, entry);
    for (const word of old.titleWords) {
      const postings = this.byTitleWord.get(word)!;
      postings.splice(postings.indexOf(old), 1);
      if (postings.length === 0) this.byTitleWord.delete(word);
    }
    for (const word of entry.titleWords) {
      const postings = this.byTitleWord.get(word);
      if (postings) postings.push(entry);
      else this.byTitleWord.set(word, [entry]);
    }
    return true;
  }

  /**
   * Whether the index holds a paper of this id with exactly what `paper` would be indexed by:
   * then adding `paper` again (a bookmark written again) would change no lookup.
   */
  holdsAsIs(paper: DuplicatePaper & { id: string }, features: Features = featuresOf(paper)): boolean {
    const entry = this.byPaperId.get(paper.id);
    if (!entry) return false;
    const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((item, i) => item === b[i]);
    const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((item) => b.has(item));
    return (
      entry.canonicalId === features.canonicalId &&
      sameList(entry.identifiers.ids, features.identifiers.ids) &&
      sameList(entry.identifiers.arxivIds, features.identifiers.arxivIds) &&
      sameList(entry.identifiers.dois, features.identifiers.dois) &&
      sameSet(entry.titleWords, features.titleWords) &&
      sameSet(entry.authorKeys, features.authorKeys)
    );
  }

  /** The first indexed paper holding any of these identifiers (normalised as `paperIdentifiers` makes them). */
  findByIdentifiers(identifiers: { ids: string[]; arxivIds: string[]; dois: string[] }, skip: (paper: P) => boolean = () => false): P | null {
    for (const [keys, map] of [
      [identifiers.ids, this.byId],
      [identifiers.arxivIds, this.byArxivId],
      [identifiers.dois, this.byDoi],
    ] as const) {
      for (const key of keys) {
        const entry = map.get(key);
        if (entry && !skip(entry.paper)) return entry.paper;
      }
    }
    return null;
  }

  /** The paper this one duplicates, with the rule that matched; null when none. */
  find(paper: DuplicatePaper, features: Features = featuresOf(paper)): DuplicateMatch<P> | null {
    const isOther = (entry: Entry<P> | undefined): entry is Entry<P> => entry !== undefined && entry.paper !== paper;

    const sameId = this.findByIdentifiers(features.identifiers, (existing) => existing === paper);
    if (sameId !== null) return { rule: "id", existing: sameId };

    const canonical = this.byCanonicalId.get(features.canonicalId);
    if (isOther(canonical)) return { rule: "canonical", existing: canonical.paper };

    return this.findFuzzy(features, isOther);
  }

  private findFuzzy(features: Features, isOther: (entry: Entry<P> | undefined) => entry is Entry<P>): DuplicateMatch<P> | null {
    const words = features.titleWords;
    const authors = features.authorKeys;
    if (words.size === 0 || authors.size === 0) return null;

    // Rarest words first; a match must contain at least one of the first `probe` of them.
    const probe = words.size - minimumSharedWords(words.size) + 1;
    const rarest = [...words]
      .map((word) => ({ word, postings: this.byTitleWord.get(word) ?? [] }))
      .sort((a, b) => a.postings.length - b.postings.length)
      .slice(0, probe);

    let best: { entry: Entry<P>; title: number; author: number } | null = null;
    const seen = new Set<Entry<P>>();
    for (const { postings } of rarest) {
      for (const entry of postings) {
        if (seen.has(entry) || !isOther(entry)) continue;
        seen.add(entry);
        // The overlap is at most the smaller set over the larger: titles of very different
        // lengths cannot match, whatever they share.
        const size = entry.titleWords.size;
        if (Math.min(size, words.size) / Math.max(size, words.size) < FUZZY_TITLE_OVERLAP_MIN) continue;
        const title = titleOverlap(words, entry.titleWords);
        if (title < FUZZY_TITLE_OVERLAP_MIN) continue;
        const author = authorOverlap(authors, entry.authorKeys);
        if (author < FUZZY_AUTHOR_OVERLAP_MIN) continue;
        const better =
          best === null ||
          title > best.title ||
          (title === best.title && (author > best.author || (author === best.author && entry.order < best.entry.order)));
        if (better) best = { entry, title, author };
      }
    }
    return best ? { rule: "fuzzy", existing: best.entry.paper, titleOverlap: best.title, authorOverlap: best.author } : null;
  }
}

/**
 * What duplicate detection needs of one library paper, computed where the paper is stored: its
 * identifiers, canonical id and author keys (title words come from the title). A signed-in
 * user's browser downloads these (`GET /api/me/bookmarks/duplicate-keys`) instead of every paper.
 */
export type DuplicateKeys = {
  paperId: string;
  /** Shown in the "Already bookmarked" notice; its normalised words are the fuzzy rule's title words. */
  title: string;
  canonicalId: string;
  /** `paperIdentifiers`, each prefixed with its kind: `id:`, `arxiv:` or `doi:`. */
  identifiers: string[];
  authorKeys: string[];
};

/** The duplicate keys of a paper. */
export function duplicateKeysOf(paper: DuplicatePaper): DuplicateKeys {
  const features = featuresOf(paper);
  const { ids, arxivIds, dois } = features.identifiers;
  return {
    paperId: paper.id,
    title: paper.title,
    canonicalId: features.canonicalId,
    identifiers: [...ids.map((id) => `id:${id}`), ...arxivIds.map((id) => `arxiv:${id}`), ...dois.map((doi) => `doi:${doi}`)],
    authorKeys: [...features.authorKeys],
  };
}

function featuresFromKeys(keys: DuplicateKeys): Features {
  const identifiers: Features["identifiers"] = { ids: [], arxivIds: [], dois: [] };
  for (const key of keys.identifiers) {
    const colon = key.indexOf(":");
    const kind = key.slice(0, colon);
    const value = key.slice(colon + 1);
    if (kind === "id") identifiers.ids.push(value);
    else if (kind === "arxiv") identifiers.arxivIds.push(value);
    else if (kind === "doi") identifiers.dois.push(value);
  }
  return { identifiers, canonicalId: keys.canonicalId, titleWords: titleWordSet(keys.title), authorKeys: new Set(keys.authorKeys) };
}

/** A paper as the keyed index knows it: enough to name it in a notice. */
export type KeyedPaper = { id: string; title: string };

/** Indexes a library from its duplicate keys; lookups match exactly as over the whole papers. */
export function createKeyedDuplicateIndex(keys: Iterable<DuplicateKeys>): DuplicateIndex<KeyedPaper> {
  const index = new DuplicateIndex<KeyedPaper>();
  for (const item of keys) index.add({ id: item.paperId, title: item.title }, featuresFromKeys(item));
  return index;
}

/** Adds one whole paper to a keyed index (e.g. after it was bookmarked). */
export function addPaperToKeyedIndex(index: DuplicateIndex<KeyedPaper>, paper: DuplicatePaper): void {
  index.add({ id: paper.id, title: paper.title }, featuresOf(paper));
}

/** Re-indexes a whole paper a keyed index holds under its id (see `DuplicateIndex.replace`). */
export function replacePaperInKeyedIndex(index: DuplicateIndex<KeyedPaper>, paper: DuplicatePaper): boolean {
  return index.replace({ id: paper.id, title: paper.title }, featuresOf(paper));
}

/** Indexes a library for `findDuplicate`. Linear in the number of papers. */
export function createDuplicateIndex<P extends DuplicatePaper>(papers: Iterable<P> = []): DuplicateIndex<P> {
  const index = new DuplicateIndex<P>();
  for (const paper of papers) index.add(paper);
  return index;
}

/** Adds one paper to an index (e.g. after it was bookmarked). */
export function addToDuplicateIndex<P extends DuplicatePaper>(index: DuplicateIndex<P>, paper: P): void {
  index.add(paper);
}

/**
 * The indexed paper that `paper` duplicates and the rule that matched (`id` before
 * `canonical` before `fuzzy`; the best fuzzy candidate by title, then author overlap), or null.
 * The very same object, when it is in the index, is not its own duplicate.
 */
export function findDuplicate<P extends DuplicatePaper>(index: DuplicateIndex<P>, paper: DuplicatePaper): DuplicateMatch<P> | null {
  return index.find(paper);
}

export type DuplicateGroup<P> = {
  /** Every paper of the group in library order; the first is the one kept as the original. */
  papers: P[];
  /** How each later paper was matched: the paper it matched when it was reached, and the rule. */
  matches: { paper: P; existing: P; rule: DuplicateRule }[];
};

/**
 * Groups the duplicates of a whole library. Papers are taken in order and each is looked up
 * among those before it (one indexed lookup each, so near-linear); matches are joined
 * transitively, so A~B and B~C make one group. Groups are listed in library order; papers
 * without a duplicate are left out.
 */
export function scanDuplicates<P extends DuplicatePaper>(papers: readonly P[]): DuplicateGroup<P>[] {
  const index = new DuplicateIndex<P>();
  const parent = papers.map((_, i) => i);
  const position = new Map<P, number>();
  const root = (i: number): number => {
    let node = i;
    while (parent[node] !== node) {
      parent[node] = parent[parent[node]!]!;
      node = parent[node]!;
    }
    return node;
  };
  const matches: { at: number; paper: P; existing: P; rule: DuplicateRule }[] = [];

  papers.forEach((paper, i) => {
    const features = featuresOf(paper);
    const match = index.find(paper, features);
    if (match) {
      const j = position.get(match.existing)!;
      const [a, b] = [root(i), root(j)];
      // The earlier paper's root stays the root, so a group's root is its first paper.
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      matches.push({ at: i, paper, existing: match.existing, rule: match.rule });
    }
    if (!position.has(paper)) position.set(paper, i);
    index.add(paper, features);
  });

  const groups = new Map<number, DuplicateGroup<P>>();
  papers.forEach((paper, i) => {
    const r = root(i);
    let group = groups.get(r);
    if (!group) {
      group = { papers: [], matches: [] };
      groups.set(r, group);
    }
    group.papers.push(paper);
  });
  for (const match of matches) groups.get(root(match.at))!.matches.push({ paper: match.paper, existing: match.existing, rule: match.rule });
  return [...groups.entries()]
    .filter(([, group]) => group.papers.length > 1)
    .sort(([a], [b]) => a - b)
    .map(([, group]) => group);
}

const RULE_WORDS: Record<DuplicateRule, string> = {
  id: "the same identifier",
  canonical: "the same title, authors and year",
  fuzzy: "a very similar title and authors",
  entity: "the same paper at another source",
};

/** Why a paper is not bookmarked twice, in the words the Bookmark toggle and the API both use. */
export function duplicateMessage(match: DuplicateMatch<KeyedPaper>): string {
  return `This paper is already in your bookmarks as "${match.existing.title}" (${RULE_WORDS[match.rule]}).`;
}
