import { createHash } from "node:crypto";
import { createMemoryCache } from "@/server/lib/memory-cache";
import type { Logger } from "@/server/logger";
import { sleep, type RateLimiter, type Slot } from "./rate-limit";
import type { ResponseCache } from "./response-cache";
import { reasonPhrase, UpstreamBusyError, UpstreamError } from "./upstream-error";
import { transportFromFetch, UndecodableBodyError, upstreamRequest, type UpstreamReply } from "./upstream-agent";
import { observeTransport, type UpstreamObserver } from "./upstream-observer";

export type UpstreamResponse = {
  status: number;
  statusText: string;
  contentType: string | null;
  /** The body as text (UTF-8). */
  readonly body: string;
  /**
   * The body's bytes as the upstream sent them, for answers from the network and this
   * process's memory; absent for answers read back from Postgres.
   */
  readonly bytes?: Uint8Array;
  /** Where the answer came from: the network, a fresh cache entry, or a stale one served because the upstream failed. */
  origin: "network" | "cache" | "stale-cache";
};

export type UpstreamRequestOptions = {
  /** How long an answer is served without asking again; 0 disables caching. */
  freshMs?: number;
  /** How long an answer is kept to serve while the upstream fails. */
  keepMs?: number;
  accept?: string;
  /** Parts of the URL to leave out of the cache key (secrets such as api_key). */
  ignoreParams?: string[];
  /**
   * The path a redirect may lead under (e.g. the HTML renditions' `/html/`); without it a
   * redirect may go anywhere on the host asked, never to another host.
   */
  redirectsWithin?: string;
  /**
   * The most the request may take, its wait for a slot, retries and backoff included (no bound
   * when absent; a person waiting on a search has one): past it the caller gets a 504 "Gateway
   * Timeout" failure and the slot goes to the next request.
   */
  deadlineMs?: number;
};

export type UpstreamClientOptions = {
  /** A short name for logs and errors: "arxiv", "openalex", "crossref". */
  source: string;
  limiter: RateLimiter;
  cache: ResponseCache | null;
  userAgent: string;
  logger: Logger;
  timeoutMs?: number;
  /** Attempts per request, the first included (default 3). */
  maxAttempts?: number;
  /** First backoff step in ms (default 1000); doubles on each retry, with jitter. */
  backoffBaseMs?: number;
  maxBackoffMs?: number;
  /** Sends the requests instead of the upstream pool (tests give the fetch their mocks intercept). */
  fetch?: typeof fetch;
  /** Bytes of answers kept in this process's memory in front of the Postgres cache (default 32 MB; 0 disables). */
  memoryCacheBytes?: number;
  /** Told about every exchange and answer (the performance logs). */
  observer?: UpstreamObserver;
};

const utf8 = new TextDecoder();

/**
 * An answer whose text is decoded from its bytes only when first read: the arXiv parse reads
 * the bytes, and the background cache write reads the text after the answer has gone out.
 */
function answerWithBytes(fields: Omit<UpstreamResponse, "body" | "bytes">, body: { bytes: Uint8Array; text?: string }): UpstreamResponse {
  return {
    ...fields,
    bytes: body.bytes,
    get body() {
      return (body.text ??= utf8.decode(body.bytes));
    },
  };
}

/** Said as when to try again when the limiter cannot tell (its database gone). */
const SLOT_RETRY_FALLBACK_MS = 5_000;

const RETRYABLE = new Set([408, 425, 429, 500, 502, 503, 504]);
/** Redirects followed per request, all within the requested host. */
const MAX_REDIRECTS = 5;

/** Seconds or an HTTP date, as Retry-After (and Zotero's Backoff) may carry; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The cache key: method and URL with the named parameters removed, hashed. */
export function cacheKey(url: string, ignoreParams: string[] = []): string {
  const parsed = new URL(url);
  for (const name of ignoreParams) parsed.searchParams.delete(name);
  parsed.searchParams.sort();
  return createHash("sha256").update(`GET ${parsed.toString()}`).digest("hex");
}

/**
 * The one way Quire talks to an upstream: a polite User-Agent, the host's rate limit, a
 * timeout per attempt, retries with exponential backoff and jitter on 429/5xx/network errors
 * (honouring Retry-After and Backoff), one shared call for identical concurrent requests,
 * and a response cache in Postgres shared by every instance.
 */
