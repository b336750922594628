import { http, HttpResponse, delay } from "msw";
import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import { mswServer } from "@/test/unit-setup";
import { createLocalIntervalLimiter, createLocalRateLimiter, createSemaphore, INTERVAL_SAFETY_MARGIN_MS } from "./rate-limit";
import type { CachedResponse, ResponseCache } from "./response-cache";
import { UndecodableBodyError } from "./upstream-agent";
import { cacheKey, createUpstreamClient, parseOnce, parseRetryAfter, politeUserAgent } from "./upstream-client";
import { UpstreamBusyError, UpstreamError } from "./upstream-error";

const URL_UNDER_TEST = "https://upstream.test/api/query?q=x";
const logger = pino({ level: "silent" });

function memoryCache(): ResponseCache & { entries: Map<string, CachedResponse & { expired?: boolean }> } {
  const entries = new Map<string, CachedResponse>();
  return {
    entries,
    async get(key) {
      return entries.get(key) ?? null;
    },
    async put(entry) {
      entries.set(entry.key, { status: entry.status, contentType: entry.contentType, body: entry.body, fetchedAt: new Date(), fresh: true, freshUntil: Date.now() + entry.freshMs });
    },
    async deleteExpired() {
      return 0;
    },
  };
}

function client(overrides: Partial<Parameters<typeof createUpstreamClient>[0]> = {}) {
  return createUpstreamClient({
    source: "test",
    limiter: createLocalRateLimiter({ perSecond: 1000, concurrency: 10 }),
    cache: null,
    userAgent: "Quire/test (mailto:ops@example.org)",
    logger,
    backoffBaseMs: 5,
    timeoutMs: 500,
    // Through the global fetch, which MSW intercepts (the default transport, undici's request
    // API, is tested against a real server below and through the sandbox in integration tests).
    fetch: (input, init) => fetch(input, init),
    ...overrides,
  });
}

