/**
 * An arXiv author name as a Crossref contributor: `given` and `family` ("E. L. Berger" ->
 * "E. L." + "Berger", "Pierre van Baal" -> "Pierre" + "van Baal", "John Smith Jr." -> suffix
 * "Jr."), or only `name` for groups ("The BABAR Collaboration"), as Crossref stores them.
 */

export interface CrossrefName {
  given?: string;
  family?: string;
  suffix?: string;
  name?: string;
}

const GROUP = /\b(collaboration|consortium|team|group|collective|committee|project|network|initiative|association|society|working)\b/i;
const PARTICLES = new Set(["van", "von", "der", "den", "de", "del", "della", "di", "da", "dos", "das", "du", "le", "la", "ten", "ter", "al", "el", "bin", "ibn", "st.", "zu", "vander", "vanden"]);
const SUFFIXES = new Set(["jr", "jr.", "sr", "sr.", "ii", "iii", "iv"]);

export function splitName(raw: string): CrossrefName {
  const name = raw.replace(/\s+/g, " ").trim();
  if (GROUP.test(name) || name.includes(":")) return { name };
  // "Smith, John" (rare on arXiv, common elsewhere).
  const comma = /^([^,]+),\s*([^,]+)$/.exec(name);
  if (comma && !SUFFIXES.has(comma[2]!.toLowerCase())) return { given: comma[2]!.trim(), family: comma[1]!.trim() };

  const words = name.replace(/,/g, "").split(" ").filter(Boolean);
  let suffix: string | undefined;
  if (words.length > 2 && SUFFIXES.has(words[words.length - 1]!.toLowerCase())) suffix = words.pop();
  if (words.length === 1) return suffix ? { family: words[0]!, suffix } : { family: words[0]! };

  // The family name starts at the last word, pulled left over lower-case particles ("van der Waals").
  let start = words.length - 1;
  while (start > 1 && PARTICLES.has(words[start - 1]!.toLowerCase())) start -= 1;
  const result: CrossrefName = { given: words.slice(0, start).join(" "), family: words.slice(start).join(" ") };
  if (suffix) result.suffix = suffix;
  return result;
}