export function createUpstreamClient(options: UpstreamClientOptions) {
  const {
    source,
    limiter,
    cache,
    userAgent,
    logger,
    timeoutMs = 20_000,
    maxAttempts = 3,
    backoffBaseMs = 1000,
    maxBackoffMs = 30_000,
  } = options;
  const send = observeTransport(options.fetch ? transportFromFetch(options.fetch) : upstreamRequest, source, options.observer);
  // Fresh answers kept in this process, in front of the shared Postgres cache: never served
  // past the freshness the Postgres entry has, so another instance sees the same rules.
  const memory = createMemoryCache<UpstreamResponse>({ maxBytes: options.memoryCacheBytes ?? 32 * 1024 * 1024, sizeOf: answerBytes });
  const inFlight = new Map<string, Promise<UpstreamResponse>>();
  /** Cache writes still under way, so a request right behind one reads what it stores. */
  const pendingWrites = new Map<string, Promise<void>>();

  /** The failure a request gets when its deadline passes while the upstream has it. */
  const pastDeadline = (deadlineMs: number) => new UpstreamError(source, 504, "Gateway Timeout", `${source} did not answer within ${deadlineMs / 1000} s`);

  /**
   * The limiter's slot before the deadline. A request with a deadline (a person is waiting)
   * goes before Quire's own background requests, and is told at once, rather than at its
   * deadline, when the queue ahead of it is already longer than that: the failure then says
   * when to try again. A waiter whose deadline passes leaves the queue.
   */
  async function slotBefore(deadline: number): Promise<Slot> {
    if (!Number.isFinite(deadline)) return limiter.acquire({ priority: "background" });
    const expected = await limiter.expectedWaitMs("interactive");
    if (Date.now() + expected > deadline) throw new UpstreamBusyError(source, expected);
    const signal = AbortSignal.timeout(Math.max(1, deadline - Date.now()));
    const acquiring = limiter.acquire({ priority: "interactive", signal });
    const givenUp = new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true }));
    try {
      return await Promise.race([acquiring, givenUp]);
    } catch (error) {
      if (!signal.aborted) throw error;
      // A slot that still comes (a limiter deaf to the signal) is given back; one that fails
      // (the database gone at shutdown) is nobody's error.
      acquiring.then((release) => release(), () => undefined);
      throw new UpstreamBusyError(source, await limiter.expectedWaitMs("interactive").catch(() => SLOT_RETRY_FALLBACK_MS));
    }
  }

  /**
   * One request, following redirects only within the origin asked (the configured host): a
   * redirect to another host is refused, never followed, so no upstream can point the server
   * at an address of its choosing (server-side request forgery).
   */
  async function attemptOnce(url: string, accept: string, redirectsWithin?: string, deadline = Number.POSITIVE_INFINITY): Promise<{ response?: UpstreamReply; body?: { bytes: Uint8Array; text?: string }; error?: unknown; refused?: UpstreamError }> {
    let release: Slot;
    try {
      release = await slotBefore(deadline);
    } catch (error) {
      if (error instanceof UpstreamBusyError) return { refused: error };
      throw error;
    }
    try {
      const signal = AbortSignal.timeout(Math.max(1, Math.min(timeoutMs, deadline - Date.now())));
      const origin = new URL(url).origin;
      let target = url;
      for (let hop = 0; ; hop++) {
        // A slot that lapsed before the request could leave is not used: it waits for a new one.
        while ((await release.sending?.()) === false) {
          release();
          release = await slotBefore(deadline);
        }
        const response = await send(target, { headers: { "user-agent": userAgent, accept }, signal });
        const location = response.status >= 300 && response.status < 400 ? response.header("location") : null;
        if (!location) return { response, body: { bytes: await response.bytes() } };
        await response.discard().catch(() => undefined);
        const next = new URL(location, target);
        if (next.origin !== origin) {
          logger.warn({ source, location: next.origin }, "upstream redirected to another host; refused");
          return { refused: new UpstreamError(source, 502, "Bad Gateway", `${source} redirected to another host`) };
        }
        if (redirectsWithin && !next.pathname.startsWith(redirectsWithin)) {
          logger.warn({ source, location: next.pathname }, "upstream redirected outside the path asked; refused");
          return { refused: new UpstreamError(source, 502, "Bad Gateway", `${source} redirected outside ${redirectsWithin}`) };
        }
        if (hop >= MAX_REDIRECTS) return { refused: new UpstreamError(source, 502, "Bad Gateway", `Too many redirects from ${source}`) };
        target = next.toString();
      }
    } catch (error) {
      if (error instanceof UpstreamBusyError) return { refused: error };
      return { error };
    } finally {
      release();
    }
  }

  async function fetchWithRetries(url: string, accept: string, redirectsWithin?: string, deadlineMs?: number): Promise<UpstreamResponse> {
    let lastFailure: UpstreamError | null = null;
    const deadline = deadlineMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + deadlineMs;
    /** Waits before the next attempt, unless that would pass the deadline (then there is none). */
    const pause = async (ms: number): Promise<boolean> => {
      if (Date.now() + ms >= deadline) return false;
      await sleep(ms);
      return true;
    };
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const started = performance.now();
      const { response, body, error, refused } = await attemptOnce(url, accept, redirectsWithin, deadline);
      // Busy after a failed attempt: the upstream's own failure is the one to tell.
      if (refused) throw refused instanceof UpstreamBusyError && lastFailure ? lastFailure : refused;
      const ms = Math.round(performance.now() - started);
      if (response && body !== undefined) {
        if (!RETRYABLE.has(response.status)) {
          logger.debug({ source, status: response.status, ms, attempt }, "upstream answered");
          return answerWithBytes(
            {
              status: response.status,
              statusText: response.statusText || reasonPhrase(response.status),
              contentType: response.header("content-type"),
              origin: "network",
            },
            body,
          );
        }
        const hinted = parseRetryAfter(response.header("retry-after")) ?? parseRetryAfter(response.header("backoff"));
        lastFailure = new UpstreamError(
          source,
          response.status,
          response.statusText || reasonPhrase(response.status),
          `${source} answered ${response.status}`,
          hinted,
        );
        logger.warn({ source, status: response.status, ms, attempt, retryAfterMs: hinted }, "upstream failed");
        if (attempt < maxAttempts && !(await pause(Math.max(hinted ?? 0, backoff(attempt))))) break;
      } else {
        if (Date.now() >= deadline) {
          lastFailure = pastDeadline(deadlineMs ?? 0);
          logger.warn({ source, ms, attempt }, "upstream did not answer before the deadline");
          break;
        }
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        // A body that came but could not be decoded is not a network failure; it is still
        // retried, as a connection cut short mid-body is the likely cause.
        const unreadable = error instanceof UndecodableBodyError;
        lastFailure = new UpstreamError(
          source,
          0,
          timedOut ? "Timeout" : unreadable ? "Unreadable response" : "Network error",
          timedOut ? `${source} did not answer within ${timeoutMs / 1000} s` : unreadable ? `${source} sent ${error.message}` : `${source} could not be reached`,
        );
        // A line, not a stack: an unreachable upstream is foreseen.
        logger.warn({ source, ms, attempt, error: error instanceof Error ? error.message : String(error) }, "upstream unreachable");
        if (attempt < maxAttempts && !(await pause(backoff(attempt)))) break;
      }
    }
    throw lastFailure ?? new UpstreamError(source, 0, "Network error", `${source} could not be reached`);
  }

  /** Full jitter: a random wait between half and all of base * 2^(attempt-1), capped. */
  function backoff(attempt: number): number {
    const ceiling = Math.min(maxBackoffMs, backoffBaseMs * 2 ** (attempt - 1));
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }

  async function load(url: string, key: string, request: UpstreamRequestOptions): Promise<UpstreamResponse> {
    const freshMs = request.freshMs ?? 0;
    const remembered = freshMs > 0 ? memory.get(key) : undefined;
    if (remembered) return remembered;
    await pendingWrites.get(key);
    const cached = cache && freshMs > 0 ? await cache.get(key).catch(() => null) : null;
    if (cached?.fresh) {
      const answer: UpstreamResponse = {
        status: cached.status,
        statusText: reasonPhrase(cached.status),
        contentType: cached.contentType,
        body: cached.body,
        origin: "cache",
      };
      memory.set(key, answer, cached.freshUntil);
      return answer;
    }
    try {
      const response = await fetchWithRetries(url, request.accept ?? "*/*", request.redirectsWithin, request.deadlineMs);
      if (cache && freshMs > 0 && response.status === 200) {
        memory.set(key, sameAnswerFrom(response, "cache"), Date.now() + freshMs);
        // Stored in the background, after this answer has gone out (PGlite works on this
        // thread): the caller has its answer, and a failed write only costs a later miss.
        const write = nextTurn()
          .then(() => cache.put({
            key,
            source,
            url: new URL(url).origin + new URL(url).pathname,
            status: response.status,
            contentType: response.contentType,
            // Decoded for the write only: the answer kept in memory holds its bytes, and the
            // arXiv parse reads those, so its text (two bytes a character) need not stay.
            body: response.bytes ? utf8.decode(response.bytes) : response.body,
            freshMs,
            keepMs: Math.max(freshMs, request.keepMs ?? freshMs),
          }))
          .catch((error) => logger.warn({ source, err: error }, "could not store an upstream response"))
          .finally(() => pendingWrites.delete(key));
        pendingWrites.set(key, write);
      }
      return response;
    } catch (error) {
      if (cached) {
        logger.warn({ source }, "upstream failed; serving a stale cached answer");
        return { status: cached.status, statusText: reasonPhrase(cached.status), contentType: cached.contentType, body: cached.body, origin: "stale-cache" };
      }
      throw error;
    }
  }

  return {
    source,
    /**
     * A fresh cached answer to a GET of `url` (this process's memory, then the shared cache),
     * or null: never asks the upstream, so it costs no request of the upstream's rate limit.
     */
    async peek(url: string, request: Pick<UpstreamRequestOptions, "ignoreParams"> = {}): Promise<UpstreamResponse | null> {
      const key = cacheKey(url, request.ignoreParams);
      const remembered = memory.get(key);
      if (remembered) return remembered;
      await pendingWrites.get(key);
      const cached = cache ? await cache.get(key).catch(() => null) : null;
      if (!cached?.fresh) return null;
      const answer: UpstreamResponse = { status: cached.status, statusText: reasonPhrase(cached.status), contentType: cached.contentType, body: cached.body, origin: "cache" };
      memory.set(key, answer, cached.freshUntil);
      return answer;
    },
    /** GET a URL through the rate limit, retries, single-flight and cache. */
    get(url: string, request: UpstreamRequestOptions = {}): Promise<UpstreamResponse> {
      const key = cacheKey(url, request.ignoreParams);
      const flightKey = `${key}|${request.freshMs ?? 0}`;
      const pending = inFlight.get(flightKey);
      if (pending) return pending;
      const promise = load(url, key, request).finally(() => inFlight.delete(flightKey));
      inFlight.set(flightKey, promise);
      const { observer } = options;
      if (observer) promise.then((answer) => observer.answer(source, answer.origin), () => observer.answer(source, "error"));
      return promise;
    },
  };
}

