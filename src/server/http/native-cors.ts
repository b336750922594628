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
export const nativeAppCors = cors({
  origin: (origin) => (NATIVE_APP_ORIGINS.includes(origin) ? origin : null),
  allowMethods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
  allowHeaders: ["Authorization", "Content-Type", "Accept", "Range"],
  exposeHeaders: ["Content-Range", "Content-Length", "Accept-Ranges", "X-Request-Id"],
  credentials: true,
  maxAge: 600,
});
