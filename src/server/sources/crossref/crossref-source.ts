import { doiPath } from "@/server/sources/http/upstream-path";
import { SEARCH_KEEP_MS, SEARCH_STALE_MS } from "@/shared/constants";
import { parseOnce, type UpstreamClient, type UpstreamResponse } from "@/server/sources/http/upstream-client";
import { UpstreamError } from "@/server/sources/http/upstream-error";
import { parseCrossrefList, parseCrossrefWork } from "@/shared/sources/crossref/crossref-works";

const LOOKUP_FRESH_MS = 24 * 60 * 60 * 1000;
const LOOKUP_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export type CrossrefListParams = {
  query?: string;
  /** Title and other bibliographic words (`query.title` is deprecated upstream). */
  bibliographic?: string;
  author?: string;
  filter?: string;
  sort?: "relevance" | "published" | "updated" | "created" | "is-referenced-by-count";
  order?: "asc" | "desc";
  rows?: number;
  offset?: number;
  select?: string;
};

/** Crossref's REST API through the shared upstream client, in its polite pool (`mailto`). */
export function createCrossrefSource(options: { client: UpstreamClient; baseUrl: string; mailto?: string }) {
  const { client, baseUrl, mailto } = options;

  function listUrl(params: CrossrefListParams): string {
    const url = new URL(`${baseUrl}/works`);
    if (params.query) url.searchParams.set("query", params.query);
    if (params.bibliographic) url.searchParams.set("query.bibliographic", params.bibliographic);
    if (params.author) url.searchParams.set("query.author", params.author);
    if (params.filter) url.searchParams.set("filter", params.filter);
    if (params.sort) url.searchParams.set("sort", params.sort);
    if (params.order) url.searchParams.set("order", params.order);
    if (params.select) url.searchParams.set("select", params.select);
    url.searchParams.set("rows", String(params.rows ?? 20));
    url.searchParams.set("offset", String(params.offset ?? 0));
    if (mailto) url.searchParams.set("mailto", mailto);
    return url.toString();
  }

  function list(params: CrossrefListParams): Promise<UpstreamResponse> {
    return client.get(listUrl(params), { accept: "application/json", freshMs: SEARCH_STALE_MS, keepMs: SEARCH_KEEP_MS, ignoreParams: ["mailto"] });
  }

  function work(doi: string): Promise<UpstreamResponse> {
    const url = new URL(`${baseUrl}/works/${doiPath(doi)}`);
    if (mailto) url.searchParams.set("mailto", mailto);
    return client.get(url.toString(), { accept: "application/json", freshMs: LOOKUP_FRESH_MS, keepMs: LOOKUP_KEEP_MS, ignoreParams: ["mailto"] });
  }

  const parseList = parseOnce((response) => parseCrossrefList(JSON.parse(response.body)));

  return {
    list,
    work,
    async searchWorks(params: CrossrefListParams) {
      const response = await list(params);
      if (response.status === 400) throw new CrossrefRejectedError(crossrefValidationMessage(response.body));
      if (response.status !== 200) throw new UpstreamError("crossref", response.status, response.statusText, `HTTP ${response.status}`);
      return parseList(response);
    },
    /** A work by DOI; null when Crossref does not know it (its plain-text 404). */
    async getWork(doi: string) {
      const response = await work(doi);
      if (response.status !== 200 && response.status !== 404) {
        throw new UpstreamError("crossref", response.status, response.statusText, `HTTP ${response.status}`);
      }
      return parseCrossrefWork(response.status, response.body);
    },
  };
}

/** Crossref refused the request's parameters; its own explanation is kept. */
export class CrossrefRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CrossrefRejectedError";
  }
}

/** Crossref explains a 400 as `{ status: "failed", message: [{ message }] }`. */
function crossrefValidationMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: { message?: string }[] | string };
    if (Array.isArray(parsed.message)) return parsed.message.map((item) => item.message).filter(Boolean).join(" ") || "HTTP 400";
    if (typeof parsed.message === "string") return parsed.message;
  } catch {
    // not JSON
  }
  return body.trim().slice(0, 200) || "HTTP 400";
}

export type CrossrefSource = ReturnType<typeof createCrossrefSource>;
