import { brotliDecompressSync, constants as zlibConstants, gunzipSync, inflateRawSync, inflateSync } from "node:zlib";
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

/** What one request sends: a GET unless another method (and a body) is given. */
export type UpstreamRequestInit = { headers: Record<string, string>; signal: AbortSignal; method?: string; body?: string };

/** One request without following redirects; rejects on network failure or when `signal` aborts. */
export type UpstreamTransport = (url: string, init: UpstreamRequestInit) => Promise<UpstreamReply>;

/** Upstream answers come compressed over the network, as fetch asks for them: an arXiv page is a quarter the size. */
export const UPSTREAM_ACCEPT_ENCODING = "gzip, deflate, br";

/**
 * The transport upstream API calls use: undici's own request API over the upstream pool. The
 * WHATWG fetch on top of the same pool passes each body through a web stream, chunk by chunk,
 * which costs every call time for nothing.
 */
export const upstreamRequest: UpstreamTransport = async (url, { headers, signal, method = "GET", body }) => {
  const target = new URL(url);
  const answer = await upstreamAgent.request({
    origin: target.origin,
    path: target.pathname + target.search,
    method: method as "GET",
    body,
    headers: { "accept-encoding": UPSTREAM_ACCEPT_ENCODING, ...headers },
    signal,
  });
  const encoding = answer.headers["content-encoding"];
  return {
    status: answer.statusCode,
    statusText: "",
    header(name) {
      const value = answer.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
    bytes: async () => decoded(new Uint8Array(await answer.body.arrayBuffer()), typeof encoding === "string" ? encoding : undefined),
    discard: () => answer.body.dump().then(() => undefined),
  };
};

/** More than any answer an upstream API sends; a body that would inflate past it is refused. */
const MAX_DECODED_BYTES = 256 * 1024 * 1024;

/** The body arrived but its content coding could not be undone (corrupt, unknown, or too large once inflated). */
export class UndecodableBodyError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "UndecodableBodyError";
  }
}

/** The body as the upstream meant it, undoing the content coding it was sent with. */
function decoded(bytes: Uint8Array, encoding: string | undefined): Uint8Array {
  const coding = encoding?.trim().toLowerCase();
  if (!coding || coding === "identity" || bytes.byteLength === 0) return bytes;
  const options = { maxOutputLength: MAX_DECODED_BYTES };
  try {
    if (coding === "gzip" || coding === "x-gzip") return gunzipSync(bytes, { ...options, finishFlush: zlibConstants.Z_SYNC_FLUSH });
    if (coding === "br") return brotliDecompressSync(bytes, options);
    // "deflate" is zlib-wrapped by the standard, raw in some servers' hands.
    if (coding === "deflate") return (bytes[0]! & 0x0f) === 8 ? inflateSync(bytes, options) : inflateRawSync(bytes, options);
  } catch (error) {
    throw new UndecodableBodyError(`a ${coding} body that could not be decoded: ${(error as Error).message}`, { cause: error });
  }
  throw new UndecodableBodyError(`unsupported content encoding ${coding}`);
}

/** The same transport over a fetch function (tests use it with the fetch their mocks intercept). */
export function transportFromFetch(fetchImpl: typeof fetch): UpstreamTransport {
  return async (url, { headers, signal, method, body }) => {
    const response = await fetchImpl(url, { headers, signal, redirect: "manual", method, body });
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
