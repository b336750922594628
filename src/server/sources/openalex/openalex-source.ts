import { openAlexWorkPath } from "@/server/sources/http/upstream-path";
import { SEARCH_KEEP_MS, SEARCH_STALE_MS } from "@/shared/constants";
import { parseOnce, type UpstreamClient, type UpstreamResponse } from "@/server/sources/http/upstream-client";
import { UpstreamError } from "@/server/sources/http/upstream-error";
import { openAlexWorkSchema, openAlexWorkToPaper, parseOpenAlexList } from "@/shared/sources/openalex/openalex-works";
import { openAlexAuthorSchema, openAlexWorkAuthorsSchema, type OpenAlexAuthor, type OpenAlexWorkAuthors } from "@/shared/sources/openalex/openalex-authors";
import { bareOrcid, shortAuthorId } from "@/shared/author-identity";

const LOOKUP_FRESH_MS = 24 * 60 * 60 * 1000;
const LOOKUP_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** The OpenAlex entity lists Quire reads. */
export const OPENALEX_ENTITIES = ["works", "authors"] as const;

export type OpenAlexListParams = {
  entity?: (typeof OPENALEX_ENTITIES)[number];
  search?: string;
  filter?: string;
  sort?: string;
  page?: number;
  perPage?: number;
  select?: string;
  cursor?: string;
};

/** OpenAlex through the shared upstream client; adds `mailto` and the optional `api_key`. */
export function createOpenAlexSource(options: { client: UpstreamClient; baseUrl: string; mailto?: string; apiKey?: string }) {
  const { client, baseUrl, mailto, apiKey } = options;

  function withIdentity(url: URL): string {
    if (mailto) url.searchParams.set("mailto", mailto);
    if (apiKey) url.searchParams.set("api_key", apiKey);
    return url.toString();
  }

  function listUrl(params: OpenAlexListParams): string {
    const url = new URL(`${baseUrl}/${params.entity ?? "works"}`);
    if (params.search) url.searchParams.set("search", params.search);
    if (params.filter) url.searchParams.set("filter", params.filter);
    if (params.sort) url.searchParams.set("sort", params.sort);
    if (params.select) url.searchParams.set("select", params.select);
    if (params.cursor) url.searchParams.set("cursor", params.cursor);
    else url.searchParams.set("page", String(params.page ?? 1));
    url.searchParams.set("per_page", String(params.perPage ?? 25));
    return withIdentity(url);
  }

  const ignoreParams = ["api_key", "mailto"];

  function list(params: OpenAlexListParams): Promise<UpstreamResponse> {
    return client.get(listUrl(params), { accept: "application/json", freshMs: SEARCH_STALE_MS, keepMs: SEARCH_KEEP_MS, ignoreParams });
  }

  /** One work by OpenAlex id (W123) or `doi:10.x/y`; InvalidUpstreamIdError for anything else. */
  function work(id: string): Promise<UpstreamResponse> {
    const url = new URL(`${baseUrl}/works/${openAlexWorkPath(id)}`);
    return client.get(withIdentity(url), { accept: "application/json", freshMs: LOOKUP_FRESH_MS, keepMs: LOOKUP_KEEP_MS, ignoreParams });
  }

  function ensureOk(response: UpstreamResponse): UpstreamResponse {
    if (response.status !== 200) {
      throw new UpstreamError("openalex", response.status, response.statusText, openAlexMessage(response));
    }
    return response;
  }

  const parseList = parseOnce((response) => parseOpenAlexList(JSON.parse(response.body)));

  /** The results of a list answer that parse with `schema`; the others are skipped. */
  function resultsOf<T>(response: UpstreamResponse, schema: { safeParse(value: unknown): { success: boolean; data?: T } }): T[] {
    const body = JSON.parse(ensureOk(response).body) as { results?: unknown[] };
    return (body.results ?? []).flatMap((result) => {
      const parsed = schema.safeParse(result);
      return parsed.success ? [parsed.data as T] : [];
    });
  }

  return {
    list,
    work,
    async searchWorks(params: OpenAlexListParams) {
      const response = ensureOk(await list({ ...params, entity: "works" }));
      return parseList(response);
    },
    /** Authors whose name has every word of `name`, most relevant first. */
    async searchAuthors(name: string, perPage: number): Promise<OpenAlexAuthor[]> {
      return resultsOf(await list({ entity: "authors", search: name, perPage }), openAlexAuthorSchema);
    },
    /** One author by OpenAlex id (A123) or ORCID iD; null when OpenAlex knows none. */
    async getAuthor(identifier: string): Promise<OpenAlexAuthor | null> {
      const orcid = bareOrcid(identifier);
      const id = orcid ? `orcid:${orcid}` : shortAuthorId(identifier);
      if (!id) return null;
      const response = await client.get(withIdentity(new URL(`${baseUrl}/authors/${id}`)), { accept: "application/json", freshMs: LOOKUP_FRESH_MS, keepMs: LOOKUP_KEEP_MS, ignoreParams });
      if (response.status === 404) return null;
      ensureOk(response);
      return openAlexAuthorSchema.parse(JSON.parse(response.body));
    },
    /**
     * Works filtered by OpenAlex's `filter` syntax, reading only what identity matching needs
     * (`select` keeps the answers small).
     */
    async worksAuthors(filter: string, options: { perPage: number; sort?: string }): Promise<OpenAlexWorkAuthors[]> {
      const response = await list({ entity: "works", filter, perPage: options.perPage, sort: options.sort, select: "id,doi,display_name,publication_year,authorships" });
      return resultsOf(response, openAlexWorkAuthorsSchema);
    },
    async getWork(id: string) {
      const response = await work(id);
      if (response.status === 404) return null;
      ensureOk(response);
      return openAlexWorkToPaper(openAlexWorkSchema.parse(JSON.parse(response.body)));
    },
  };
}

/** OpenAlex explains a 400 in `{ error, message }`; keep its words. */
function openAlexMessage(response: UpstreamResponse): string {
  try {
    const body = JSON.parse(response.body) as { message?: string; error?: string };
    return body.message ?? body.error ?? `OpenAlex answered ${response.status}`;
  } catch {
    return `OpenAlex answered ${response.status}`;
  }
}

export type OpenAlexSource = ReturnType<typeof createOpenAlexSource>;
