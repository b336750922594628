/**
 * How an emulated upstream plugs into the sandbox. Each lives in `routes/<upstream>.ts`, exports
 * an `Upstream` and is listed once in `routes/registry.ts`. Its handlers sit behind
 * `context.route(name)`, which records every request and applies the faults tests queue for
 * that route name (see control/faults.ts).
 */
import type { Context, Hono, MiddlewareHandler } from "hono";
import { FaultQueue, faultResponse, garble, type Fault } from "./control/faults";
import { RequestLog } from "./control/request-log";
import { MailStore } from "./smtp/mail-store";

export interface Upstream {
  /** Short name, e.g. "arxiv". */
  name: string;
  /** Route names it owns, e.g. ["arxiv-api", "arxiv-pdf"]: the names faults and the request log use. */
  routes: readonly string[];
  /** Adds its handlers; each must go through `context.route(<one of routes>)`. */
  register(app: Hono, context: SandboxContext): void;
}

export interface SandboxContext {
  faults: FaultQueue;
  requests: RequestLog;
  /**
   * Every request the sandbox received, whatever its path (control API and unknown paths too),
   * so a test can check the app never reached a path it should not (`/__control/arrivals`).
   */
  arrivals: RequestLog;
  /** What the SMTP sink received (smtp/smtp-sink.ts), read through `/__control/mail`. */
  mail: MailStore;
  /** Every registered route name. */
  routeNames: ReadonlySet<string>;
  /** Middleware for a route: records the request, then applies the first queued fault. */
  route(name: string): MiddlewareHandler;
  /** Ends every request held by a `hang` fault (on close). */
  releaseHangs(): void;
}

/**
 * Replaces the response outright. Assigning `c.res` while one is set makes Hono copy the old
 * headers onto the new one (a stale Content-Length would then describe a different body).
 */
function replaceResponse(c: Context, response: Response): void {
  c.res = undefined;
  c.res = response;
}

/** Waits `ms`, or less if the request is abandoned first. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The `reply` a fault asked of a request's handler (the LLM route's prose or schema-breaking answers). */
const requestedReplies = new WeakMap<Request, NonNullable<Fault["reply"]>>();

/** The answer a queued fault asks this request's handler to give instead of its own, if any. */
export function requestedReply(request: Request): Fault["reply"] {
  return requestedReplies.get(request);
}

export function createSandboxContext(upstreams: readonly Upstream[]): SandboxContext {
  const faults = new FaultQueue();
  const requests = new RequestLog();
  const arrivals = new RequestLog();
  const mail = new MailStore();
  const routeNames = new Set(upstreams.flatMap((upstream) => upstream.routes));
  const hangs = new Set<() => void>();

  /** Resolves when the client disconnects or the sandbox closes, never with an answer. */
  const holdUntilAbandoned = (signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      const done = () => {
        hangs.delete(done);
        resolve();
      };
      hangs.add(done);
      signal.addEventListener("abort", done);
    });

  /** Path and query as text a test can match (`+` and percent-escapes decoded). */
  const decodedTarget = (url: string): string => {
    const { pathname, search } = new URL(url);
    try {
      return decodeURIComponent(`${pathname}${search}`.replace(/\+/g, " "));
    } catch {
      return `${pathname}${search}`;
    }
  };

  const route = (name: string): MiddlewareHandler => {
    if (!routeNames.has(name)) throw new Error(`Route name ${name} is not declared by any upstream`);
    return async (c, next) => {
      const entry = requests.record(name, c.req.raw);
      const fault = faults.take(name, decodedTarget(c.req.url));
      if (fault?.latencyMs) await sleep(fault.latencyMs, c.req.raw.signal);
      if (fault?.hang) {
        await holdUntilAbandoned(c.req.raw.signal);
        // Nobody is listening any more; this answer only lets the handler finish.
        return new Response(null, { status: 499 });
      }
      if (fault?.status !== undefined) {
        replaceResponse(c, faultResponse({ ...fault, status: fault.status }));
      } else {
        if (fault?.reply) requestedReplies.set(c.req.raw, fault.reply);
        await next();
        if (fault?.malformed) replaceResponse(c, await garble(c.res));
        if (fault?.headers) {
          const headers = new Headers(c.res.headers);
          for (const [name, value] of Object.entries(fault.headers)) headers.set(name, value);
          replaceResponse(c, new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers }));
        }
      }
      entry.status = c.res.status;
      return c.res;
    };
  };

  return {
    faults,
    requests,
    arrivals,
    mail,
    routeNames,
    route,
    releaseHangs: () => {
      for (const release of [...hangs]) release();
    },
  };
}
