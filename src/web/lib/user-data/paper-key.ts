import { canonicalPaperId } from "@/shared/paper-id";

/**
 * The key a device store files a paper under: its canonical id (the server's rule, so
 * anonymous data does not split by spelling either and moves up on sign-in as one row), else
 * the id as given: a device store keeps what the app could show rather than refuse it.
 */
export function paperKey(paperId: string): string {
  return canonicalPaperId(paperId) ?? paperId;
}

/**
 * The entry of a map keyed by paper id, under the id as given or its canonical form: a
 * library read from the server is keyed by canonical ids while a paper on screen may carry
 * its source's spelling (a DOI in upper case).
 */
export function entryFor<T>(map: Readonly<Record<string, T>>, paperId: string): T | undefined {
  if (Object.hasOwn(map, paperId)) return map[paperId];
  const key = paperKey(paperId);
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

/** The key `paperId` is filed under in `map` (as given when present, else its canonical form). */
export function keyIn(map: Readonly<Record<string, unknown>>, paperId: string): string {
  return Object.hasOwn(map, paperId) ? paperId : paperKey(paperId);
}

/**
 * A device map read as it was stored by versions that keyed papers by the id as the page spelt
 * it, re-filed under canonical ids (run on every load, so it is the one-time move for old data
 * and nothing for new): `rekey` files an entry under its key, `merge` folds the entries of
 * one paper, two or more, into one (nothing of any may be lost).
 */
export function byCanonicalKey<T>(map: Readonly<Record<string, T>>, rekey: (entry: T, key: string) => T, merge: (entries: T[]) => T): Record<string, T> {
  const groups = new Map<string, T[]>();
  for (const [id, entry] of Object.entries(map)) {
    const key = paperKey(id);
    groups.set(key, [...(groups.get(key) ?? []), rekey(entry, key)]);
  }
  return Object.fromEntries([...groups].map(([key, entries]) => [key, entries.length === 1 ? entries[0]! : merge(entries)]));
}
