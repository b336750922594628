import { Hono, type Context } from "hono";
import { z } from "zod";
import { ARXIV_MAX_RESULTS_LIMIT } from "@/shared/constants";
import { searchParamsSchema } from "@/shared/search-params";
import { validateArxivQuery } from "@/shared/search-query";
import { errors } from "@/server/errors";
import type { AppEnv } from "@/server/http/context";
import { ARXIV_SORT_BY } from "@/server/sources/arxiv/arxiv-source";
import type { Sources } from "@/server/sources/sources";
import { sourceError, type SearchService } from "./search.service";

/** Query parameters as an object; keys that repeat (authors) keep every value. */
function queryObject(c: Context): Record<string, string | string[]> {
  assertUtf8Query(c.req.url);
  const all = c.req.queries();
  return Object.fromEntries(Object.entries(all).map(([key, values]) => [key, key === "authors" ? values : (values[0] ?? "")]));
}

/** Percent-encoded bytes that are not UTF-8 would otherwise be searched as mojibake. */
function assertUtf8Query(url: string): void {
  const search = url.includes("?") ? url.slice(url.indexOf("?") + 1) : "";
  try {
    decodeURIComponent(search.replace(/\+/g, " "));
  } catch {
    throw errors.validation("The query is not valid UTF-8 text.");
  }
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw errors.validation(first?.message ?? "Invalid search parameters.", parsed.error.issues);
  }
  return parsed.data;
}

const arxivProxySchema = z.object({
  search_query: z.string().max(2000).default(""),
  id_list: z.string().max(20_000).default(""),
  start: z.coerce.number().int().min(0).default(0),
  max_results: z.coerce.number().int().min(0).max(ARXIV_MAX_RESULTS_LIMIT).default(10),
  sortBy: z.enum(ARXIV_SORT_BY).optional(),
  sortOrder: z.enum(["ascending", "descending"]).optional(),
});

export function searchRoutes(deps: { service: SearchService; sources: Sources }) {
  return new Hono<AppEnv>()
    .get("/search", async (c) => {
      const params = parse(searchParamsSchema, queryObject(c));
      return c.json(await deps.service.search(params));
    })
    .get("/arxiv", async (c) => {
      const params = parse(arxivProxySchema, queryObject(c));
      if (params.search_query) {
        const problems = validateArxivQuery(params.search_query);
        if (problems.length > 0) throw errors.validation(problems.map((problem) => problem.message).join(" "), problems);
      }
      if (!params.search_query && !params.id_list) throw errors.validation("No search query provided");
      try {
        const response = await deps.sources.arxiv.raw({
          searchQuery: params.search_query,
          idList: params.id_list ? params.id_list.split(",").map((id) => id.trim()).filter(Boolean) : undefined,
          start: params.start,
          maxResults: params.max_results,
          sortBy: params.sortBy,
          sortOrder: params.sortOrder,
        });
        return c.body(response.body, response.status === 200 ? 200 : response.status === 400 ? 400 : 502, {
          "Content-Type": "application/atom+xml; charset=utf-8",
        });
      } catch (error) {
        throw sourceError("ArXiv", error);
      }
    });
}
