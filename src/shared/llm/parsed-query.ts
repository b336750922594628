/**
 * The parsed query: what a plain-language
 * search means, from a model or from the rule-based parser. Also the JSON shape the model is
 * asked for (structured output) and the checks every parse passes before it is used.
 */
import { z } from "zod";
import { findCategory } from "@/shared/categories";

export type YearRange = { start: number; end?: number };

export type ParsedQuery = {
  authors: string[];
  topics: string[];
  institutions: string[];
  venues: string[];
  /** arXiv category codes, e.g. "cs.CV". */
  arxivCategories: string[];
  yearRange?: YearRange;
  minCitations?: number;
  /** Only open-access papers. */
  openAccess?: boolean;
  /** Words that must be in the title or in the abstract. */
  fieldSearches: { title?: string; abstract?: string };
  originalQuery: string;
  warnings: string[];
};

/** The start of a range that only has an end ("before 2015"): years before it are not in any index. */
export const OPEN_START_YEAR = 1900;

/** Bounds on a parse, for the model's answer and for a parse a client sends back. */
export const PARSED_LIMITS = { listItems: 10, itemLength: 200, warnings: 10, warningLength: 300, minYear: 1000, maxYear: 2999, maxCitations: 1_000_000 };

const item = z.string().trim().min(1).max(PARSED_LIMITS.itemLength);
const list = z.array(item).max(PARSED_LIMITS.listItems);
const year = z.number().int().min(PARSED_LIMITS.minYear).max(PARSED_LIMITS.maxYear);

/** A parsed query as a client sends it to /api/search (`parsed=`): bounded, nothing extra. */
export const parsedQuerySchema = z
  .object({
    authors: list,
    topics: list,
    institutions: list,
    venues: list,
    arxivCategories: z.array(z.string().regex(/^[a-z-]+(\.[A-Za-z-]+)?$/, "not an arXiv category")).max(PARSED_LIMITS.listItems),
    yearRange: z.object({ start: year, end: year.optional() }).strict().optional(),
    minCitations: z.number().int().min(0).max(PARSED_LIMITS.maxCitations).optional(),
    openAccess: z.boolean().optional(),
    fieldSearches: z.object({ title: item.optional(), abstract: item.optional() }).strict(),
    originalQuery: z.string().max(2000),
    warnings: z.array(z.string().max(PARSED_LIMITS.warningLength)).max(PARSED_LIMITS.warnings),
  })
  .strict();

/**
 * What the model is asked to answer: every field present (strict structured output wants
 * that), `null` for "not said". Kept loose on lengths and values; `normalizeModelParse`
 * cleans them afterwards, so a sloppy but well-formed answer is still usable.
 */
export const modelParseSchema = z.object({
  authors: z.array(z.string()).describe("Author names as written, e.g. 'Geoffrey Hinton' or 'Hinton'."),
  topics: z.array(z.string()).describe("Subjects to search for in titles and abstracts, short noun phrases."),
  institutions: z.array(z.string()).describe("Universities, labs or companies the authors are at."),
  venues: z.array(z.string()).describe("Conferences or journals, e.g. 'NeurIPS', 'Nature'."),
  arxivCategories: z.array(z.string()).describe("arXiv category codes that fit the subject, e.g. 'cs.CV'."),
  yearRange: z
    .object({ start: z.number().int().nullable(), end: z.number().int().nullable() })
    .nullable()
    .describe("Publication years asked for; start null means from the beginning, end null means up to now."),
  minCitations: z.number().int().nullable().describe("Minimum number of citations; 'highly cited' means 100."),
  openAccess: z.boolean().nullable().describe("True when only open-access papers are wanted."),
  fieldSearches: z
    .object({ title: z.string().nullable(), abstract: z.string().nullable() })
    .describe("Words that must appear in the title or in the abstract, when the query says so."),
  warnings: z.array(z.string()).describe("Anything in the query that could not be understood."),
});
export type ModelParse = z.infer<typeof modelParseSchema>;

