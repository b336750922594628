import { parse as parseName } from "@citation-js/name";
import { formatAuthorName } from "@/shared/format";
import type { AuthorDetail, Paper } from "@/shared/paper";

/**
 * Author names split into parts for cite keys, citation formats and duplicate detection.
 * Splitting "Given Family" strings is citation-js's name parser (particles, "Last, First");
 * Quire adds suffixes and group authors, which the parser would split as persons.
 */

/** A person (`given` / `family`, CSL's particles) or a group (`literal`). */
export type AuthorNameParts =
  | { given?: string; family: string; suffix?: string; nonDroppingParticle?: string; droppingParticle?: string; literal?: undefined }
  | { literal: string };

const SUFFIX = /^(jr\.?|sr\.?|ii|iii|iv)$/i;
const GROUP_WORD =
  /\b(collaboration|consortium|group|team|project|committee|society|association|initiative|network|organi[sz]ation|institute|laborator(y|ies)|university|council|alliance|partnership|working)\b/i;

// The same names come back paper after paper (a library of 10,000 exports the same authors
// many times); the parser is the costly part, so its answers are kept, up to a bound.
const SPLIT_CACHE_MAX = 50_000;
const splitCache = new Map<string, AuthorNameParts | null>();

/** Splits one author name ("Ludwig van Beethoven", "King, Jr., Martin Luther", "ATLAS Collaboration"). */
export function splitAuthorName(name: string): AuthorNameParts | null {
  let parts = splitCache.get(name);
  if (parts === undefined) {
    parts = splitUncached(name);
    if (splitCache.size >= SPLIT_CACHE_MAX) splitCache.clear();
    splitCache.set(name, parts);
  }
  // A copy: callers may change what they get.
  return parts && { ...parts };
}

function splitUncached(name: string): AuthorNameParts | null {
  const text = name.replace(/\s+/g, " ").trim();
  if (text === "") return null;
  if (GROUP_WORD.test(text)) return { literal: text };

  // "Last, Suffix, First" and "First Last Suffix": take the suffix off before parsing.
  let suffix: string | undefined;
  let rest = text;
  const commaParts = text.split(",").map((part) => part.trim());
  if (commaParts.length === 3 && SUFFIX.test(commaParts[1]!)) {
    suffix = commaParts[1];
    rest = `${commaParts[0]}, ${commaParts[2]}`;
  } else if (commaParts.length === 1) {
    const words = text.split(" ");
    if (words.length > 2 && SUFFIX.test(words.at(-1)!)) {
      suffix = words.pop();
      rest = words.join(" ").replace(/,$/, "");
    }
  }

  const parsed = parseName(rest);
  const family = parsed.family?.trim();
  if (!family) return { literal: text };
  return {
    family,
    ...(parsed.given ? { given: parsed.given.trim() } : {}),
    ...(suffix ? { suffix } : {}),
    ...(parsed["non-dropping-particle"] ? { nonDroppingParticle: parsed["non-dropping-particle"] } : {}),
    ...(parsed["dropping-particle"] ? { droppingParticle: parsed["dropping-particle"] } : {}),
  };
}

function partsFromDetail(detail: AuthorDetail): AuthorNameParts | null {
  const family = detail.family?.trim();
  if (family) return { family, ...(detail.given?.trim() ? { given: detail.given.trim() } : {}) };
  const name = formatAuthorName(detail);
  return name ? splitAuthorName(name) : null;
}

/**
 * The authors of a paper as name parts, in order: from `authorDetails` when they cover the
 * author list (their given/family split comes from the source), else parsed from `authors`.
 * Authors without any name part are skipped.
 */
export function paperAuthorParts(paper: Pick<Paper, "authors"> & Partial<Pick<Paper, "authorDetails">>): AuthorNameParts[] {
  const details = paper.authorDetails;
  const useDetails = details !== undefined && details.length > 0 && details.length >= paper.authors.length;
  const parts = useDetails ? details.map(partsFromDetail) : paper.authors.map(splitAuthorName);
  return parts.filter((part): part is AuthorNameParts => part !== null);
}

/** The author list as display names ("Given Family"), from `authors`, else `authorDetails`. */
export function paperAuthorNames(paper: Pick<Paper, "authors"> & Partial<Pick<Paper, "authorDetails">>): string[] {
  const names = paper.authors.length > 0 ? paper.authors : (paper.authorDetails ?? []).map(formatAuthorName);
  return names.map((name) => name.replace(/\s+/g, " ").trim()).filter((name) => name !== "");
}
