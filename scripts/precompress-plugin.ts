// A Vite plugin: each script, style sheet and other text asset of the build is also written
// brotli- and gzip-compressed (name.br, name.gz), once, at build time; the server sends the
// variant the browser accepts (static-site.ts). Compressing on every request would cost the
// server CPU per download; sending uncompressed would make a phone fetch five times the bytes.
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(?:m?js|css|svg|json|webmanifest|txt|xml)$/i;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "quire-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
        const source = readFileSync(file);
        const brotli = brotliCompressSync(source, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        });
        if (brotli.length < source.length) writeFileSync(`${file}.br`, brotli);
        const gzip = gzipSync(source, { level: 9 });
        if (gzip.length < source.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}
