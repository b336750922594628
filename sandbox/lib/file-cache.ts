/**
 * A build-once cache for derived data (the normalised corpus, the search index) so the sandbox
 * starts in a fraction of a second. Entries live in sandbox/.cache (git-ignored) under a name
 * that includes a hash of everything they are derived from: the data files and the source
 * code that derives them. Editing either makes a new entry; stale ones are removed. A cache
 * that cannot be read or written is rebuilt or skipped, never fatal.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Where derived data is kept between runs (git-ignored). */
export const CACHE_DIR = process.env.SANDBOX_CACHE_DIR ?? fileURLToPath(new URL("../.cache/", import.meta.url));

/** Hash of the given files' contents (paths resolved by the caller) and extra strings. */
export function fingerprint(files: readonly string[], extra: readonly string[] = []): string {
  const hash = createHash("sha1");
  for (const file of files) hash.update(readFileSync(file)).update("\u0000");
  for (const value of extra) hash.update(value).update("\u0000");
  return hash.digest("hex").slice(0, 16);
}

export interface CacheSpec<T> {
  /** File name stem, e.g. "corpus". */
  name: string;
  /** From `fingerprint()`. */
  key: string;
  build: () => T;
  encode: (value: T) => Buffer;
  decode: (bytes: Buffer) => T;
}

/** Returns the cached value for `key`, building and storing it on a miss. */
export function readThroughCache<T>({ name, key, build, encode, decode }: CacheSpec<T>): { value: T; hit: boolean } {
  if (process.env.SANDBOX_NO_CACHE === "1") return { value: build(), hit: false };
  const file = join(CACHE_DIR, `${name}-${key}.bin`);
  try {
    return { value: decode(readFileSync(file)), hit: true };
  } catch {
    // Missing or unreadable: build it below.
  }
  const value = build();
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    // Write then rename, so a parallel test worker never reads half a file.
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(temporary, encode(value));
    renameSync(temporary, file);
    for (const other of readdirSync(CACHE_DIR)) {
      if (other.startsWith(`${name}-`) && other !== `${name}-${key}.bin` && !other.endsWith(".tmp")) rmSync(join(CACHE_DIR, other), { force: true });
    }
  } catch {
    // A read-only checkout still works, only slower.
  }
  return { value, hit: false };
}

/** Resolves a file next to `moduleUrl` (pass `import.meta.url`), for fingerprinting source code. */
export function siblingPath(moduleUrl: string, relative: string): string {
  return fileURLToPath(new URL(relative, moduleUrl));
}
