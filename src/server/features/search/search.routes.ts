import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { ARXIV_MAX_RESULTS_LIMIT } from "@/shared/constants";
import { mayStartSearchEarly } from "@/shared/early-search";
import type { Paper } from "@/shared/paper";
import { searchParamsSchema, type SearchResponse } from "@/shared/search-params";
import { validateArxivQuery } from "@/shared/search-query";
import { errors } from "@/server/errors";
import { answerCoding, type ContentCoding } from "@/server/http/content-coding";
import type { AppEnv } from "@/server/http/context";
import { ARXIV_SORT_BY } from "@/server/sources/arxiv/arxiv-source";
import type { UpstreamResponse } from "@/server/sources/http/upstream-client";
import { OPENALEX_ENTITIES } from "@/server/sources/openalex/openalex-source";
import { ARXIV_SEARCH_DEADLINE_MS } from "@/server/sources/arxiv/arxiv-source";
import type { Sources } from "@/server/sources/sources";
import { validateOpenAlexFilter } from "@/shared/search-query";
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

const openAlexProxySchema = z.object({
  entity: z.enum(OPENALEX_ENTITIES).default("works"),
  works: z.string().max(500).optional(),
  search: z.string().max(1000).optional(),
  filter: z.string().max(2000).optional(),
  sort: z.string().regex(/^[a-z_.]+(:(asc|desc))?(,[a-z_.]+(:(asc|desc))?)*$/, "sort must look like publication_date:desc").optional(),
  select: z.string().regex(/^[a-z_,.]+$/, "select must be a comma-separated list of field names").optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(25),
  cursor: z.string().max(500).optional(),
});

const crossrefProxySchema = z.object({
  doi: z.string().max(300).optional(),
  query: z.string().max(1000).optional(),
  "query.title": z.string().max(1000).optional(),
  "query.bibliographic": z.string().max(1000).optional(),
  "query.author": z.string().max(500).optional(),
  filter: z.string().regex(/^[a-z-]+:[^,]+(,[a-z-]+:[^,]+)*$/, "filter must look like from-pub-date:2020-01-01").optional(),
  sort: z.enum(["relevance", "published", "updated", "created", "is-referenced-by-count"]).optional(),
  order: z.enum(["asc", "desc"]).optional(),
  rows: z.coerce.number().int().min(0).max(1000).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  select: z.string().regex(/^[A-Za-z-]+(,[A-Za-z-]+)*$/).optional(),
  searchType: z.string().optional(),
});

/** Relays an upstream JSON answer with its status (404 and 400 explain themselves to the caller). */
function relayJson(c: Context, response: UpstreamResponse) {
  const status = response.status === 200 || response.status === 400 || response.status === 404 ? response.status : 502;
  if (!response.contentType?.includes("json")) {
    return c.json({ error: { code: status === 404 ? "not_found" : "upstream_error", message: response.body.trim().slice(0, 200) || `HTTP ${response.status}` } }, status);
  }
  return c.body(response.body, status, { "Content-Type": "application/json; charset=utf-8" });
}

/**
 * The last whole answer made for each page of papers the sources answered with, as UTF-8, by
 * array, and that answer compressed in each coding a browser asked for it in.
 */
const answers = new WeakMap<
  readonly Paper[],
  { papers: Buffer; total: number; page: number; size: number; body: Uint8Array<ArrayBuffer>; encoded?: Partial<Record<ContentCoding, Uint8Array<ArrayBuffer>>> }
>();

/**
 * A search answer as UTF-8 JSON. A cached upstream answer gives the same, read-only papers array
 * each time (parseOnce in upstream-client.ts), so a repeated search reuses that array's encoded
 * JSON instead of serialising and encoding 50 papers again, and its whole answer when total, page and size are the same too, as they are
 * for the same search: a cached search then allocates nothing for its answer, which at many
 * searches a second would otherwise keep the garbage collector busy.
 */
export function searchResponseBody(response: SearchResponse): Uint8Array<ArrayBuffer> {
  const known = answers.get(response.papers);
  if (known && known.total === response.total && known.page === response.page && known.size === response.size) return known.body;
  const papers = known?.papers ?? papersAsJson(response.papers);
  const rest = `,"total":${JSON.stringify(response.total)},"page":${JSON.stringify(response.page)},"size":${JSON.stringify(response.size)}}`;
  const body = Buffer.concat([SEARCH_BODY_START, papers, Buffer.from(rest)]) as Uint8Array<ArrayBuffer>;
  answers.set(response.papers, { papers, total: response.total, page: response.page, size: response.size, body });
  return body;
}
const SEARCH_BODY_START = Buffer.from('{"papers":');

/**
 * How a search answer is compressed: the answer waits for it. On a page of 50 papers (103 KB of
 * JSON), Brotli at quality 1 takes 0.3 ms for 36.7 KB, where gzip takes 0.75 ms at level 1 for
 * 37.7 KB (2.0-2.8 ms at 4, the default 6 slower still). Every current browser sends `br` (Chromium
 * over plain HTTP too); gzip is for the clients that do not.
 */
const compressors: Record<ContentCoding, (body: Uint8Array) => Buffer> = {
  br: (body) =>
    brotliCompressSync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 1,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
  gzip: (body) => gzipSync(body, { level: 1 }),
};
/** Smaller answers (a search with no results) go as they are, as the compress middleware's threshold has it. */
const SEARCH_COMPRESS_MIN_BYTES = 1024;

