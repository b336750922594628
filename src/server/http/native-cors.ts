import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";

/**
 * The origins the Android (and iOS) app's WebView serves Quire's pages from: Capacitor's
 * default `https://localhost` and `capacitor://localhost`. The app calls /api on the site's
 * origin with its bearer token, which a browser allows only with CORS.
 */
export const NATIVE_APP_ORIGINS: readonly string[] = ["https://localhost", "capacitor://localhost"];

/**
 * CORS for the native app's origins, and no other: a page elsewhere still cannot read Quire's
 * answers. Credentials are allowed because better-auth's client sends its requests with them;
 * the session cookie is SameSite=Lax, so a cross-site request never carries it, and the app
 * authenticates with `Authorization: Bearer` (which no site can send without this consent).
 * pdf.js reads a PDF in ranges, so Range goes in and Content-Range comes out.
 */
const appOriginsCors = cors({
  origin: (origin) => (NATIVE_APP_ORIGINS.includes(origin) ? origin : null),
  allowMethods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
  allowHeaders: ["Authorization", "Content-Type", "Accept", "Range"],
  exposeHeaders: ["Content-Range", "Content-Length", "Accept-Ranges", "X-Request-Id"],
  credentials: true,
  maxAge: 600,
});

/**
 * The CORS middleware runs for preflights and for the app's own origins only. Hono's `cors`
 * writes its headers on the answer before the route has made it, so the route's answer was then
 * copied into a web Response and sent by reading its stream, where the Node adapter otherwise
 * writes the bytes it was given (about 1 ms of a 50-paper search answer); on a request from the
 * site itself, or from an origin given no consent, those headers said nothing a browser acts on.
 */
export const nativeAppCors: MiddlewareHandler = (c, next) => {
  const origin = c.req.header("origin");
  if (c.req.method === "OPTIONS" || (origin !== undefined && NATIVE_APP_ORIGINS.includes(origin))) return appOriginsCors(c, next);
  return next();
};
