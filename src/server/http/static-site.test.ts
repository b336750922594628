import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import type { AppEnv } from "./context";
import { mountStaticSite } from "./static-site";

const distDir = mkdtempSync(path.join(os.tmpdir(), "quire-static-"));
mkdirSync(path.join(distDir, "assets"));
writeFileSync(path.join(distDir, "index.html"), "<!doctype html><title>Quire</title>");
writeFileSync(path.join(distDir, "assets", "app-abc.js"), "console.log(1);");
writeFileSync(path.join(distDir, "assets", "app-abc.js.map"), '{"version":3,"sources":["secret.ts"]}');
writeFileSync(path.join(distDir, "sw.js.map"), '{"version":3}');
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

describe("the static site", () => {
  const app = new Hono<AppEnv>();
  mountStaticSite(app, distDir);

  it("serves the bundles but not their source maps", async () => {
    expect((await app.request("/assets/app-abc.js")).status).toBe(200);
    for (const map of ["/assets/app-abc.js.map", "/sw.js.map"]) {
      const response = await app.request(map);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("secret.ts");
    }
  });
});
