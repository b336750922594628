// A Vite plugin: the classic scripts index.html runs in its <head> before first paint
// (src/web/public: pdf-prefetch.js, theme-init.js, search-prefetch.js; external because the CSP
// forbids inline scripts) are also written under /assets/ with their content's hash in the name,
// and the built index.html loads those copies.
//
// By their fixed names they had to be asked for again on every page load ("no-cache": a new
// deploy changes them under the same name), and each blocks the page's parser until it has
// arrived: one round trip to the server before anything is drawn, on every page. Named by their
// content, the page names exactly the version it was built with, so they are cached for good
// (static-site.ts serves /assets/ immutable) and the service worker serves them from its
// precache without being woken (sw.ts).
//
// Vite leaves such scripts alone (it bundles only module scripts), and `npm run dev` serves
// them from src/web/public as they are; the build still copies them there under their own
// names too, for a page of the previous build still open during a deploy.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/** A classic (not module) script of index.html's own, loaded from the public folder by its name. */
const HEAD_SCRIPT_TAG = /<script src="\/([\w-]+\.js)"><\/script>/g;

/** `assets/{name}-{hash}.js`: 8 characters of the content's SHA-256, in base64url as Vite's own names. */
function hashedName(name: string, source: string): string {
  const hash = createHash("sha256").update(source).digest("base64url").slice(0, 8);
  return `assets/${name.replace(/\.js$/, "")}-${hash}.js`;
}

export function hashedHeadScripts(): Plugin {
  let root = "";
  let publicDir = "";
  const fileNames = new Map<string, string>();
  return {
    name: "quire-hashed-head-scripts",
    apply: "build",
    configResolved(config) {
      root = config.root;
      publicDir = config.publicDir;
    },
    // The scripts are the ones index.html names: the page is the one list of them.
    buildStart() {
      fileNames.clear();
      const html = readFileSync(path.join(root, "index.html"), "utf8");
      for (const [, name] of html.matchAll(HEAD_SCRIPT_TAG)) {
        const source = readFileSync(path.join(publicDir, name!), "utf8");
        const fileName = hashedName(name!, source);
        fileNames.set(name!, fileName);
        this.emitFile({ type: "asset", fileName, source });
      }
    },
    transformIndexHtml: {
      order: "post",
      handler: (html) => html.replace(HEAD_SCRIPT_TAG, (tag, name: string) => (fileNames.has(name) ? `<script src="/${fileNames.get(name)}"></script>` : tag)),
    },
  };
}