describe("the upstream client", () => {
  it("follows redirects within the host it asked, and refuses one to another host without retrying", async () => {
    let elsewhere = 0;
    let asked = 0;
    mswServer.use(
      http.get("https://upstream.test/api/moved", () => new HttpResponse(null, { status: 301, headers: { Location: "/api/query?q=x" } })),
      http.get("https://upstream.test/api/query", () => HttpResponse.text("here")),
      http.get("https://upstream.test/api/away", () => {
        asked++;
        return new HttpResponse(null, { status: 302, headers: { Location: "http://169.254.169.254/latest/meta-data" } });
      }),
      http.get("http://169.254.169.254/*", () => {
        elsewhere++;
        return HttpResponse.text("secret");
      }),
    );
    expect((await client().get("https://upstream.test/api/moved")).body).toBe("here");
    const refused = await client().get("https://upstream.test/api/away").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UpstreamError);
    expect(refused).toMatchObject({ status: 502, message: "test redirected to another host" });
    expect(asked).toBe(1);
    expect(elsewhere).toBe(0);
  });

  it("answers busy (503) at its deadline while the slot is still coming, and a slot that then fails is no unhandled rejection", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      let acquired = 0;
      const failingLate = {
        acquire: () => new Promise<() => void>((_, reject) => setTimeout(() => (acquired++, reject(new Error("Cannot use a pool after calling end on the pool"))), 60)),
        expectedWaitMs: async () => 0,
      };
      await expect(client({ limiter: failingLate }).get(URL_UNDER_TEST, { deadlineMs: 10 })).rejects.toBeInstanceOf(UpstreamBusyError);
      await vi.waitFor(() => expect(acquired).toBe(1));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });

  it("does not send on a slot that lapsed before the request could leave: it waits for a new one", async () => {
    let asked = 0;
    mswServer.use(
      http.get("https://upstream.test/api/query", () => {
        asked++;
        return HttpResponse.text("ok");
      }),
    );
    const granted: string[] = [];
    let slots = 0;
    const lapsingFirst = {
      acquire: async () => {
        const which = ++slots === 1 ? "lapsed" : "fresh";
        const slot = Object.assign(() => void granted.push(`released ${which}`), { sending: async () => (granted.push(`sending on ${which}`), which === "fresh") });
        return slot;
      },
      expectedWaitMs: async () => 0,
    };
    expect((await client({ limiter: lapsingFirst }).get(URL_UNDER_TEST)).body).toBe("ok");
    expect(asked).toBe(1);
    expect(granted).toEqual(["sending on lapsed", "released lapsed", "sending on fresh", "released fresh"]);
  });

  it("sends the polite User-Agent and Accept", async () => {
    let seen: Headers | undefined;
    mswServer.use(
      http.get("https://upstream.test/api/query", ({ request }) => {
        seen = request.headers;
        return HttpResponse.text("ok");
      }),
    );
    await client().get(URL_UNDER_TEST, { accept: "application/atom+xml" });
    expect(seen?.get("user-agent")).toBe("Quire/test (mailto:ops@example.org)");
    expect(seen?.get("accept")).toBe("application/atom+xml");
  });

  it("retries 503 and succeeds on a later attempt", async () => {
    let calls = 0;
    mswServer.use(
      http.get("https://upstream.test/api/query", () => {
        calls++;
        return calls < 3 ? new HttpResponse("busy", { status: 503 }) : HttpResponse.text("done");
      }),
    );
    const response = await client().get(URL_UNDER_TEST);
    expect(response.body).toBe("done");
    expect(calls).toBe(3);
  });

  it("gives up after three 503s with the status and its reason phrase", async () => {
    let calls = 0;
    mswServer.use(
      http.get("https://upstream.test/api/query", () => {
        calls++;
        return new HttpResponse("busy", { status: 503, statusText: "Service Unavailable" });
      }),
    );
    const failure = await client().get(URL_UNDER_TEST).catch((error) => error);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect(failure).toMatchObject({ status: 503, statusText: "Service Unavailable" });
    expect(calls).toBe(3);
  });

  it("waits at least Retry-After before retrying a 429", async () => {
    const times: number[] = [];
    mswServer.use(
      http.get("https://upstream.test/api/query", () => {
        times.push(performance.now());
        return times.length === 1
          ? new HttpResponse("slow down", { status: 429, headers: { "Retry-After": "1" } })
          : HttpResponse.text("ok");
      }),
    );
    await client().get(URL_UNDER_TEST);
    expect(times).toHaveLength(2);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(990);
  });

  it("does not retry a 400 and hands it back", async () => {
    let calls = 0;
    mswServer.use(
      http.get("https://upstream.test/api/query", () => {
        calls++;
        return new HttpResponse("<feed/>", { status: 400 });
      }),
    );
    const response = await client().get(URL_UNDER_TEST);
    expect(response.status).toBe(400);
    expect(calls).toBe(1);
  });

  it("times out a hanging upstream with a clear error", async () => {
    mswServer.use(
      http.get("https://upstream.test/api/query", async () => {
        await delay("infinite");
        return HttpResponse.text("never");
      }),
    );
    const failure = await client({ timeoutMs: 50, maxAttempts: 2 }).get(URL_UNDER_TEST).catch((error) => error);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect(failure).toMatchObject({ status: 0, statusText: "Timeout" });
  });

  it("says an answer whose body could not be decoded is unreadable, not a network error, after retrying it", async () => {
    let calls = 0;
    const undecodable = {
      status: 200,
      statusText: "OK",
      headers: new Headers({ "content-encoding": "gzip" }),
      body: null,
      arrayBuffer: () => Promise.reject(new UndecodableBodyError("a gzip body that could not be decoded: incorrect header check")),
    } as unknown as Response;
    const upstream = client({ maxAttempts: 2, fetch: async () => (calls++, undecodable) });
    const failure = await upstream.get(URL_UNDER_TEST).catch((error) => error);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect(failure).toMatchObject({ status: 0, statusText: "Unreadable response" });
    expect((failure as Error).message).toMatch(/test sent a gzip body that could not be decoded/);
    expect(calls).toBe(2);
  });

  it("shares one upstream call among identical concurrent requests", async () => {
    let calls = 0;
    mswServer.use(
      http.get("https://upstream.test/api/query", async () => {
        calls++;
        await delay(30);
        return HttpResponse.text("shared");
      }),
    );
    const upstream = client();
    const answers = await Promise.all([upstream.get(URL_UNDER_TEST), upstream.get(URL_UNDER_TEST), upstream.get(URL_UNDER_TEST)]);
    expect(answers.map((answer) => answer.body)).toEqual(["shared", "shared", "shared"]);
    expect(calls).toBe(1);
  });

  it("serves a fresh cached answer without calling the upstream", async () => {
    let calls = 0;
    mswServer.use(
      http.get("https://upstream.test/api/query", () => {
        calls++;
        return HttpResponse.text(`answer ${calls}`);
      }),
    );
    const upstream = client({ cache: memoryCache() });
    const first = await upstream.get(URL_UNDER_TEST, { freshMs: 60_000 });
    const second = await upstream.get(URL_UNDER_TEST, { freshMs: 60_000 });
    expect(first.origin).toBe("network");
    expect(second).toMatchObject({ origin: "cache", body: "answer 1" });
    expect(calls).toBe(1);
  });

  it("keeps fresh answers in memory in front of the shared cache, never past their freshness", async () => {
    let calls = 0;
    mswServer.use(
      http.get("https://upstream.test/api/query", () => {
        calls += 1;
        return new HttpResponse(`answer ${calls}`);
      }),
    );
    const cache = memoryCache();
    let reads = 0;
    const counted: ResponseCache = { ...cache, get: (key) => ((reads += 1), cache.get(key)) };
    const upstream = client({ cache: counted });
    await upstream.get(URL_UNDER_TEST, { freshMs: 40 });
    const again = await upstream.get(URL_UNDER_TEST, { freshMs: 40 });
    expect(again).toMatchObject({ origin: "cache", body: "answer 1" });
    expect(reads).toBe(1);
    // Past the freshness, and past the delayed write to the shared cache, which this fake keeps fresh forever.
    await new Promise((resolve) => setTimeout(resolve, 300));
    cache.entries.clear();
    const later = await upstream.get(URL_UNDER_TEST, { freshMs: 40 });
    expect(later).toMatchObject({ origin: "network", body: "answer 2" });
  });

  it("keeps an answer's bytes, gives the same text as the upstream sent, and stores that text in the shared cache", async () => {
    const text = "Gödel — 𝔸 and plain ASCII";
    mswServer.use(http.get("https://upstream.test/api/query", () => HttpResponse.text(text)));
    const cache = memoryCache();
    const upstream = client({ cache });
    const answer = await upstream.get(URL_UNDER_TEST, { freshMs: 60_000 });
    expect(Buffer.from(answer.bytes!).toString("utf8")).toBe(text);
    expect(answer.body).toBe(text);
    const fromMemory = await upstream.get(URL_UNDER_TEST, { freshMs: 60_000 });
    expect(fromMemory).toMatchObject({ origin: "cache", body: text });
    expect(fromMemory.bytes).toBe(answer.bytes);
    // The write to the shared cache runs a moment after the answer went out.
    await vi.waitFor(() => expect(cache.entries.get(cacheKey(URL_UNDER_TEST))?.body).toBe(text), { timeout: 2000 });
  });

  it("parses an answer once: its copy in the memory cache reuses the parse made when it arrived", async () => {
    let calls = 0;
    mswServer.use(http.get("https://upstream.test/api/query", () => HttpResponse.text(`answer ${++calls}`)));
    const upstream = client({ cache: memoryCache() });
    const parsed: string[] = [];
    const parseBody = parseOnce((response) => (parsed.push(response.body), { text: response.body }));
    const first = parseBody(await upstream.get(URL_UNDER_TEST, { freshMs: 60_000 }));
    const fromMemory = await upstream.get(URL_UNDER_TEST, { freshMs: 60_000 });
    expect(fromMemory.origin).toBe("cache");
    expect(parseBody(fromMemory)).toBe(first);
    expect(parseBody(await upstream.get(URL_UNDER_TEST, { freshMs: 60_000 }))).toBe(first);
    expect(parsed).toEqual(["answer 1"]);
    // Another answer, with its own bytes, is parsed on its own.
    expect(parseBody(await upstream.get(URL_UNDER_TEST))).toEqual({ text: "answer 2" });
    expect(parsed).toEqual(["answer 1", "answer 2"]);
  });

  it("serves a stale cached answer when the upstream fails", async () => {
    const cache = memoryCache();
    cache.entries.set(cacheKey(URL_UNDER_TEST), { status: 200, contentType: "text/plain", body: "old", fetchedAt: new Date(0), fresh: false, freshUntil: 0 });
    mswServer.use(http.get("https://upstream.test/api/query", () => new HttpResponse("down", { status: 503 })));
    const response = await client({ cache }).get(URL_UNDER_TEST, { freshMs: 60_000 });
    expect(response).toMatchObject({ origin: "stale-cache", body: "old" });
  });

  it("leaves secrets out of the cache key", () => {
    expect(cacheKey("https://x.test/w?search=a&api_key=1", ["api_key"])).toBe(cacheKey("https://x.test/w?api_key=2&search=a", ["api_key"]));
  });
});

