/**
 * The authorization-code machinery both sandbox providers share (routes/oauth-google.ts,
 * routes/oauth-github.ts): reading an authorize request, client authentication, single-use
 * codes that expire after 60 s, PKCE (S256 and plain), access and refresh tokens. Each provider
 * keeps its own `OAuthGrants`, created per sandbox. The providers turn the failures named here
 * into their own error answers.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { SandboxOAuthClient } from "./clients";
import type { SandboxUser } from "./identity";

export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  responseType: string;
  /** Space-separated, as sent ("" when none). */
  scope: string;
  state?: string;
  nonce?: string;
  accessType?: string;
  prompt?: string;
  loginHint?: string;
  codeChallenge?: string;
  codeChallengeMethod?: "S256" | "plain";
}

export interface AuthorizeRules {
  /** Google requires `response_type=code` and a `scope`; GitHub needs neither. */
  requireResponseType: boolean;
  requireScope: boolean;
}

/**
 * The outcome of checking an authorize request. `page`: the browser cannot be sent back (the
 * client or redirect URI is wrong), so the provider shows an error page. `redirect`: the error
 * goes back to the client's redirect URI, with `state`.
 */
export type AuthorizeCheck =
  | { ok: true; request: AuthorizationRequest }
  | { ok: false; kind: "page"; reason: "unknown_client" | "missing_redirect_uri" | "invalid_redirect_uri"; description: string }
  | { ok: false; kind: "redirect"; redirectUri: string; state?: string; error: string; description: string };

const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

function optional(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name);
  return value === null || value === "" ? undefined : value;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && !url.hash;
  } catch {
    return false;
  }
}

export function checkAuthorizationRequest(params: URLSearchParams, clients: readonly SandboxOAuthClient[], rules: AuthorizeRules): AuthorizeCheck {
  const clientId = params.get("client_id") ?? "";
  if (!clients.some((client) => client.clientId === clientId)) {
    return { ok: false, kind: "page", reason: "unknown_client", description: clientId ? `The OAuth client was not found: ${clientId}` : "Missing required parameter: client_id" };
  }
  const redirectUri = params.get("redirect_uri") ?? "";
  if (!redirectUri) return { ok: false, kind: "page", reason: "missing_redirect_uri", description: "Missing required parameter: redirect_uri" };
  if (!isHttpUrl(redirectUri)) return { ok: false, kind: "page", reason: "invalid_redirect_uri", description: `Invalid parameter value for redirect_uri: ${redirectUri}` };

  const state = params.get("state") ?? undefined;
  const fail = (error: string, description: string): AuthorizeCheck => ({ ok: false, kind: "redirect", redirectUri, state, error, description });
  const responseType = params.get("response_type") ?? "";
  if (responseType ? responseType !== "code" : rules.requireResponseType) {
    return responseType ? fail("unsupported_response_type", `Unsupported response_type: ${responseType}`) : fail("invalid_request", "Missing required parameter: response_type");
  }
  const scope = (params.get("scope") ?? "").trim();
  if (!scope && rules.requireScope) return fail("invalid_request", "Missing required parameter: scope");

  const codeChallenge = optional(params, "code_challenge");
  const method = optional(params, "code_challenge_method");
  if (method && !codeChallenge) return fail("invalid_request", "code_challenge_method without code_challenge");
  if (method && method !== "S256" && method !== "plain") return fail("invalid_request", `Unsupported code_challenge_method: ${method}`);
  if (codeChallenge && !PKCE_VALUE.test(codeChallenge)) return fail("invalid_request", "Invalid code_challenge: 43-128 characters of A-Z a-z 0-9 - . _ ~");

  const prompt = optional(params, "prompt");
  // Nobody is ever signed in at the sandbox, so a silent sign-in cannot succeed.
  if (prompt?.split(" ").includes("none")) return fail("login_required", "The user is not signed in and prompt=none forbids asking.");

  return {
    ok: true,
    request: {
      clientId,
      redirectUri,
      responseType: responseType || "code",
      scope,
      state,
      nonce: optional(params, "nonce"),
      accessType: optional(params, "access_type"),
      prompt,
      loginHint: optional(params, "login_hint") ?? optional(params, "login"),
      codeChallenge,
      codeChallengeMethod: codeChallenge ? ((method as "S256" | "plain" | undefined) ?? "plain") : undefined,
    },
  };
}

/** `redirectUri` with `params` added to its query (keeping the query it has); undefined values are left out. */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.append(name, value);
  return url.toString();
}

