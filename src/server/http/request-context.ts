import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Logger } from "@/server/logger";
import type { AppEnv } from "./context";
import { withAnswerHeaders } from "./security-headers";

const ACCEPTABLE_INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * A request header as Node parsed it, when the request came through the Node server (its
 * `incoming` message is in `c.env`): `c.req.header()` would first copy every header into a
 * WHATWG Headers object, on every request. Elsewhere (tests' `app.request()`), through Hono.
 */
function rawHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Gives each request an id (the caller's X-Request-Id when it is sane, else a new UUID),
 * a child logger that stamps it on every line, and echoes it in the X-Request-Id header.
 * Logs one line per finished request, and hands its time to `record` (the performance logs)
 * under the route pattern the router matched.
 */
export function requestContext(logger: Logger, record?: (method: string, route: string, status: number, ms: number) => void) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const incoming = rawHeader(c, "x-request-id");
    const requestId = incoming && ACCEPTABLE_INCOMING_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ reqId: requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    const started = performance.now();
    try {
      await withAnswerHeaders(c, { "X-Request-Id": requestId }, next);
    } finally {
      const status = c.res.status;
      const elapsed = performance.now() - started;
      record?.(c.req.method, c.req.routePath, status, elapsed);
      const line = {
        method: c.req.method,
        path: c.req.path,
        status,
        ms: Math.round(elapsed * 10) / 10,
      };
      if (status >= 500) log.error(line, "request failed");
      else if (c.req.path.startsWith("/api/")) log.info(line, "request");
      else log.debug(line, "request");
    }
  });
}
