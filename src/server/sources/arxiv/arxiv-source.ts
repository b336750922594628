import { SEARCH_KEEP_MS, SEARCH_STALE_MS } from "@/shared/constants";
import { parseOnce, type UpstreamClient, type UpstreamResponse } from "@/server/sources/http/upstream-client";
import { UpstreamError } from "@/server/sources/http/upstream-error";
import { ArxivFeedError, arxivEntryToPaper, parseArxivAtom, type ArxivFeed } from "@/shared/sources/arxiv/arxiv-atom";

/** Id lookups change rarely: fresh for a day, kept a week. */
const ID_LOOKUP_FRESH_MS = 24 * 60 * 60 * 1000;
const ID_LOOKUP_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export const ARXIV_SORT_BY = ["relevance", "lastUpdatedDate", "submittedDate"] as const;
export type ArxivSortBy = (typeof ARXIV_SORT_BY)[number];

export type ArxivQueryParams = {
  searchQuery?: string;
  idList?: string[];
  start?: number;
  maxResults?: number;
  sortBy?: ArxivSortBy;
  sortOrder?: "ascending" | "descending";
  /** Override the response cache's freshness (0: always ask arXiv, e.g. the catch-up index refresh). */
  freshMs?: number;
  /** A person is waiting: give up after this long, slot wait and retries included (ARXIV_SEARCH_DEADLINE_MS). */
  deadlineMs?: number;
};

/** The longest a search a person waits on may take before "ArXiv API error: 504 Gateway Timeout". */
export const ARXIV_SEARCH_DEADLINE_MS = 20_000;

/**
 * The answer's UTF-8 bytes one per character, for the parse's `utf8Bytes` mode: the strings it
 * cuts stay one byte per character unless they hold a character above U+00FF (scanXml).
 */
function bytesAsLatin1(response: UpstreamResponse): string {
  const bytes = response.bytes ?? Buffer.from(response.body, "utf8");
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
}

/** The arXiv API through the shared upstream client. */
export function createArxivSource(options: { client: UpstreamClient; apiUrl: string }) {
  const { client, apiUrl } = options;
  const parseFeed = parseOnce((response) => parseArxivAtom(bytesAsLatin1(response), { utf8Bytes: true }));
  const toResult = parseOnce((response) => {
    const feed = parseFeed(response);
    return { total: feed.totalResults, papers: feed.entries.map(arxivEntryToPaper) };
  });

  function urlFor(params: ArxivQueryParams): string {
    const url = new URL(apiUrl);
    url.searchParams.set("search_query", params.searchQuery ?? "");
    if (params.idList?.length) url.searchParams.set("id_list", params.idList.join(","));
    url.searchParams.set("start", String(params.start ?? 0));
    url.searchParams.set("max_results", String(params.maxResults ?? 10));
    if (params.sortBy) url.searchParams.set("sortBy", params.sortBy);
    if (params.sortOrder) url.searchParams.set("sortOrder", params.sortOrder);
    return url.toString();
  }

  /** The raw answer (status and Atom body), for the /api/arxiv proxy. */
  function raw(params: ArxivQueryParams): Promise<UpstreamResponse> {
    const isIdLookup = !params.searchQuery && (params.idList?.length ?? 0) > 0;
    return client.get(urlFor(params), {
      accept: "application/atom+xml",
      freshMs: params.freshMs ?? (isIdLookup ? ID_LOOKUP_FRESH_MS : SEARCH_STALE_MS),
      keepMs: isIdLookup ? ID_LOOKUP_KEEP_MS : SEARCH_KEEP_MS,
      deadlineMs: params.deadlineMs,
    });
  }

  /** A parsed feed; arXiv's error feeds become ArxivFeedError, other failures UpstreamError. */
  async function answer(params: ArxivQueryParams): Promise<UpstreamResponse> {
    const response = await raw(params);
    if (response.status !== 200 && response.status !== 400) {
      throw new UpstreamError("arxiv", response.status, response.statusText, `arXiv answered ${response.status}`);
    }
    // An error feed throws ArxivFeedError from the parse; a 400 without one is refused here.
    parseFeed(response);
    if (response.status === 400) throw new ArxivFeedError("arXiv refused the query.", "");
    return response;
  }

  async function query(params: ArxivQueryParams): Promise<ArxivFeed> {
    return parseFeed(await answer(params));
  }

  return {
    urlFor,
    raw,
    query,
    /**
     * The search's answer if a fresh one is cached, else null: arXiv is not asked. The same
     * objects as search() gives for it, so callers must not change them.
     */
    async cachedSearch(params: ArxivQueryParams) {
      const response = await client.peek(urlFor(params));
      if (response?.status !== 200) return null;
      try {
        return toResult(response);
      } catch {
        // An error feed cached as a 200: not an answer to draw from.
        return null;
      }
    },
    /** Total and papers; the same objects for a cached answer, so callers must not change them. */
    async search(params: ArxivQueryParams) {
      return toResult(await answer(params));
    },
  };
}

export type ArxivSource = ReturnType<typeof createArxivSource>;
