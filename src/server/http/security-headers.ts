import type { Context, Next } from "hono";
import { createMiddleware } from "hono/factory";

/**
 * The Content-Security-Policy allows what the SPA needs and no more: its own scripts
 * (no inline script), inline styles (Radix positions popovers with style attributes),
 * images from anywhere over https (paper thumbnails), pdf.js workers from blob:, and
 * API calls to its own origin only. Nothing may frame the app.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The policy with more origins the app may call: the language-model providers an anonymous
 * visitor's browser calls itself (with their own key), as the operator configured them.
 */
export function contentSecurityPolicy(connectOrigins: readonly string[] = []): string {
  if (connectOrigins.length === 0) return CONTENT_SECURITY_POLICY;
  return CONTENT_SECURITY_POLICY.replace("connect-src 'self'", `connect-src 'self' ${[...new Set(connectOrigins)].join(" ")}`);
}

const SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

/**
 * Puts `headers` on the answer the rest of the chain builds. They are set before it runs, so
 * `c.json()` and `c.body()` build the answer with them: set on a finished answer, Hono rebuilds
 * it around its body as a stream, and the Node server then copies that stream in chunks instead
 * of writing the body in one go (about a millisecond on a search answer). A handler that returns
 * a Response object of its own does not take prepared headers; that answer gets them afterwards.
 */
export async function withAnswerHeaders(c: Context, headers: Record<string, string>, next: Next): Promise<void> {
  for (const name in headers) c.header(name, headers[name]);
  try {
    await next();
  } finally {
    const probe = Object.keys(headers)[0];
    if (probe && !c.res.headers.has(probe)) for (const name in headers) c.header(name, headers[name]);
  }
}

export const securityHeaders = createMiddleware((c, next) => withAnswerHeaders(c, SECURITY_HEADERS, next));

/** The security headers with a policy that also lets the page call `connectOrigins`. */
export function createSecurityHeaders(options: { connectOrigins: readonly string[] }) {
  const headers = { ...SECURITY_HEADERS, "Content-Security-Policy": contentSecurityPolicy(options.connectOrigins) };
  return createMiddleware((c, next) => withAnswerHeaders(c, headers, next));
}