/** What a code, and the tokens issued for it, stand for. */
export interface Grant {
  request: AuthorizationRequest;
  user: SandboxUser;
}

interface CodeEntry {
  grant: Grant;
  expiresAt: number;
  used: boolean;
  /** Tokens issued for this code: revoked if the code is presented again. */
  tokens: string[];
}

export interface TokenEntry {
  grant: Grant;
  /** Epoch ms, or undefined for tokens that do not expire (GitHub). */
  expiresAt: number | undefined;
}

export type RedeemFailure =
  | "unknown_code"
  | "expired_code"
  | "replayed_code"
  | "client_mismatch"
  | "redirect_uri_missing"
  | "redirect_uri_mismatch"
  | "code_verifier_missing"
  | "code_verifier_mismatch"
  | "code_verifier_unexpected";

export type RedeemResult = { ok: true; grant: Grant; code: string } | { ok: false; reason: RedeemFailure; description: string };

export interface RedeemInput {
  code: string;
  clientId: string;
  /** As sent to the token endpoint (undefined when absent). */
  redirectUri: string | undefined;
  codeVerifier: string | undefined;
  /** Google requires redirect_uri at the token endpoint; GitHub only checks it when given. */
  requireRedirectUri: boolean;
}

export interface OAuthGrantsOptions {
  clients: readonly SandboxOAuthClient[];
  /** The clock (epoch ms); tests move it. */
  now?: () => number;
  /** 60 s by default. */
  codeTtlMs?: number;
}

/** Token stores are capped, oldest dropped, so a long demo run cannot grow without bound. */
const MAX_TOKENS = 10_000;
/** Used and expired codes are remembered this long (to recognise a replay), then forgotten. */
const CODE_MEMORY_MS = 10 * 60_000;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function pkceChallenge(verifier: string, method: "S256" | "plain"): string {
  return method === "plain" ? verifier : createHash("sha256").update(verifier).digest("base64url");
}

export function randomToken(bytes: number, encoding: "base64url" | "hex" = "base64url"): string {
  return randomBytes(bytes).toString(encoding);
}

export class OAuthGrants {
  private readonly codes = new Map<string, CodeEntry>();
  private readonly accessTokens = new Map<string, TokenEntry>();
  private readonly refreshTokens = new Map<string, Grant>();
  readonly now: () => number;
  private readonly codeTtlMs: number;

  constructor(private readonly options: OAuthGrantsOptions) {
    this.now = options.now ?? Date.now;
    this.codeTtlMs = options.codeTtlMs ?? 60_000;
  }

  /** The client if the id is registered and the secret is its secret. */
  authenticateClient(clientId: string | undefined, clientSecret: string | undefined): SandboxOAuthClient | undefined {
    if (!clientId || clientSecret === undefined) return undefined;
    const client = this.options.clients.find((candidate) => candidate.clientId === clientId);
    return client && sameText(client.clientSecret, clientSecret) ? client : undefined;
  }

  issueCode(grant: Grant, code: string): string {
    const now = this.now();
    for (const [known, entry] of this.codes) if (entry.expiresAt + CODE_MEMORY_MS < now) this.codes.delete(known);
    this.codes.set(code, { grant, expiresAt: now + this.codeTtlMs, used: false, tokens: [] });
    return code;
  }

  redeemCode(input: RedeemInput): RedeemResult {
    const entry = this.codes.get(input.code);
    if (!entry) return { ok: false, reason: "unknown_code", description: "The code is not one this provider issued." };
    if (entry.used) {
      // RFC 6749 4.1.2: a code used twice revokes what it gave.
      for (const token of entry.tokens) {
        this.accessTokens.delete(token);
        this.refreshTokens.delete(token);
      }
      entry.tokens = [];
      return { ok: false, reason: "replayed_code", description: "The code has already been used." };
    }
    if (this.now() >= entry.expiresAt) return { ok: false, reason: "expired_code", description: "The code has expired." };
    const { request } = entry.grant;
    if (input.clientId !== request.clientId) return { ok: false, reason: "client_mismatch", description: "The code was issued to another client." };
    if (input.redirectUri === undefined) {
      if (input.requireRedirectUri) return { ok: false, reason: "redirect_uri_missing", description: "Missing parameter: redirect_uri" };
    } else if (input.redirectUri !== request.redirectUri) {
      return { ok: false, reason: "redirect_uri_mismatch", description: "The redirect_uri differs from the one in the authorization request." };
    }
    if (request.codeChallenge) {
      if (!input.codeVerifier) return { ok: false, reason: "code_verifier_missing", description: "Missing code verifier." };
      if (!sameText(pkceChallenge(input.codeVerifier, request.codeChallengeMethod ?? "plain"), request.codeChallenge)) {
        return { ok: false, reason: "code_verifier_mismatch", description: "Invalid code verifier." };
      }
    } else if (input.codeVerifier) {
      return { ok: false, reason: "code_verifier_unexpected", description: "code_verifier was sent, but the authorization request had no code_challenge." };
    }
    entry.used = true;
    return { ok: true, grant: entry.grant, code: input.code };
  }

