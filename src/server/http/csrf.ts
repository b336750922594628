import { createMiddleware } from "hono/factory";
import type { Config } from "@/server/config";
import { errors } from "@/server/errors";

/** The Vite dev server's origins, trusted alongside the public URL. */
export const DEV_ORIGINS = ["http://localhost:5173", "http://127.0.0.1:5173"] as const;

const MUTATING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Origins allowed to send cookie-authenticated writes: the public URL and the dev server. */
export function trustedOrigins(config: Pick<Config, "publicUrl">): string[] {
  return [config.publicUrl, ...DEV_ORIGINS].map(originOf).filter((origin): origin is string => origin !== null);
}

/**
 * Whether a request must be refused as a cross-site request forgery. Only cookie-carrying
 * writes without a bearer token are at risk: a browser attaches cookies to a forged request
 * but no site can make it send an `Authorization` header cross-site without CORS consent.
 * Such a write must come from a trusted `Origin` (or `Referer` when the browser sent no
 * Origin), or be marked `Sec-Fetch-Site: same-origin` by the browser.
 */
export function isForgeryRisk(request: { method: string; headers: Headers }, trusted: readonly string[]): boolean {
  if (!MUTATING_METHODS.has(request.method.toUpperCase())) return false;
  const { headers } = request;
  if (!headers.get("cookie")?.trim()) return false;
  if (/^bearer\s+\S/i.test(headers.get("authorization") ?? "")) return false;
  if (headers.get("sec-fetch-site")?.toLowerCase() === "same-origin") return false;
  const claimed = headers.get("origin") ?? headers.get("referer");
  const origin = claimed ? originOf(claimed) : null;
  return origin === null || !trusted.includes(origin);
}

/** Refuses forged cookie-authenticated writes with 403 `forbidden` "Cross-site request refused.". */
export function csrfProtection(options: { trustedOrigins: readonly string[] }) {
  const trusted = options.trustedOrigins.map(originOf).filter((origin): origin is string => origin !== null);
  return createMiddleware(async (c, next) => {
    if (isForgeryRisk({ method: c.req.method, headers: c.req.raw.headers }, trusted)) {
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
