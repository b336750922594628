import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let cached: string | undefined;

/**
 * The project's root folder (where package.json, drizzle/ and dist/ live), found by walking
 * up from this module, so it holds whether the server runs from src/ (tsx) or dist/ (built).
 */
export function appRoot(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "quire") {
      cached = dir;
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Cannot find Quire's package.json above the server code.");
    dir = parent;
  }
}
