// A Vite plugin: the classic scripts index.html runs in its <head> before first paint
// (src/web/public: pdf-prefetch.js, theme-init.js, search-prefetch.js) are written into the
// built index.html itself, inline.
//
// Loaded from files, each held the page's parser until it had arrived: a round trip to the
// server on a first visit, a read of the browser's disk cache on every later one (on /pdf/
// pages, where pdf-prefetch.js starts pdf.js's worker, that read was on the path to page 1).
// Inline, they run as the page's first bytes are parsed. The Content-Security-Policy still
// allows no inline script but these: the server names each by its SHA-256 in the policy of
// the page (static-site.ts, inlineScriptHashes in security-headers.ts).
//
// Vite leaves such scripts alone (it bundles only module scripts), and `npm run dev` serves
// them from src/web/public as they are; the build still copies them there under their own
// names, for a page of the previous build still open during a deploy.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/** A classic (not module) script of index.html's own, loaded from the public folder by its name. */
const HEAD_SCRIPT_TAG = /<script src="\/([\w-]+\.js)"><\/script>/g;

/** The script as the body of an inline <script> element; a source that would end it early is refused. */
export function inlineScript(name: string, source: string): string {
  if (/<\/script|<!--/i.test(source)) throw new Error(`${name} cannot be inlined: it contains "</script" or "<!--"`);
  return `<script>${source.trim()}</script>`;
}

export function inlineHeadScripts(): Plugin {
  let publicDir = "";
  return {
    name: "quire-inline-head-scripts",
    apply: "build",
    configResolved(config) {
      publicDir = config.publicDir;
    },
    // The scripts are the ones index.html names: the page is the one list of them.
    transformIndexHtml: {
      order: "post",
      handler: (html) => html.replace(HEAD_SCRIPT_TAG, (_tag, name: string) => inlineScript(name, readFileSync(path.join(publicDir, name), "utf8"))),
    },
  };
}
