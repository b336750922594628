/**
 * The server side of OAuth 1.0a (RFC 5849) as zotero.org runs it for API key exchange:
 * temporary credentials (`/oauth/request`), the user's authorization (`/oauth/authorize`,
 * see web.ts) and token credentials (`/oauth/access`), which are a new API key.
 *
 * Every request is verified for real: the protocol parameters from the `Authorization: OAuth`
 * header, the query and a form body; an HMAC-SHA1 signature over RFC 5849's signature base
 * string, keyed by the consumer secret and the token secret; a timestamp within five minutes;
 * a nonce used once per consumer and timestamp. Failures answer with the OAuth Problem
 * Reporting extension's `oauth_problem` (`signature_invalid`, `nonce_used`,
 * `timestamp_refused`, `consumer_key_unknown`, `token_rejected`, `verifier_invalid`,
 * `parameter_absent`, ...), as the OAuth libraries behind such servers do.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { KeyAccess } from "./state";

export interface OAuthConsumer {
  key: string;
  secret: string;
}

export interface RequestToken {
  token: string;
  secret: string;
  consumerKey: string;
  callback: string;
  createdMs: number;
  /** Set when the user accepted on the authorize page. */
  authorized?: { userID: number; access: KeyAccess; name: string; verifier: string; identityOnly: boolean };
}

export class OAuthProblem extends Error {
  readonly status: 400 | 401;
  readonly problem: string;
  readonly extra: Record<string, string>;

  constructor(status: 400 | 401, problem: string, extra: Record<string, string> = {}) {
    super(problem);
    this.status = status;
    this.problem = problem;
    this.extra = extra;
  }
}

/** RFC 3986 percent-encoding (OAuth's "encode"): unreserved characters only are left as they are. */
export function oauthEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

function oauthDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, "%20"));
  } catch {
    throw new OAuthProblem(400, "parameter_rejected");
  }
}

/** The parameters of an `Authorization: OAuth k="v", ...` header (realm left out). */
export function parseAuthorizationHeader(header: string | undefined): [string, string][] {
  if (!header || !/^oauth\s/i.test(header.trim())) return [];
  const params: [string, string][] = [];
  const pattern = /([A-Za-z0-9_\-.~%]+)\s*=\s*"([^"]*)"/g;
  for (let match = pattern.exec(header); match; match = pattern.exec(header)) {
    const name = oauthDecode(match[1]!);
    if (name !== "realm") params.push([name, oauthDecode(match[2]!)]);
  }
  return params;
}

/** The base string URI: scheme and host in lower case, default ports left out, no query. */
function baseUri(url: URL): string {
  const scheme = url.protocol.toLowerCase();
  const defaultPort = (scheme === "http:" && url.port === "80") || (scheme === "https:" && url.port === "443") || url.port === "";
  return `${scheme}//${url.hostname.toLowerCase()}${defaultPort ? "" : `:${url.port}`}${url.pathname}`;
}