  /** Stores an access token; `code` ties it to the code it was issued for (revoked on replay). */
  addAccessToken(token: string, grant: Grant, ttlMs: number | undefined, code?: string): TokenEntry {
    const entry: TokenEntry = { grant, expiresAt: ttlMs === undefined ? undefined : this.now() + ttlMs };
    this.accessTokens.set(token, entry);
    this.trim(this.accessTokens);
    if (code) this.codes.get(code)?.tokens.push(token);
    return entry;
  }

  addRefreshToken(token: string, grant: Grant, code?: string): void {
    this.refreshTokens.set(token, grant);
    this.trim(this.refreshTokens);
    if (code) this.codes.get(code)?.tokens.push(token);
  }

  /** The grant behind a live access token. */
  accessToken(token: string): TokenEntry | undefined {
    const entry = this.accessTokens.get(token);
    if (!entry) return undefined;
    if (entry.expiresAt !== undefined && this.now() >= entry.expiresAt) {
      this.accessTokens.delete(token);
      return undefined;
    }
    return entry;
  }

  refreshToken(token: string, clientId: string): Grant | undefined {
    const grant = this.refreshTokens.get(token);
    return grant && grant.request.clientId === clientId ? grant : undefined;
  }

  revoke(token: string): boolean {
    return this.accessTokens.delete(token) || this.refreshTokens.delete(token);
  }

  private trim(map: Map<string, unknown>): void {
    while (map.size > MAX_TOKENS) {
      const oldest = map.keys().next().value;
      if (oldest === undefined) break;
      map.delete(oldest);
    }
  }
}

/**
 * Client credentials from `Authorization: Basic` (client_secret_basic: both parts
 * form-urlencoded, RFC 6749 2.3.1) or from the body (client_secret_post).
 */
export function clientCredentials(authorization: string | undefined, body: URLSearchParams): { clientId?: string; clientSecret?: string } {
  const match = /^Basic\s+(\S+)$/i.exec(authorization ?? "");
  if (match) {
    const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon >= 0) {
      const part = (text: string) => {
        try {
          return decodeURIComponent(text.replace(/\+/g, " "));
        } catch {
          return text;
        }
      };
      return { clientId: part(decoded.slice(0, colon)), clientSecret: part(decoded.slice(colon + 1)) };
    }
  }
  return { clientId: body.get("client_id") ?? undefined, clientSecret: body.get("client_secret") ?? undefined };
}

/** The token request's parameters: form-encoded (the standard), multipart, or JSON (GitHub accepts it), plus any in the query. */
export async function requestParams(request: Request): Promise<URLSearchParams> {
  const params = new URLSearchParams(new URL(request.url).search);
  const type = request.headers.get("content-type") ?? "";
  const set = (name: string, value: unknown) => {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") params.set(name, String(value));
  };
  try {
    if (type.includes("application/json")) {
      const json: unknown = await request.json();
      if (json && typeof json === "object") for (const [name, value] of Object.entries(json)) set(name, value);
    } else if (type.includes("multipart/form-data")) {
      for (const [name, value] of await request.formData()) set(name, value);
    } else {
      for (const [name, value] of new URLSearchParams(await request.text())) params.set(name, value);
    }
  } catch {
    // An unreadable body is a request without parameters; the endpoint says what is missing.
  }
  return params;
}

/** The token in `Authorization: Bearer <token>` (or GitHub's `token <token>`). */
export function bearerToken(authorization: string | undefined, schemes: readonly string[] = ["bearer"]): string | undefined {
  const match = /^(\S+)\s+(\S+)$/.exec(authorization?.trim() ?? "");
  return match && schemes.includes(match[1]!.toLowerCase()) ? match[2] : undefined;
}
