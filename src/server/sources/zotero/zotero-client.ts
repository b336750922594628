import { setTimeout as delay } from "node:timers/promises";
import type { Logger } from "@/server/logger";
import { transportFromFetch, upstreamRequest, type UpstreamTransport } from "@/server/sources/http/upstream-agent";
import { parseRetryAfter } from "@/server/sources/http/upstream-client";
import { createSemaphore } from "@/server/sources/http/rate-limit";
import { reasonPhrase } from "@/server/sources/http/upstream-error";

/**
 * HTTP to the Zotero Web API v3 (https://www.zotero.org/support/dev/web_api/v3/basics): every
 * request says `Zotero-API-Version: 3` and carries the user's key as a bearer token; answers are
 * read with their headers (`Last-Modified-Version`, `Total-Results`).
 *
 * Zotero's load rules are kept here, once, for every caller:
 * - `Backoff: <s>` on any answer: no request to Zotero leaves this process until it has passed
 *   (the answer carrying it is still used);
 * - 429 and 503 with `Retry-After: <s>`: wait that long, then try again;
 * - other 5xx and network failures: retried with exponential backoff and jitter.
 * Waits can be cut short by the caller's signal (a sync being cancelled).
 *
 * The generic upstream client (http/upstream-client.ts) is GET-only and caches; Zotero needs
 * writes, conditional headers and response headers, per-user keys and no shared cache.
 */

export type ZoteroRequest = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path under the API root, e.g. `/users/123/items`. */
  path: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** The user's API key; left out for public reads. */
  apiKey?: string;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
};

export type ZoteroAnswer = {
  status: number;
  header(name: string): string | null;
  /** The parsed JSON body, or the text when it is not JSON (`undefined` for an empty body). */
  body: unknown;
  text: string;
};

export type ZoteroFailureKind = "unauthorized" | "not_found" | "precondition" | "rate_limited" | "server" | "network" | "bad_request" | "cancelled";

/** Zotero refused or failed a request (after the retries it deserves). */
export class ZoteroApiError extends Error {
  constructor(
    readonly kind: ZoteroFailureKind,
    /** HTTP status, or 0 when no answer came. */
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ZoteroApiError";
  }
}

export type ZoteroClientEvents = {
  /** Zotero asked for a pause (Backoff, or Retry-After on 429/503). */
  onWait?: (info: { reason: "backoff" | "retry-after" | "retry"; ms: number; status: number }) => void;
};

export type ZoteroClientOptions = {
  apiUrl: string;
  userAgent: string;
  logger: Logger;
  /** Attempts per request, the first included (default 4). */
  maxAttempts?: number;
  /** Per attempt (default 30 s). */
  timeoutMs?: number;
  /** First retry wait for 5xx and network failures, doubling (default 1 s). */
  backoffBaseMs?: number;
  /** Requests to Zotero at once from this process (default 4). */
  concurrency?: number;
  /** Tests send through their mocked fetch. */
  fetch?: typeof fetch;
};

const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);

function kindOf(status: number): ZoteroFailureKind {
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 404) return "not_found";
  if (status === 412) return "precondition";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "server";
  return "bad_request";
}

function abortableDelay(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return delay(ms, undefined, { signal }).catch(() => {
    throw new ZoteroApiError("cancelled", 0, "Cancelled");
  });
}

