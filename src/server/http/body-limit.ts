import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { envelope, errors } from "@/server/errors";

/**
 * A body declared (Content-Length) a little over its limit, at most this many times it, is
 * read to its end and thrown away before the 413, for at most OVERSIZED_BODY_DRAIN_MS: the
 * connection stays usable (keep-alive) and the client, still sending, is not cut off before
 * it reads the answer. A larger one, or one not in by then, gets a 413 that says
 * `Connection: close`, and the server closes the connection after it without reading on: a
 * flood of large bodies costs it no reading.
 */
export const OVERSIZED_BODY_DRAIN_FACTOR = 2;
export const OVERSIZED_BODY_DRAIN_MS = 2_000;

function nodeRequest(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/** Reads the rest of the request body and drops it; true when it ended within the time allowed. */
function drain(incoming: IncomingMessage, timeoutMs: number): Promise<boolean> {
  if (incoming.readableEnded) return Promise.resolve(true);
  if (incoming.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      incoming.off("data", discard);
      incoming.off("end", onEnd);
      incoming.off("error", onError);
      incoming.off("close", onError);
      resolve(ended);
    };
    const discard = () => undefined;
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    const timer = setTimeout(() => finish(false), timeoutMs);
    incoming.on("data", discard);
    incoming.once("end", onEnd);
    incoming.once("error", onError);
    incoming.once("close", onError);
    incoming.resume();
  });
}

/** The 413, on a connection left usable when the body could be drained, else announced as closing. */
async function refuse(c: Context, limitBytes: number, declaredBytes: number | null): Promise<Response> {
  const incoming = nodeRequest(c);
  const drained =
    incoming !== undefined &&
    declaredBytes !== null &&
    declaredBytes <= limitBytes * OVERSIZED_BODY_DRAIN_FACTOR &&
    (await drain(incoming, OVERSIZED_BODY_DRAIN_MS));
  return c.json(envelope(errors.payloadTooLarge(limitBytes)), 413, drained ? undefined : { Connection: "close" });
}

/**
 * The largest request body each path takes: `limits` names paths (exactly) with a smaller
 * limit of their own (a product-events batch is small), any other gets `defaultBytes`. A body declared
 * larger is refused (413) before anything reads it; one sent without a length (chunked) is
 * counted as it is read. GET and HEAD are let through untouched: reading `body` makes the Node
 * adapter build a whole WHATWG Request (headers, abort controller, stream) even for a GET.
 */
export function limitRequestBody(defaultBytes: number, limits: Record<string, number> = {}): MiddlewareHandler {
  const streamed = new Map<number, MiddlewareHandler>();
  const streamedLimit = (maxBytes: number) => {
    let limit = streamed.get(maxBytes);
    if (!limit) {
      limit = bodyLimit({ maxSize: maxBytes, onError: (c) => refuse(c, maxBytes, null) });
      streamed.set(maxBytes, limit);
    }
    return limit;
  };
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD") return next();
    const maxBytes = Math.min(limits[c.req.path] ?? defaultBytes, defaultBytes);
    const incoming = nodeRequest(c);
    const headers = incoming?.headers;
    const length = headers ? headers["content-length"] : c.req.header("content-length");
    const chunked = headers ? headers["transfer-encoding"] !== undefined : c.req.header("transfer-encoding") !== undefined;
    if (length !== undefined && !chunked) {
      const declared = Number(length);
      if (Number.isFinite(declared) && declared > maxBytes) return refuse(c, maxBytes, declared);
      return next();
    }
    return streamedLimit(maxBytes)(c, next);
  };
}
