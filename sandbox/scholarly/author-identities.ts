/**
 * Who is who among the corpus's author names, the way OpenAlex disambiguates authors: a name is
 * not a person. "Yang Liu" signs dozens of corpus papers written by unrelated people, so each
 * name's papers are split into identities, deterministically:
 *
 * 1. Papers of the name that share a co-author (any other name on both) belong to one person,
 *    and so, transitively, do their co-author circles.
 * 2. When one such circle holds at least half of the name's papers, or the name signs only a
 *    few papers, the name is taken for one person: the other papers of the name join the
 *    largest circle when their categories meet the circle's (a rare name on two unconnected
 *    papers of one field is one researcher).
 * 3. Otherwise the circles stay apart: a common name spread over many unconnected circles is
 *    many people, each with a coherent set of works.
 *
 * Each identity has a key its OpenAlex id is hashed from: the bare name key for the name's
 * largest identity (so a name that is one person keeps the id it always had), the name key and
 * the arXiv id of the identity's first paper for the others.
 */
import type { Paper } from "../corpus";

/** The share of a name's papers one co-author circle must hold to take the rest of the name. */
const DOMINANT_SHARE = 0.5;
/** A name on this many papers or fewer is one person wherever the fields allow. */
const FEW_PAPERS = 3;

export interface AuthorIdentities {
  /** Per identity (ordinal, in order of first appearance in the corpus): the key its id is hashed from. */
  keys: string[];
  /** Per identity: the name key it was split from. */
  nameKeys: string[];
  /** Per corpus work, the slice of `ordinals` naming its authors in order. */
  workAuthorOffsets: Uint32Array;
  ordinals: Int32Array;
}

class UnionFind {
  private readonly parent: Int32Array;
  constructor(size: number) {
    this.parent = Int32Array.from({ length: size }, (_, index) => index);
  }
  find(index: number): number {
    let root = index;
    while (this.parent[root] !== root) root = this.parent[root]!;
    while (this.parent[index] !== root) {
      const next = this.parent[index]!;
      this.parent[index] = root;
      index = next;
    }
    return root;
  }
  /** Joins two sets; the smaller root stays the root, so results do not depend on call order. */
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

/**
 * Per name number, the round (name being split) it was last seen in and the first of that name's
 * papers it was seen on: arrays reused across names, as papers of large collaborations give
 * thousands of co-authors per paper.
 */
export type CoauthorScratch = { round: number; seenIn: Int32Array; firstPaper: Int32Array };

/**
 * Splits one name's papers (corpus positions, ascending) into identities: returns, per paper,
 * the index of its identity, identity 0 being the largest (ties: the one seen first).
 */
export function splitName(name: number, docs: readonly number[], papers: readonly Paper[], authorNames: readonly Int32Array[], scratch: CoauthorScratch): number[] {
  if (docs.length === 1) return [0];
  const sets = new UnionFind(docs.length);
  scratch.round += 1;
  docs.forEach((doc, index) => {
    for (const coauthor of authorNames[doc]!) {
      if (coauthor === name) continue;
      if (scratch.seenIn[coauthor] !== scratch.round) {
        scratch.seenIn[coauthor] = scratch.round;
        scratch.firstPaper[coauthor] = index;
      } else sets.union(scratch.firstPaper[coauthor]!, index);
    }
  });
  const circles = new Map<number, number[]>();
  docs.forEach((_, index) => {
    const root = sets.find(index);
    const members = circles.get(root) ?? [];
    members.push(index);
    circles.set(root, members);
  });
  // Largest first; on a tie, the circle whose first paper comes first (Map keeps that order).
  const ordered = [...circles.values()].sort((a, b) => b.length - a.length);
  const main = ordered[0]!;
  if (main.length >= DOMINANT_SHARE * docs.length || docs.length <= FEW_PAPERS) {
    const fields = new Set(main.flatMap((index) => papers[docs[index]!]!.categories));
    for (const circle of ordered.slice(1)) {
      if (circle.some((index) => papers[docs[index]!]!.categories.some((category) => fields.has(category)))) sets.union(main[0]!, circle[0]!);
    }
  }
  const result = new Array<number>(docs.length);
  const regrouped = new Map<number, number[]>();
  docs.forEach((_, index) => {
    const root = sets.find(index);
    const members = regrouped.get(root) ?? [];
    members.push(index);
    regrouped.set(root, members);
  });
  [...regrouped.values()]
    .sort((a, b) => b.length - a.length)
    .forEach((members, identity) => {
      for (const index of members) result[index] = identity;
    });
  return result;
}

/** Every author occurrence of the corpus, assigned to an identity. */
export function identifyAuthors(papers: readonly Paper[], keyOf: (name: string) => string): AuthorIdentities {
  // Names as numbers (in order of first appearance): co-author sets compare numbers, not strings.
  const nameNumbers = new Map<string, number>();
  const nameKeyList: string[] = [];
  const workAuthorOffsets = new Uint32Array(papers.length + 1);
  const occurrences = new Int32Array(papers.reduce((sum, paper) => sum + paper.authors.length, 0));
  let at = 0;
  papers.forEach((paper, doc) => {
    workAuthorOffsets[doc] = at;
    for (const author of paper.authors) {
      const key = keyOf(author);
      let number = nameNumbers.get(key);
      if (number === undefined) {
        number = nameKeyList.length;
        nameNumbers.set(key, number);
        nameKeyList.push(key);
      }
      occurrences[at++] = number;
    }
  });
  workAuthorOffsets[papers.length] = at;
  const authorNames = papers.map((_, doc) => occurrences.subarray(workAuthorOffsets[doc]!, workAuthorOffsets[doc + 1]!));
  const docsByName: number[][] = nameKeyList.map(() => []);
  papers.forEach((_, doc) => {
    for (const name of authorNames[doc]!) {
      const docs = docsByName[name]!;
      if (docs[docs.length - 1] !== doc) docs.push(doc);
    }
  });
  const scratch: CoauthorScratch = { round: 0, seenIn: new Int32Array(nameKeyList.length), firstPaper: new Int32Array(nameKeyList.length) };
  /** Per name, the identity of each of its papers (null: one paper, one identity). */
  const splits = docsByName.map((docs, name) => (docs.length > 1 ? splitName(name, docs, papers, authorNames, scratch) : null));

  // Walk the occurrences in corpus order: each name's papers come up in the order of its list.
  const keys: string[] = [];
  const nameKeys: string[] = [];
  const ordinals = new Int32Array(occurrences.length);
  const cursor = new Int32Array(nameKeyList.length);
  const ordinalOf: (number[] | undefined)[] = new Array(nameKeyList.length);
  papers.forEach((paper, doc) => {
    for (let place = workAuthorOffsets[doc]!; place < workAuthorOffsets[doc + 1]!; place += 1) {
      const name = occurrences[place]!;
      const docs = docsByName[name]!;
      while (docs[cursor[name]!] !== doc) cursor[name]! += 1;
      const identity = splits[name]?.[cursor[name]!] ?? 0;
      const known = (ordinalOf[name] ??= []);
      if (known[identity] === undefined) {
        known[identity] = keys.length;
        // The first time an identity shows up is on its first paper: that paper's id names it.
        keys.push(identity === 0 ? nameKeyList[name]! : `${nameKeyList[name]!}|${paper.id}`);
        nameKeys.push(nameKeyList[name]!);
      }
      ordinals[place] = known[identity]!;
    }
  });
  return { keys, nameKeys, workAuthorOffsets, ordinals };
}