export function createZoteroClient(options: ZoteroClientOptions) {
  const { apiUrl, userAgent, logger } = options;
  const maxAttempts = options.maxAttempts ?? 4;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const backoffBaseMs = options.backoffBaseMs ?? 1000;
  const send: UpstreamTransport = options.fetch ? transportFromFetch(options.fetch) : upstreamRequest;
  const slots = createSemaphore(options.concurrency ?? 4);
  /** No request leaves before this moment (epoch ms): Zotero's last Backoff. */
  let pausedUntil = 0;

  function urlFor(request: ZoteroRequest): string {
    const url = new URL(`${apiUrl}${request.path}`);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined && value !== null && value !== "") url.searchParams.set(name, String(value));
    }
    return url.toString();
  }

  async function attempt(url: string, request: ZoteroRequest) {
    const release = await slots.acquire();
    try {
      const headers: Record<string, string> = {
        "user-agent": userAgent,
        accept: "application/json",
        "zotero-api-version": "3",
        ...(request.apiKey ? { authorization: `Bearer ${request.apiKey}` } : {}),
        ...(request.body !== undefined ? { "content-type": "application/json" } : {}),
        ...request.headers,
      };
      const signal = request.signal ? AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
      const reply = await send(url, {
        method: request.method ?? "GET",
        headers,
        signal,
        ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      });
      const bytes = await reply.bytes();
      return { reply, text: new TextDecoder().decode(bytes) };
    } finally {
      release();
    }
  }

  /** Sends one request with Zotero's waits and retries; non-2xx answers (except 304) throw ZoteroApiError. */
  async function request(request: ZoteroRequest, events: ZoteroClientEvents = {}): Promise<ZoteroAnswer> {
    const url = urlFor(request);
    let lastError: ZoteroApiError | null = null;
    for (let attemptNo = 1; attemptNo <= maxAttempts; attemptNo++) {
      const wait = pausedUntil - Date.now();
      if (wait > 0) await abortableDelay(wait, request.signal);
      if (request.signal?.aborted) throw new ZoteroApiError("cancelled", 0, "Cancelled");
      let result: Awaited<ReturnType<typeof attempt>>;
      try {
        result = await attempt(url, request);
      } catch (error) {
        if (request.signal?.aborted) throw new ZoteroApiError("cancelled", 0, "Cancelled");
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        lastError = new ZoteroApiError("network", 0, timedOut ? `Zotero did not answer within ${timeoutMs / 1000} s` : "Zotero could not be reached");
        logger.warn({ err: error, attempt: attemptNo, path: request.path }, "zotero unreachable");
        if (attemptNo < maxAttempts) {
          const ms = jittered(attemptNo);
          events.onWait?.({ reason: "retry", ms, status: 0 });
          await abortableDelay(ms, request.signal);
        }
        continue;
      }
      const { reply, text } = result;
      const backoffMs = parseRetryAfter(reply.header("backoff"));
      if (backoffMs !== null && backoffMs > 0) {
        pausedUntil = Math.max(pausedUntil, Date.now() + backoffMs);
        events.onWait?.({ reason: "backoff", ms: backoffMs, status: reply.status });
        logger.info({ backoffMs }, "zotero asked to back off");
      }
      if (reply.status < 300 || reply.status === 304) {
        return { status: reply.status, header: reply.header, text, body: parseBody(text, reply.header("content-type")) };
      }
      const message = errorMessage(reply.status, text);
      lastError = new ZoteroApiError(kindOf(reply.status), reply.status, message);
      if (!RETRY_STATUSES.has(reply.status) || attemptNo === maxAttempts) break;
      const retryAfterMs = parseRetryAfter(reply.header("retry-after"));
      const ms = retryAfterMs ?? jittered(attemptNo);
      logger.warn({ status: reply.status, attempt: attemptNo, waitMs: ms, path: request.path }, "zotero failed; retrying");
      events.onWait?.({ reason: retryAfterMs !== null ? "retry-after" : "retry", ms, status: reply.status });
      await abortableDelay(ms, request.signal);
    }
    throw lastError ?? new ZoteroApiError("network", 0, "Zotero could not be reached");
  }

  function jittered(attemptNo: number): number {
    const ceiling = Math.min(30_000, backoffBaseMs * 2 ** (attemptNo - 1));
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }

  return {
    request,
    /** When the last Backoff ends (epoch ms; 0 when none was asked). */
    pausedUntil: () => pausedUntil,
  };
}

export type ZoteroClient = ReturnType<typeof createZoteroClient>;

function parseBody(text: string, contentType: string | null): unknown {
  if (text === "") return undefined;
  if (contentType?.includes("json") || /^[[{]/.test(text.trimStart())) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Zotero answers errors as plain text ("Forbidden", "Library has been modified since..."). */
function errorMessage(status: number, text: string): string {
  const body = text.trim().slice(0, 300);
  return body ? `Zotero answered ${status}: ${body}` : `Zotero answered ${status} ${reasonPhrase(status)}`.trim();
}
