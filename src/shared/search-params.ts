import { z } from "zod";
import { PAGE_SIZE_OPTIONS, SEARCH_DEFAULT_PAGE_SIZE, SEARCH_TOTAL_CAP } from "./constants";
import { MAX_QUERY_LENGTH } from "./search-query";
import { parsedQuerySchema, type ParsedQuery } from "./llm/parsed-query";

/** The longest `parsed` parameter accepted (a parse is a few hundred characters). */
export const PARSED_PARAM_MAX_LENGTH = 8000;
import { DEFAULT_SORT, SEARCH_SOURCES, SORT_FIELDS, SORT_ORDERS } from "./search-options";

// The vocabulary lives in zod-free search-options.ts so the browser bundle does not need zod.
export { DEFAULT_SORT, SEARCH_SOURCES, SORT_FIELDS, SORT_ORDERS, hasSearchCriteria, parseSort } from "./search-options";
export type { SearchSource, SortField, SortOrder } from "./search-options";

const datePattern = /^\d{4}(-\d{2}(-\d{2})?)?$/;

/**
 * The search state that lives in the URL and the
 * parameters of GET /api/search: one schema for both, so they cannot disagree.
 */
export const searchParamsSchema = z
  .object({
    source: z
      .enum(SEARCH_SOURCES, { error: (issue) => `Search provider not found for source: ${String(issue.input)}` })
      .default("arxiv"),
    q: z.string().max(MAX_QUERY_LENGTH, `The query is longer than ${MAX_QUERY_LENGTH} characters.`).default(""),
    page: z.coerce.number({ error: "page must be a number" }).int("page must be a whole number").min(0, "page must be 0 or more").default(0),
    size: z.coerce
      .number({ error: "size must be a number" })
      .refine((value) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(value), {
        error: `size must be one of ${PAGE_SIZE_OPTIONS.join(", ")}`,
      })
      .default(SEARCH_DEFAULT_PAGE_SIZE),
    sort: z
      .string()
      .regex(new RegExp(`^(${SORT_FIELDS.join("|")})-(${SORT_ORDERS.join("|")})$`), {
        error: `sort must look like relevance-descending (fields: ${SORT_FIELDS.join(", ")})`,
      })
      .default(DEFAULT_SORT),
    searchType: z.enum(["basic", "advanced"]).default("basic"),
    title: z.string().max(500, "The title is longer than 500 characters.").default(""),
    authors: z
      .union([z.string(), z.array(z.string())])
      .transform((value) => (Array.isArray(value) ? value : [value]))
      .pipe(z.array(z.string().max(200, "An author name is longer than 200 characters.")).max(20, "At most 20 authors."))
      .default([]),
    dateFrom: z.string().regex(datePattern, "dateFrom must be YYYY, YYYY-MM or YYYY-MM-DD").optional().or(z.literal("")),
    dateTo: z.string().regex(datePattern, "dateTo must be YYYY, YYYY-MM or YYYY-MM-DD").optional().or(z.literal("")),
    llm: z
      .union([z.boolean(), z.enum(["true", "false"])])
      .transform((value) => value === true || value === "true")
      .default(false),
    /**
     * With llm=true: the parsed query (JSON of a ParsedQuery) the page got from the model or
     * the rule-based parser; the search is then built from its parts.
     */
    parsed: z
      .string()
      .max(PARSED_PARAM_MAX_LENGTH, "parsed is too long.")
      .transform((text, context): ParsedQuery | undefined => {
        if (!text) return undefined;
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          context.addIssue({ code: "custom", message: "parsed must be a parsed query as JSON." });
          return z.NEVER;
        }
        const checked = parsedQuerySchema.safeParse(value);
        if (!checked.success) {
          context.addIssue({ code: "custom", message: `parsed is not a valid parsed query (${checked.error.issues[0]?.path.join(".") || "shape"}).` });
          return z.NEVER;
        }
        return checked.data as ParsedQuery;
      })
      .optional(),
  })
  .refine((params) => (params.page + 1) * params.size <= SEARCH_TOTAL_CAP || params.page === 0, {
    error: `That page is past the last one: search results stop at ${SEARCH_TOTAL_CAP}.`,
    path: ["page"],
  });

export type SearchParams = z.infer<typeof searchParamsSchema>;

export type SearchResponse = {
  papers: import("./paper").Paper[];
  /** Capped at SEARCH_TOTAL_CAP. */
  total: number;
  page: number;
  size: number;
};