export type UpstreamClient = ReturnType<typeof createUpstreamClient>;

/** The same answer under another origin, sharing its bytes and (once decoded) its text. */
function sameAnswerFrom(response: UpstreamResponse, origin: UpstreamResponse["origin"]): UpstreamResponse {
  const fields = { status: response.status, statusText: response.statusText, contentType: response.contentType, origin };
  if (!response.bytes) return { ...fields, body: response.body };
  return {
    ...fields,
    bytes: response.bytes,
    get body() {
      return response.body;
    },
  };
}

/**
 * Wraps a parser so an answer is parsed once: answers served from the memory cache are the
 * same object each time, so a cached search skips the Atom or JSON parse. An answer from the
 * network is known by its bytes, which its copy in the memory cache shares (sameAnswerFrom), so
 * the first cached hit reuses the parse made when it arrived. The result is shared between
 * callers and must be treated as read-only.
 */
export function parseOnce<T>(parse: (response: UpstreamResponse) => T): (response: UpstreamResponse) => T {
  const parsed = new WeakMap<object, T>();
  return (response) => {
    const identity = response.bytes ?? response;
    if (parsed.has(identity)) return parsed.get(identity) as T;
    const value = parse(response);
    parsed.set(identity, value);
    return value;
  };
}

/**
 * Long enough for the answer to be serialised and written to the socket first: an embedded
 * PGlite write of a large body holds this thread while it runs.
 */
const CACHE_WRITE_DELAY_MS = 200;
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, CACHE_WRITE_DELAY_MS));

/** What an answer kept in memory holds: its bytes, and the text if something reads it (JSON sources do; two bytes a character, at most). */
function answerBytes(answer: UpstreamResponse): number {
  return answer.bytes ? answer.bytes.byteLength * 3 : answer.body.length * 2;
}

/** "Quire/0.1 (https://…; mailto:ops@example.org)": who is calling and how to reach them. */
export function politeUserAgent(publicUrl: string, contactEmail: string | undefined): string {
  const contact = contactEmail ? `; mailto:${contactEmail}` : "";
  return `Quire/0.1 (+${publicUrl}${contact})`;
}
