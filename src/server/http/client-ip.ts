import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/** The header better-auth reads the client's address from (its rate limits are per IP). */
export const CLIENT_IP_HEADER = "x-quire-client-ip";

/**
 * The client's address: the first X-Forwarded-For hop when Quire is configured to trust its
 * reverse proxy, else the socket's peer. A client-sent X-Forwarded-For is ignored otherwise.
 */
export function clientIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // Not running on a Node socket (in-process app.request() in tests).
    return null;
  }
}

/**
 * The request with CLIENT_IP_HEADER set to `ip` (or removed), whatever the client sent, and
 * `body` as its body: the bytes already read from it (refuseUnstorableInput reads an API
 * request's body once), or null for a request without one.
 */
export function withClientIp(request: Request, ip: string | null, body: ArrayBuffer | null): Request {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
}
