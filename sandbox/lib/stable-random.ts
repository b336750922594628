/**
 * Deterministic "randomness" for derived data: the same input gives the same number on every
 * machine and run, so ids, citation graphs and dates derived from the corpus never change
 * unless the corpus does.
 */

/** A 53-bit hash of a string (two 32-bit multiply-xorshift lanes), as a non-negative integer. */
export function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** A number in [0, 1) fixed by the text and a salt naming what it is for. */
export function unitFor(text: string, salt: string): number {
  return hash53(`${salt}\u0000${text}`) / 2 ** 53;
}

/** A seeded generator of numbers in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max] fixed by the text and salt. */
export function intFor(text: string, salt: string, min: number, max: number): number {
  return min + Math.floor(unitFor(text, salt) * (max - min + 1));
}