/** RFC 5849 section 3.4.1: METHOD&encoded-URI&encoded-normalised-parameters. */
export function signatureBaseString(method: string, url: URL, params: readonly [string, string][]): string {
  const normalised = params
    .filter(([name]) => name !== "oauth_signature")
    .map(([name, value]) => [oauthEncode(name), oauthEncode(value)] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  return [method.toUpperCase(), oauthEncode(baseUri(url)), oauthEncode(normalised)].join("&");
}

export function hmacSha1Signature(baseString: string, consumerSecret: string, tokenSecret = ""): string {
  return createHmac("sha1", `${oauthEncode(consumerSecret)}&${oauthEncode(tokenSecret)}`).update(baseString).digest("base64");
}

export interface SignedRequest {
  /** All parameters: header, query and form body, in that order. */
  params: [string, string][];
  protocol: Map<string, string>;
}

/** Collects the parameters of a request (header, query, form body) for verification. */
export function collectParams(authorization: string | undefined, url: URL, formBody: string | undefined): SignedRequest {
  const all: [string, string][] = [...parseAuthorizationHeader(authorization), ...url.searchParams.entries()];
  if (formBody) for (const entry of new URLSearchParams(formBody).entries()) all.push(entry);
  // A protocol parameter sent twice with the same value (header and body, as some clients
  // send oauth_callback) counts once, as servers that merge their sources do; with two
  // different values it is refused.
  const params: [string, string][] = [];
  const protocol = new Map<string, string>();
  for (const [name, value] of all) {
    if (name.startsWith("oauth_")) {
      const known = protocol.get(name);
      if (known !== undefined) {
        if (known === value) continue;
        throw new OAuthProblem(400, "parameter_rejected", { oauth_parameters_rejected: name });
      }
      protocol.set(name, value);
    }
    params.push([name, value]);
  }
  return { params, protocol };
}

const TIMESTAMP_WINDOW_S = 300;
const REQUEST_TOKEN_TTL_MS = 60 * 60_000;

export class OAuthServer {
  private readonly consumers: readonly OAuthConsumer[];
  private readonly nonces = new Map<string, number>();
  private readonly requestTokens = new Map<string, RequestToken>();
  readonly now: () => number;

  constructor(consumers: readonly OAuthConsumer[], now: () => number = Date.now) {
    this.consumers = consumers;
    this.now = now;
  }

  /**
   * Verifies a signed request and returns its consumer (and request token when `tokenKind` is
   * "request"). `required` names the protocol parameters this endpoint needs beyond the usual.
   */
  verify(method: string, url: URL, signed: SignedRequest, options: { token: boolean; required?: string[] }): { consumer: OAuthConsumer; token?: RequestToken } {
    const { protocol } = signed;
    const required = ["oauth_consumer_key", "oauth_signature_method", "oauth_signature", "oauth_timestamp", "oauth_nonce", ...(options.token ? ["oauth_token"] : []), ...(options.required ?? [])];
    const absent = required.filter((name) => !protocol.get(name));
    if (absent.length) throw new OAuthProblem(400, "parameter_absent", { oauth_parameters_absent: absent.join("&") });
    const version = protocol.get("oauth_version");
    if (version !== undefined && version !== "1.0") throw new OAuthProblem(400, "version_rejected", { oauth_acceptable_versions: "1.0-1.0" });
    if (protocol.get("oauth_signature_method") !== "HMAC-SHA1") throw new OAuthProblem(400, "signature_method_rejected");

    const consumer = this.consumers.find((candidate) => candidate.key === protocol.get("oauth_consumer_key"));
    if (!consumer) throw new OAuthProblem(401, "consumer_key_unknown");

    const timestampText = protocol.get("oauth_timestamp")!;
    const timestamp = Number(timestampText);
    const nowS = Math.floor(this.now() / 1000);
    if (!/^\d+$/.test(timestampText) || Math.abs(nowS - timestamp) > TIMESTAMP_WINDOW_S) {
      throw new OAuthProblem(401, "timestamp_refused", { oauth_acceptable_timestamps: `${nowS - TIMESTAMP_WINDOW_S}-${nowS + TIMESTAMP_WINDOW_S}` });
    }

    let token: RequestToken | undefined;
    if (options.token) {
      token = this.requestTokens.get(protocol.get("oauth_token")!);
      if (!token || token.consumerKey !== consumer.key || token.createdMs + REQUEST_TOKEN_TTL_MS < this.now()) throw new OAuthProblem(401, "token_rejected");
    }

    const expected = hmacSha1Signature(signatureBaseString(method, url, signed.params), consumer.secret, token?.secret);
    const given = protocol.get("oauth_signature")!;
    const a = Buffer.from(expected);
    const b = Buffer.from(given);
    if (a.length !== b.length || !timingSafeEqual(a, b)) throw new OAuthProblem(401, "signature_invalid");

    // A nonce is good once per consumer and timestamp (remembered as long as the timestamp is acceptable).
    const nonceKey = `${consumer.key}\u0000${timestampText}\u0000${protocol.get("oauth_nonce")}`;
    for (const [known, seenS] of this.nonces) if (seenS < nowS - 2 * TIMESTAMP_WINDOW_S) this.nonces.delete(known);
    if (this.nonces.has(nonceKey)) throw new OAuthProblem(401, "nonce_used");
    this.nonces.set(nonceKey, timestamp);
    return { consumer, token };
  }

  issueRequestToken(consumer: OAuthConsumer, callback: string): RequestToken {
    const token: RequestToken = { token: randomBytes(10).toString("hex"), secret: randomBytes(10).toString("hex"), consumerKey: consumer.key, callback, createdMs: this.now() };
    this.requestTokens.set(token.token, token);
    return token;
  }

  /** The request token an authorize page is for, if it is still good. */
  requestToken(token: string | null | undefined): RequestToken | undefined {
    const entry = token ? this.requestTokens.get(token) : undefined;
    return entry && entry.createdMs + REQUEST_TOKEN_TTL_MS >= this.now() ? entry : undefined;
  }

  authorize(token: RequestToken, grant: Omit<NonNullable<RequestToken["authorized"]>, "verifier">): string {
    const verifier = randomBytes(10).toString("hex");
    token.authorized = { ...grant, verifier };
    return verifier;
  }

  /** Ends a request token's life (exchanged, or refused by the user). */
  consume(token: RequestToken): void {
    this.requestTokens.delete(token.token);
  }

  clear(): void {
    this.nonces.clear();
    this.requestTokens.clear();
  }
}
