import { createMiddleware } from "hono/factory";
import type { Config } from "@/server/config";
import { errors } from "@/server/errors";

/** The Vite dev server's origins, trusted in development only. */
export const DEV_ORIGINS = ["http://localhost:5173", "http://127.0.0.1:5173"] as const;

const MUTATING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Which origins may send cookie-authenticated writes: exactly `PUBLIC_URL` in production (plus
 * the Vite dev server in development). With no `PUBLIC_URL` (the demo, a local `npm start`)
 * Quire does not know its own address, so the address the page was opened at counts as its
 * own: `http://127.0.0.1:3000` or a phone's `http://192.168.1.20:3000` work as `localhost` does.
 */
export type OriginPolicy = { trusted: readonly string[]; ownAddress: boolean };

export function originPolicy(config: Pick<Config, "publicUrl" | "PUBLIC_URL" | "NODE_ENV">): OriginPolicy {
  const trusted = [config.publicUrl, ...(config.NODE_ENV === "development" ? DEV_ORIGINS : [])].map(originOf).filter((origin): origin is string => origin !== null);
  return { trusted: [...new Set(trusted)], ownAddress: !config.PUBLIC_URL };
}

/** The origin of the address a request was sent to (`http://{Host}`), or null. */
function requestOrigin(url: string): string | null {
  return originOf(url);
}

/** Origins for better-auth's own check (sign-up, sign-in): the same policy, asked per request. */
export function betterAuthOrigins(policy: OriginPolicy): string[] | ((request?: Request) => string[]) {
  if (!policy.ownAddress) return [...policy.trusted];
  return (request) => {
    const own = request ? requestOrigin(request.url) : null;
    return own ? [...policy.trusted, own] : [...policy.trusted];
  };
}

/**
 * Whether a request must be refused as a cross-site request forgery. Only cookie-carrying
 * writes without a bearer token are at risk: a browser attaches cookies to a forged request
 * but no site can make it send an `Authorization` header cross-site without CORS consent.
 * Such a write must come from a trusted `Origin` (or `Referer` when the browser sent no
 * Origin), or be marked `Sec-Fetch-Site: same-origin` by the browser.
 */
export function isForgeryRisk(request: { method: string; headers: Headers; url?: string }, policy: OriginPolicy): boolean {
  if (!MUTATING_METHODS.has(request.method.toUpperCase())) return false;
  const { headers } = request;
  if (!headers.get("cookie")?.trim()) return false;
  if (/^bearer\s+\S/i.test(headers.get("authorization") ?? "")) return false;
  if (headers.get("sec-fetch-site")?.toLowerCase() === "same-origin") return false;
  const claimed = headers.get("origin") ?? headers.get("referer");
  const origin = claimed ? originOf(claimed) : null;
  if (origin === null) return true;
  if (policy.trusted.includes(origin)) return false;
  return !(policy.ownAddress && request.url !== undefined && origin === requestOrigin(request.url));
}

/** Refuses forged cookie-authenticated writes with 403 `forbidden` "Cross-site request refused.". */
export function csrfProtection(policy: OriginPolicy) {
  return createMiddleware(async (c, next) => {
    if (isForgeryRisk({ method: c.req.method, headers: c.req.raw.headers, url: c.req.url }, policy)) {
      throw errors.forbidden("Cross-site request refused.");
    }
    await next();
  });
}

/** `scheme://host[:port]` of a URL, or null for "null", opaque origins and garbage. */
function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}
