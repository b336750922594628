import { Agent } from "undici";

/**
 * The connection pool every upstream request goes through. Node's default pool drops a
 * connection idle for the server's keep-alive hint minus two seconds: with arXiv's one request
 * every three seconds, and a common hint of five, each request would open a new connection
 * (a TCP and TLS handshake, and against arXiv's wish for a single connection). Here an idle
 * connection is kept until a second before the server says it will close it, and up to a
 * minute when the server gives no hint.
 */
export const upstreamAgent = new Agent({
  keepAliveTimeout: 60_000,
  keepAliveMaxTimeout: 120_000,
  keepAliveTimeoutThreshold: 1_000,
});

/** `fetch` through the upstream pool. */
export const upstreamFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, dispatcher: upstreamAgent } as RequestInit);
