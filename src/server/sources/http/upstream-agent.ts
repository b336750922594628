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

/** What the upstream client needs of an answer: status, headers, and the body read whole or dropped. */
export type UpstreamReply = {
  status: number;
  /** The reason phrase when the transport has one ("" otherwise). */
  statusText: string;
  header(name: string): string | null;
  bytes(): Promise<Uint8Array>;
  discard(): Promise<void>;
};

/** One GET without following redirects; rejects on network failure or when `signal` aborts. */
export type UpstreamTransport = (url: string, init: { headers: Record<string, string>; signal: AbortSignal }) => Promise<UpstreamReply>;

/**
 * The transport upstream API calls use: undici's own request API over the upstream pool. The
 * WHATWG fetch on top of the same pool passes each body through a web stream, chunk by chunk;
 * for a 120 KB arXiv page that costs about a millisecond more per call.
 */
export const upstreamRequest: UpstreamTransport = async (url, { headers, signal }) => {
  const target = new URL(url);
  const answer = await upstreamAgent.request({ origin: target.origin, path: target.pathname + target.search, method: "GET", headers, signal });
  return {
    status: answer.statusCode,
    statusText: "",
    header(name) {
      const value = answer.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
    bytes: async () => new Uint8Array(await answer.body.arrayBuffer()),
    discard: () => answer.body.dump().then(() => undefined),
  };
};

/** The same transport over a fetch function (tests use it with the fetch their mocks intercept). */
export function transportFromFetch(fetchImpl: typeof fetch): UpstreamTransport {
  return async (url, { headers, signal }) => {
    const response = await fetchImpl(url, { headers, signal, redirect: "manual" });
    return {
      status: response.status,
      statusText: response.statusText,
      header: (name) => response.headers.get(name),
      bytes: async () => new Uint8Array(await response.arrayBuffer()),
      discard: async () => {
        await response.body?.cancel().catch(() => undefined);
      },
    };
  };
}
