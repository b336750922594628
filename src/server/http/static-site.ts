import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import type { AppEnv } from "./context";

/** Files the build emits; any other path (e.g. /paper/2401.12345) is a client route. */
const STATIC_FILE = /\.(?:m?js|css|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|json|webmanifest|txt|xml|wasm)$/i;

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

/**
 * Serves the built SPA from `distDir`: content-hashed files under /assets are cached for a
 * year, everything else (index.html, sw.js, manifest) is revalidated on every load so a
 * deploy is picked up at once. Client routes (no file extension) fall back to index.html.
 */
export function mountStaticSite(app: Hono<AppEnv>, distDir: string): void {
  const indexPath = path.join(distDir, "index.html");
  if (existsSync(distDir)) {
   app.use(
    "*",
    serveStatic({
      root: distDir,
      onFound: (filePath, c) => {
        c.header("Cache-Control", filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
      },
    }),
   );
  }
  app.get("*", (c) => {
    // A missing build file is a 404, not the app shell.
    if (c.req.path.startsWith("/assets/") || STATIC_FILE.test(c.req.path)) return c.text("Not found", 404);
    if (!existsSync(indexPath)) {
      return c.text("The web app is not built. Run `npm run build` (npm start does it for you).", 503);
    }
    c.header("Cache-Control", REVALIDATE);
    return c.html(readFileSync(indexPath, "utf8"));
  });
}