describe("parseRetryAfter", () => {
  it("reads seconds and HTTP dates", () => {
    expect(parseRetryAfter("2")).toBe(2000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter("soon")).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });
});

describe("rate limiters", () => {
  it("space request starts by the local rate", async () => {
    const limiter = createLocalRateLimiter({ perSecond: 20, concurrency: 5 });
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: 5 }, async () => {
        const release = await limiter.acquire();
        starts.push(performance.now());
        release();
      }),
    );
    starts.sort((a, b) => a - b);
    // Timers fire late now and then, so one gap may be short; the rate over the run may not be.
    expect(starts.at(-1)! - starts[0]!).toBeGreaterThanOrEqual(4 * 50 - 5);
  });

  it("the local interval limiter spaces request starts by the interval, one at a time", async () => {
    const limiter = createLocalIntervalLimiter({ intervalMs: 60 });
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        const release = await limiter.acquire();
        starts.push(performance.now());
        release();
      }),
    );
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(55);
  });

  it("the local interval limiter counts the interval from the moment a request left", async () => {
    const limiter = createLocalIntervalLimiter({ intervalMs: 60 });
    const sent: number[] = [];
    await Promise.all([
      limiter.acquire().then(async (slot) => {
        // Leaves 200 ms after its claim, past the claim's own interval (60 + the margin).
        await new Promise((resolve) => setTimeout(resolve, 200));
        slot.sending?.();
        sent.push(performance.now());
        slot();
      }),
      limiter.acquire().then((slot) => {
        slot.sending?.();
        sent.push(performance.now());
        slot();
      }),
    ]);
    expect(sent[1]! - sent[0]!).toBeGreaterThanOrEqual(60 + INTERVAL_SAFETY_MARGIN_MS - 5);
  });

  it("a free slot is granted without waiting for a timer", async () => {
    // A 0-ms timer still costs a millisecond or more on every upstream request.
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      // The one-at-a-time limiter's only timer is the cap on how long the slot is held (SLOT_HOLD_CAP_MS).
      for (const [limiter, timers] of [[createLocalIntervalLimiter({ intervalMs: 3000 }), 1], [createLocalRateLimiter({ perSecond: 5, concurrency: 5 }), 0]] as const) {
        const granted = vi.fn();
        void limiter.acquire().then(granted);
        await new Promise((resolve) => setImmediate(resolve));
        expect(granted).toHaveBeenCalled();
        expect(vi.getTimerCount()).toBe(timers);
        vi.clearAllTimers();
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it("the local interval limiter gives a slot its waiter stopped waiting for to the next one, and people go first", async () => {
    const limiter = createLocalIntervalLimiter({ intervalMs: 60 });
    const order: string[] = [];
    const take = (who: string, request: Parameters<typeof limiter.acquire>[0] = {}) =>
      limiter.acquire(request).then((release) => {
        order.push(who);
        release();
      });
    await take("first");
    const givesUp = new AbortController();
    const abandoned = take("gave up", { signal: givesUp.signal }).catch(() => "aborted");
    const background = take("background", { priority: "background" });
    const person = take("person");
    givesUp.abort();
    expect(await abandoned).toBe("aborted");
    const started = performance.now();
    await Promise.all([background, person]);
    expect(order).toEqual(["first", "person", "background"]);
    // Two slots (the person's, then the background one), not three.
    expect(performance.now() - started).toBeLessThan(3 * (60 + INTERVAL_SAFETY_MARGIN_MS));
  });

  it("the local interval limiter estimates the wait from its next slot and the queue ahead", async () => {
    const limiter = createLocalIntervalLimiter({ intervalMs: 60 });
    expect(await limiter.expectedWaitMs()).toBe(0);
    (await limiter.acquire())();
    const slot = 60 + INTERVAL_SAFETY_MARGIN_MS;
    const waiting = [limiter.acquire({ priority: "background" }).then((release) => release())];
    const estimate = await limiter.expectedWaitMs("interactive");
    // The background request holds the turn; a person would still wait for it.
    expect(estimate).toBeGreaterThan(slot);
    expect(estimate).toBeLessThanOrEqual(2 * slot);
    await Promise.all(waiting);
  });

  it("the local interval limiter does not count a request that holds its slot twice", async () => {
    const limiter = createLocalIntervalLimiter({ intervalMs: 200 });
    const slot = 200 + INTERVAL_SAFETY_MARGIN_MS;
    // Out, not yet answered: its slot is the next-slot time; a newcomer waits one interval.
    const holding = await limiter.acquire();
    const estimate = await limiter.expectedWaitMs("interactive");
    expect(estimate).toBeGreaterThan(slot - 50);
    expect(estimate).toBeLessThanOrEqual(slot);
    holding();
  });

  it("a semaphore admits at most its limit", async () => {
    const semaphore = createSemaphore(2);
    let active = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        const release = await semaphore.acquire();
        active++;
        peak = Math.max(peak, active);
        await new Promise((resolve) => setTimeout(resolve, 5));
        active--;
        release();
      }),
    );
    expect(peak).toBe(2);
  });
});

describe("politeUserAgent", () => {
  it("names Quire and the contact", () => {
    expect(politeUserAgent("https://quire.example", "ops@example.org")).toBe("Quire/0.1 (+https://quire.example; mailto:ops@example.org)");
  });
});
