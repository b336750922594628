import { createHash } from "node:crypto";
import type { Context, Next } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context";

/**
 * The Content-Security-Policy allows what the SPA needs and no more: its own scripts (and, in
 * a page, exactly the inline scripts the build wrote into it: withScriptHashes), inline styles
 * (Radix positions popovers with style attributes), images from anywhere over https (paper
 * thumbnails), pdf.js workers from blob:, and API calls to its own origin only. Nothing may
 * frame the app.
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

/** An inline <script> element without a src: its body is what the browser hashes. */
const INLINE_SCRIPT = /<script(?:\s+(?!src\b)[\w-]+(?:="[^"]*")?)*\s*>([\s\S]*?)<\/script>/gi;

/**
 * The CSP source of each inline script of `html` ('sha256-{base64}', of its exact text). Only
 * for HTML Quire wrote itself (the built index.html): a hash allows whatever script it names.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, body] of html.matchAll(INLINE_SCRIPT)) hashes.add(`'sha256-${createHash("sha256").update(body!, "utf8").digest("base64")}'`);
  return [...hashes];
}

/** The policy with these inline scripts allowed as well (nothing else changes). */
export function withScriptHashes(policy: string, hashes: readonly string[]): string {
  if (hashes.length === 0) return policy;
  return policy.replace("script-src 'self'", `script-src 'self' ${hashes.join(" ")}`);
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

/**
 * The security headers with a policy that also lets the page call `connectOrigins`. The policy
 * is left in `c.var.contentSecurityPolicy` for a page to add its inline scripts to (static-site.ts).
 */
export function createSecurityHeaders(options: { connectOrigins: readonly string[] }) {
  const policy = contentSecurityPolicy(options.connectOrigins);
  const headers = { ...SECURITY_HEADERS, "Content-Security-Policy": policy };
  return createMiddleware<AppEnv>((c, next) => {
    c.set("contentSecurityPolicy", policy);
    return withAnswerHeaders(c, headers, next);
  });
}
