/**
 * The semantic panel's chips: one per
 * part of a parsed query, each removable. Removing one rebuilds the query text from what is
 * left, in words the rule-based parser reads back the same way. zod-free.
 */
import { categoryName } from "@/shared/categories";
import type { SearchSource } from "@/shared/search-options";
import { OPEN_START_YEAR, type ParsedQuery } from "./parsed-query";
import { OPENALEX_CONCEPT_BY_CATEGORY } from "./query-format";

export type ChipKind = "author" | "topic" | "institution" | "venue" | "category" | "years" | "citations" | "openAccess" | "title" | "abstract";

export type QueryChip = {
  kind: ChipKind;
  /** The part's own value (a name, a code, "2019-"), unique within its kind. */
  value: string;
  /** What the chip says. */
  label: string;
};

/** "since 2019", "2015–2018", "in 2020", "before 2015". */
export function describeYears(range: NonNullable<ParsedQuery["yearRange"]>): string {
  if (range.end === undefined) return `since ${range.start}`;
  if (range.start <= OPEN_START_YEAR) return `before ${range.end + 1}`;
  if (range.start === range.end) return `in ${range.start}`;
  return `${range.start}–${range.end}`;
}

/** The chips of a parse, in the panel's order: authors, topics, institutions, venues, then the filters. */
export function parsedQueryChips(parsed: ParsedQuery): QueryChip[] {
  const chips: QueryChip[] = [
    ...parsed.authors.map((value) => ({ kind: "author" as const, value, label: value })),
    ...parsed.topics.map((value) => ({ kind: "topic" as const, value, label: value })),
    ...parsed.institutions.map((value) => ({ kind: "institution" as const, value, label: value })),
    ...parsed.venues.map((value) => ({ kind: "venue" as const, value, label: value })),
    ...parsed.arxivCategories.map((value) => ({ kind: "category" as const, value, label: `${value} · ${categoryName(value)}` })),
  ];
  if (parsed.fieldSearches.title) chips.push({ kind: "title", value: parsed.fieldSearches.title, label: `title: ${parsed.fieldSearches.title}` });
  if (parsed.fieldSearches.abstract) chips.push({ kind: "abstract", value: parsed.fieldSearches.abstract, label: `abstract: ${parsed.fieldSearches.abstract}` });
  if (parsed.yearRange) chips.push({ kind: "years", value: "years", label: describeYears(parsed.yearRange) });
  if (parsed.minCitations !== undefined) chips.push({ kind: "citations", value: "citations", label: `≥ ${parsed.minCitations} citations` });
  if (parsed.openAccess) chips.push({ kind: "openAccess", value: "openAccess", label: "open access" });
  return chips;
}

const SOURCE_NAMES: Record<SearchSource, string> = { arxiv: "arXiv", openalex: "OpenAlex", crossref: "Crossref" };

/**
 * Why a source's search leaves a chip's part out, or null when it applies it (as the server's
 * searches build their queries: query-format for arXiv and OpenAlex, the words for Crossref).
 */
export function chipNotAppliedReason(chip: Pick<QueryChip, "kind" | "value">, source: SearchSource): string | null {
  const name = SOURCE_NAMES[source];
  switch (chip.kind) {
    case "citations":
      return source === "openalex" ? null : `${name} has no citation counts`;
    case "openAccess":
      return source === "arxiv" ? "every arXiv paper is open access" : source === "crossref" ? "Crossref cannot filter by open access" : null;
    case "institution":
      return source === "openalex" ? null : `${name} cannot search affiliations`;
    case "venue":
      return source === "openalex" ? "OpenAlex names venues by id, not by name" : null;
    case "category":
      if (source === "crossref") return "Crossref has no arXiv categories";
      return source === "openalex" && !OPENALEX_CONCEPT_BY_CATEGORY[chip.value] ? "OpenAlex has no concept for this category" : null;
    default:
      return null;
  }
}

/** The parse without one chip's part. */
export function withoutChip(parsed: ParsedQuery, chip: Pick<QueryChip, "kind" | "value">): ParsedQuery {
  const next: ParsedQuery = { ...parsed, fieldSearches: { ...parsed.fieldSearches }, warnings: [] };
  const drop = (list: string[]) => list.filter((item) => item !== chip.value);
  switch (chip.kind) {
    case "author":
      next.authors = drop(parsed.authors);
      break;
    case "topic":
      next.topics = drop(parsed.topics);
      break;
    case "institution":
      next.institutions = drop(parsed.institutions);
      break;
    case "venue":
      next.venues = drop(parsed.venues);
      break;
    case "category":
      next.arxivCategories = drop(parsed.arxivCategories);
      break;
    case "title":
      delete next.fieldSearches.title;
      break;
    case "abstract":
      delete next.fieldSearches.abstract;
      break;
    case "years":
      delete next.yearRange;
      break;
    case "citations":
      delete next.minCitations;
      break;
    case "openAccess":
      delete next.openAccess;
      break;
  }
  next.originalQuery = queryFromParsed(next);
  return next;
}

const andList = (items: readonly string[]) => items.join(" and ");

/**
 * The query text for a parse: "capsule networks by Hinton affiliated with University of
 * Toronto published in NeurIPS cs.LG since 2019 with at least 100 citations open access".
 * Every part is written in a form `parseQueryWithRules` recognises, so a reload of the page
 * (which parses the text again) finds the same parts.
 */
export function queryFromParsed(parsed: ParsedQuery): string {
  const words: string[] = [];
  if (parsed.topics.length > 0) words.push(andList(parsed.topics));
  if (parsed.fieldSearches.title) words.push(`titled "${parsed.fieldSearches.title.replace(/"/g, "")}"`);
  if (parsed.fieldSearches.abstract) words.push(`abstract mentions "${parsed.fieldSearches.abstract.replace(/"/g, "")}"`);
  if (parsed.authors.length > 0) words.push(`by ${andList(parsed.authors)}`);
  for (const institution of parsed.institutions) words.push(`affiliated with ${institution}`);
  for (const venue of parsed.venues) words.push(`published in ${venue}`);
  if (parsed.arxivCategories.length > 0) words.push(parsed.arxivCategories.join(" "));
  if (parsed.yearRange) {
    const { start, end } = parsed.yearRange;
    words.push(end === undefined ? `since ${start}` : start <= OPEN_START_YEAR ? `before ${end + 1}` : start === end ? `in ${start}` : `between ${start} and ${end}`);
  }
  if (parsed.minCitations !== undefined) words.push(`with at least ${parsed.minCitations} citations`);
  if (parsed.openAccess) words.push("open access");
  return words.join(" ").trim();
}
