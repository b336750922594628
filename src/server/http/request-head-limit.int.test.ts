import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUEST_HEAD_MAX_BYTES } from "@/shared/share-url";
import { testDatabaseKind } from "@/test/test-database";
import { startTestServer, type TestServer } from "@/test/test-server";

/**
 * Links the app's own pages make: a long text shared to /share arrives in the address. Those
 * the server reads get the app; longer ones get a page that says why, never an empty 431.
 */
let server: TestServer;

beforeAll(async () => {
  const distDir = mkdtempSync(path.join(os.tmpdir(), "quire-dist-"));
  writeFileSync(path.join(distDir, "index.html"), "<!doctype html><html><head></head><body><div id=root>app shell</div></body></html>");
  server = await startTestServer({ webDistDir: distDir });
});
afterAll(async () => {
  await server?.close();
});

describe(`long request heads on ${testDatabaseKind}`, () => {
  it("opens /share with 20,000 characters of shared text, however it encodes", async () => {
    for (const text of ["word ".repeat(4_000), "論文の抜粋".repeat(4_000)]) {
      const response = await fetch(`${server.url}/share?text=${encodeURIComponent(text)}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("app shell");
    }
  });

  it("answers a longer one with a page saying the link is too long", async () => {
    const response = await fetch(`${server.url}/share?text=${"x".repeat(REQUEST_HEAD_MAX_BYTES + 1024)}`);
    expect(response.status).toBe(431);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const page = await response.text();
    expect(page).toContain("<h1>This link is too long to open</h1>");
    expect(page).toContain(`opens links of up to ${REQUEST_HEAD_MAX_BYTES / 1024} KB`);
    // The server goes on answering.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
