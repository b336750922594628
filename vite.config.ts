import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { THEME_COLORS } from "./src/shared/theme-colors";
import { inlineHeadScripts } from "./scripts/head-scripts-plugin";
import { precompress } from "./scripts/precompress-plugin";

const serverPort = Number(process.env.PORT ?? 3000);

/**
 * A Node-only module reaching the browser bundle is a mistake (it arrives as an empty stub, and
 * Vite only warns that it "has been externalized for browser compatibility"): the build fails,
 * naming what imported it, instead (see the node-fetch alias below).
 */
function noNodeModulesInBrowser(): Plugin {
  const externalized: string[] = [];
  return {
    name: "quire:no-node-modules-in-browser",
    apply: "build",
    onLog(_level, log) {
      if (/externalized for browser compatibility/.test(log.message)) externalized.push(log.message);
    },
    buildEnd() {
      if (externalized.length > 0) this.error(`Node-only modules reached the browser bundle:\n${externalized.join("\n")}`);
    },
  };
}

const reactRouterBuild = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/** The SPA lives in src/web; `npm run dev` serves it on 5173 and proxies /api to the server. */
export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL("./src/web", import.meta.url)),
  publicDir: fileURLToPath(new URL("./src/web/public", import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    // The web manifest and the service worker (src/web/sw.ts, served as /sw.js). The app
    // registers it itself (src/web/lib/service-worker.ts).
    VitePWA({
      strategies: "injectManifest",
      srcDir: ".",
      filename: "sw.ts",
      injectRegister: false,
      manifest: {
        id: "/",
        name: "Quire",
        short_name: "Quire",
        description: "Find, read, keep and cite research papers from arXiv, OpenAlex and Crossref.",
        start_url: "/search",
        scope: "/",
        display: "standalone",
        // The same colours as index.html's theme-color metas: the installed app's bar matches the tab's.
        background_color: THEME_COLORS.dark,
        theme_color: THEME_COLORS.dark,
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
        // Sharing a link to Quire (Android's share sheet, for the installed web app) opens /share.
        share_target: { action: "/share", method: "GET", params: { title: "title", text: "text", url: "url" } },
      },
      injectManifest: {
        // The app, pdf.js and its worker, and the Latin fonts: what Quire needs to open and read
        // offline (the manifest and its icons are added by the plugin).
        globPatterns: ["**/*.{js,mjs,css,html,svg}", "assets/*latin*.woff2"],
        globIgnores: ["**/*-ext-*.woff2", "sw.js"],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    // The head's early-start scripts, written into index.html (the service worker precaches the page with them).
    inlineHeadScripts(),
    precompress(),
    noNodeModulesInBrowser(),
  ],
  resolve: {
    alias: [
      { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
      // citation-js imports node-fetch, which a browser never runs: the browser's fetch instead,
      // so Node's modules stay out of the bundle (see the file).
      { find: /^node-fetch$/, replacement: fileURLToPath(new URL("./src/web/lib/node-fetch-browser.ts", import.meta.url)) },
      // React Router's package exports only its development build, with its warnings and
      // checks; the production build it ships beside it is what users get.
      ...(command === "build"
        ? [
            { find: /^react-router$/, replacement: reactRouterBuild("index.mjs") },
            { find: /^react-router\/dom$/, replacement: reactRouterBuild("dom-export.mjs") },
          ]
        : []),
    ],
  },
  build: {
    outDir: fileURLToPath(new URL("./dist/web", import.meta.url)),
    emptyOutDir: true,
    // Written beside the bundles for reading stack traces, without a sourceMappingURL comment;
    // the server does not publish them (static-site.ts).
    sourcemap: "hidden",
    // dist/web/.vite/manifest.json: the server preloads a page's chunks with its HTML (static-site.ts).
    manifest: true,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL("./src/web/index.html", import.meta.url)),
        // public/pdf-prefetch.js imports the reader's pdf.js module before the app's code has
        // run: as an entry of its own, it brings everything it needs rather than counting on
        // chunks the app's entry would have registered.
        "pdf-document": fileURLToPath(new URL("./src/web/features/reader/pdf/pdf-document.ts", import.meta.url)),
      },
      output: {
        codeSplitting: {
          // Tiny shared chunks (an icon, a helper) would each cost the page a request.
          experimentalInlineCommonChunks: { maxSize: 12_000 },
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": { target: `http://localhost:${serverPort}`, changeOrigin: false },
    },
  },
}));
