/**
 * Every request the upstream routes receive, so tests can check what the app sent and when
 * (`GET /__control/requests?route=arxiv-api`): rate limits, User-Agent, Range, API keys.
 */

export interface RecordedRequest {
  route: string;
  method: string;
  /** Path and query as received, e.g. "/arxiv/api/query?search_query=all:electron". */
  path: string;
  /** All request headers, names in lower case. */
  headers: Record<string, string>;
  /** When the request arrived. */
  at: string;
  ms: number;
  /** The status answered, or null while pending (or for a hang that was never answered). */
  status: number | null;
}

/** Older entries are dropped beyond this, so a long demo run cannot grow without bound. */
const MAX_ENTRIES = 10_000;

export class RequestLog {
  private entries: RecordedRequest[] = [];

  record(route: string, request: Request): RecordedRequest {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const now = Date.now();
    const entry: RecordedRequest = { route, method: request.method, path: `${url.pathname}${url.search}`, headers, at: new Date(now).toISOString(), ms: now, status: null };
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
    return entry;
  }

  /** Oldest first; optionally one route only and only those at or after `sinceMs`. */
  list(route?: string, sinceMs?: number): RecordedRequest[] {
    return this.entries.filter((entry) => (!route || entry.route === route) && (sinceMs === undefined || entry.ms >= sinceMs));
  }

  clear(): void {
    this.entries = [];
  }
}