/** Trims, drops empties and repeats (case-insensitive), caps length and count. */
export function cleanList(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const text = value.replace(/\s+/g, " ").trim().slice(0, PARSED_LIMITS.itemLength);
    const key = text.toLowerCase();
    if (!text || seen.has(key)) continue;
    seen.add(key);
    out.push(text);
    if (out.length >= PARSED_LIMITS.listItems) break;
  }
  return out;
}

/** Only well-formed arXiv codes survive; catalogue codes are written as the catalogue writes them. */
export function cleanCategories(values: readonly string[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    const code = value.trim();
    const known = findCategory(code) ?? findCategory(code.replace(/^([a-z-]+)\.(.*)$/i, (_, archive: string, rest: string) => `${archive.toLowerCase()}.${rest.toUpperCase()}`));
    const cleaned = known?.id ?? (/^[a-z-]+(\.[A-Za-z-]+)?$/.test(code) ? code : null);
    if (cleaned && !out.includes(cleaned)) out.push(cleaned);
    if (out.length >= PARSED_LIMITS.listItems) break;
  }
  return out;
}

/** A year range within bounds, start before end; undefined when nothing usable is left. */
export function cleanYearRange(range: { start?: number | null; end?: number | null } | null | undefined): YearRange | undefined {
  if (!range) return undefined;
  const inBounds = (value: number | null | undefined) =>
    typeof value === "number" && Number.isInteger(value) && value >= PARSED_LIMITS.minYear && value <= PARSED_LIMITS.maxYear ? value : undefined;
  let start = inBounds(range.start);
  let end = inBounds(range.end);
  if (start === undefined && end === undefined) return undefined;
  if (start !== undefined && end !== undefined && end < start) [start, end] = [end, start];
  return end === undefined ? { start: start! } : { start: start ?? Math.min(OPEN_START_YEAR, end), end };
}

/** A parse with nothing in it, for `query`. */
export function emptyParse(query: string): ParsedQuery {
  return { authors: [], topics: [], institutions: [], venues: [], arxivCategories: [], fieldSearches: {}, originalQuery: query, warnings: [] };
}

/**
 * The model's answer made into a ParsedQuery: lists cleaned, categories checked, years in
 * order and in bounds, numbers non-negative. Nothing in the answer can add a field.
 */
export function normalizeModelParse(answer: ModelParse, originalQuery: string): ParsedQuery {
  const parsed = emptyParse(originalQuery);
  parsed.authors = cleanList(answer.authors);
  parsed.topics = cleanList(answer.topics);
  parsed.institutions = cleanList(answer.institutions);
  parsed.venues = cleanList(answer.venues);
  parsed.arxivCategories = cleanCategories(answer.arxivCategories);
  const years = cleanYearRange(answer.yearRange);
  if (years) parsed.yearRange = years;
  if (typeof answer.minCitations === "number" && answer.minCitations > 0) {
    parsed.minCitations = Math.min(Math.round(answer.minCitations), PARSED_LIMITS.maxCitations);
  }
  if (answer.openAccess === true) parsed.openAccess = true;
  const title = answer.fieldSearches?.title?.trim().slice(0, PARSED_LIMITS.itemLength);
  const abstract = answer.fieldSearches?.abstract?.trim().slice(0, PARSED_LIMITS.itemLength);
  if (title) parsed.fieldSearches.title = title;
  if (abstract) parsed.fieldSearches.abstract = abstract;
  parsed.warnings = answer.warnings
    .map((warning) => warning.trim().slice(0, PARSED_LIMITS.warningLength))
    .filter(Boolean)
    .slice(0, PARSED_LIMITS.warnings);
  return parsed;
}

/** Whether a parse found anything to search for. */
export function hasSearchableParts(parsed: ParsedQuery): boolean {
  return (
    parsed.authors.length + parsed.topics.length + parsed.institutions.length + parsed.venues.length + parsed.arxivCategories.length > 0 ||
    Boolean(parsed.fieldSearches.title || parsed.fieldSearches.abstract)
  );
}