/**
 * The search answer in `coding`, or null when it is too small to gain from it. Compressed once
 * per answer and coding and kept with it: a repeated (cached) search sends the same bytes without
 * compressing them again, which the compress middleware, streaming every answer through its own
 * compressor, would do each time.
 */
export function encodedSearchResponseBody(response: SearchResponse, coding: ContentCoding): Uint8Array<ArrayBuffer> | null {
  const body = searchResponseBody(response);
  if (body.byteLength < SEARCH_COMPRESS_MIN_BYTES) return null;
  const answer = answers.get(response.papers)!;
  answer.encoded ??= {};
  return (answer.encoded[coding] ??= compressors[coding](body) as Uint8Array<ArrayBuffer>);
}

/**
 * A JSON array of papers as UTF-8, each paper serialised on its own. One string with a
 * character above U+00FF (a math symbol in one abstract) turns the rest of a JSON.stringify
 * result into two bytes per character, slower to build and to encode; paper by paper, only
 * that paper's text pays for it.
 */
function papersAsJson(papers: readonly Paper[]): Buffer {
  const parts: Buffer[] = [];
  for (const paper of papers) {
    parts.push(parts.length === 0 ? ARRAY_START : COMMA, Buffer.from(JSON.stringify(paper)));
  }
  parts.push(parts.length === 0 ? EMPTY_ARRAY : ARRAY_END);
  return Buffer.concat(parts);
}
const ARRAY_START = Buffer.from("[");
const COMMA = Buffer.from(",");
const ARRAY_END = Buffer.from("]");
const EMPTY_ARRAY = Buffer.from("[]");

/**
 * Starts the search of a `/search?...` page while the server is still sending the page, so
 * the upstream call overlaps the page's own loading: the page's /api/search request moments
 * later joins that call (single-flight) or finds its answer in the cache. Anything the API
 * would refuse is left for the API to refuse; failures here are silent.
 */
export function earlySearch(service: SearchService) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const query = c.req.url.includes("?") ? c.req.url.slice(c.req.url.indexOf("?") + 1) : "";
    if (query) {
      try {
        const raw = queryObject(c);
        const params = searchParamsSchema.safeParse(raw);
        // The page's head script starts the same searches (a title sort or a plain-language
        // search waits for the page), read from the values the schema was given.
        const given = new URLSearchParams(Object.entries(raw).flatMap(([name, value]) => [value].flat().map((one) => [name, one])));
        if (params.success && mayStartSearchEarly(given)) {
          const search = service.search(params.data);
          search.catch(() => undefined);
          c.set("earlySearch", search);
        }
      } catch {
        // Not UTF-8 or otherwise unreadable: the page's own request gets the clear error.
      }
    }
    await next();
  });
}

export function searchRoutes(deps: { service: SearchService; sources: Sources }) {
  return new Hono<AppEnv>()
    .get("/search", async (c) => {
      const params = parse(searchParamsSchema, queryObject(c));
      const result = await deps.service.search(params);
      // An arXiv search says whether Quire's own index or arXiv's API answered it.
      const headers: Record<string, string> = { "Content-Type": "application/json", Vary: "Accept-Encoding" };
      if (result.answeredBy) headers["X-Search-Source"] = result.answeredBy;
      // Compressed here rather than by the compress middleware, which leaves an encoded answer alone.
      const coding = answerCoding(c);
      const encoded = coding ? encodedSearchResponseBody(result, coding) : null;
      if (encoded) return c.body(encoded, 200, { ...headers, "Content-Encoding": coding!, "Content-Length": String(encoded.byteLength) });
      // With its length, so the compress middleware (which compresses any answer of unknown
      // length, through a stream) leaves a small answer (a search with no results) as it is.
      const body = searchResponseBody(result);
      return c.body(body, 200, { ...headers, "Content-Length": String(body.byteLength) });
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
          deadlineMs: ARXIV_SEARCH_DEADLINE_MS,
        });
        return c.body(response.body, response.status === 200 ? 200 : response.status === 400 ? 400 : 502, {
          "Content-Type": "application/atom+xml; charset=utf-8",
        });
      } catch (error) {
        throw sourceError("ArXiv", error);
      }
    })
    .get("/openalex", async (c) => {
      const params = parse(openAlexProxySchema, queryObject(c));
      if (params.filter) {
        const problems = validateOpenAlexFilter(params.filter);
        if (problems.length > 0) throw errors.validation(problems.map((problem) => problem.message).join(" "), problems);
      }
      try {
        if (params.works) return relayJson(c, await deps.sources.openalex.work(params.works));
        const response = await deps.sources.openalex.list({
          entity: params.entity,
          search: params.search,
          filter: params.filter,
          sort: params.sort,
          select: params.select,
          page: params.page,
          perPage: params.per_page,
          cursor: params.cursor,
        });
        return relayJson(c, response);
      } catch (error) {
        throw sourceError("OpenAlex", error);
      }
    })
    .get("/crossref", async (c) => {
      const params = parse(crossrefProxySchema, queryObject(c));
      try {
        if (params.doi) return relayJson(c, await deps.sources.crossref.work(params.doi));
        const response = await deps.sources.crossref.list({
          query: params.query,
          // query.title is deprecated upstream; query.bibliographic covers titles.
          bibliographic: params["query.bibliographic"] ?? params["query.title"],
          author: params["query.author"],
          filter: params.filter,
          sort: params.sort,
          order: params.order,
          rows: params.rows,
          offset: params.offset,
          select: params.select,
        });
        return relayJson(c, response);
      } catch (error) {
        throw sourceError("Crossref", error);
      }
    });
}
