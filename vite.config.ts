import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./scripts/precompress-plugin";

const serverPort = Number(process.env.PORT ?? 3000);

/** The SPA lives in src/web; `npm run dev` serves it on 5173 and proxies /api to the server. */
export default defineConfig({
  root: fileURLToPath(new URL("./src/web", import.meta.url)),
  publicDir: fileURLToPath(new URL("./src/web/public", import.meta.url)),
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL("./dist/web", import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // dist/web/.vite/manifest.json: the server preloads a page's chunks with its HTML (static-site.ts).
    manifest: true,
    rolldownOptions: {
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
});
