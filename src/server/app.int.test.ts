import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, gzipSync } from "node:zlib";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitorEvents } from "@/server/db/schema";
import { startTestServer, type TestServer } from "@/test/test-server";
import { testDatabaseKind } from "@/test/test-database";

let server: TestServer;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(os.tmpdir(), "quire-dist-"));
  mkdirSync(path.join(distDir, "assets"));
  writeFileSync(
    path.join(distDir, "index.html"),
    `<!doctype html><html><head><title>Quire</title><meta name="description" content="${"Quire: find, read, keep and cite papers. ".repeat(40)}"><script>document.documentElement.dataset.early = "1";</script><script type="module" crossorigin src="/assets/index-abc123.js"></script><link rel="modulepreload" crossorigin href="/assets/react-0.js"></head><body><div id=root></div></body></html>`,
  );
  writeFileSync(path.join(distDir, "assets", "index-abc123.js"), "console.log('app')");
  // As scripts/precompress-plugin.ts writes them beside each asset.
  writeFileSync(path.join(distDir, "assets", "index-abc123.js.br"), brotliCompressSync("console.log('app')"));
  writeFileSync(path.join(distDir, "assets", "index-abc123.js.gz"), gzipSync("console.log('app')"));
  writeFileSync(path.join(distDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  mkdirSync(path.join(distDir, ".vite"));
  writeFileSync(
    path.join(distDir, ".vite", "manifest.json"),
    JSON.stringify({
      "features/search/search-page.tsx": { file: "assets/search-page-1.js", imports: ["_shared.js"] },
      "features/search/search-results.tsx": { file: "assets/search-results-2.js", imports: ["_shared.js"] },
      "_shared.js": { file: "assets/shared-3.js" },
      // pdf-document.ts is a build entry of its own (vite.config.ts).
      "features/reader/paper-page.tsx": { file: "assets/paper-page-4.js", imports: ["_shared.js"] },
      "features/reader/pdf/pdf-viewer.tsx": { file: "assets/pdf-viewer-5.js", imports: ["features/reader/pdf/pdf-document.ts"] },
      "features/reader/pdf/pdf-document.ts": { file: "assets/pdf-document-6.js", isEntry: true },
      "../../node_modules/pdfjs-dist/build/pdf.worker.min.mjs": { file: "assets/pdf.worker.min-7.mjs" },
    }),
  );
  server = await startTestServer({ webDistDir: distDir, env: { BODY_LIMIT_BYTES: "2048" } });
});
afterAll(async () => {
  await server?.close();
});

const get = (pathname: string, init?: RequestInit) => fetch(`${server.url}${pathname}`, init);

describe(`the API on ${testDatabaseKind}`, () => {
  it("reports a healthy database", async () => {
    const response = await get("/api/health");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.status).toBe("ok");
    expect(body.database).toMatchObject({ status: "ok", kind: testDatabaseKind });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("gives every answer a request id, and keeps a sane one the caller sent", async () => {
    const fresh = await get("/api/health");
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await get("/api/health", { headers: { "X-Request-Id": "trace-42" } });
    expect(echoed.headers.get("x-request-id")).toBe("trace-42");
    const refused = await get("/api/health", { headers: { "X-Request-Id": "bad id <script>" } });
    expect(refused.headers.get("x-request-id")).not.toBe("bad id <script>");
  });

  it("answers an unknown API route with 404 in the error envelope", async () => {
    const response = await get("/api/no-such-thing");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found", message: "No such API route." } });
  });

  it("answers malformed JSON with 400 in the envelope, without a stack trace", async () => {
    const response = await get("/api/events", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"events": [',
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: { code: "invalid_json", message: "The request body is not valid JSON." } });
    expect(text).not.toMatch(/at \w+ \(|\.ts:\d+/);
  });

  it("answers a body of the wrong shape with 400 naming the field", async () => {
    const response = await get("/api/events", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ events: [{ name: "Not An Event Name" }] }),
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.message).toContain("events.0.name");
  });

  it("refuses a body over the limit with 413 in the envelope", async () => {
    const big = JSON.stringify({ events: [{ name: "x", properties: { pad: "a".repeat(5000) } }] });
    const response = await get("/api/events", { method: "POST", headers: { "content-type": "application/json" }, body: big });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("payload_too_large");
  });

  it("stores analytics events, anonymous when there is no session", async () => {
    const response = await get("/api/events", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ events: [{ name: "landing_viewed", properties: { from: "test" } }] }),
    });
    expect(response.status).toBe(202);
    const rows = await server.database.db.select().from(visitorEvents).where(sql`${visitorEvents.eventName} = 'landing_viewed'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: null, properties: { from: "test" } });
  });

  it("serves better-auth under /api/auth with no session for an anonymous visitor", async () => {
    const response = await get("/api/auth/get-session");
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
  });
});

describe("security headers", () => {
  it("are on API answers and pages alike", async () => {
    // JSON, an error, a refused query, a better-auth answer (a Response of its own), a page, files.
    const paths = ["/api/health", "/", "/api/nope", "/api/search?q=ti%3A%28unbalanced", "/api/auth/get-session", "/assets/index-abc123.js", "/favicon.svg"];
    for (const pathname of paths) {
      const response = await get(pathname);
      expect(response.headers.get("x-request-id"), pathname).toMatch(/^[0-9a-f-]{36}$/);
      // The refused query is refused before any upstream call (this server has no sandbox).
      if (pathname.startsWith("/api/search")) expect(response.status).toBe(400);
      await response.arrayBuffer();
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });
});

describe("a page's inline scripts", () => {
  // The build writes the head's early-start scripts into index.html (scripts/head-scripts-plugin.ts).
  const early = `'sha256-${createHash("sha256").update('document.documentElement.dataset.early = "1";').digest("base64")}'`;

  it("are named by their hash in the policy of every page, and of no other answer", async () => {
    for (const pathname of ["/", "/index.html", "/reader", "/pdf/2401.12345", "/pdf/not-an-id", "/search"]) {
      const response = await get(pathname);
      expect(await response.text(), pathname).toContain('<script>document.documentElement.dataset.early = "1";</script>');
      expect(response.headers.get("content-security-policy"), pathname).toContain(`script-src 'self' ${early};`);
    }
    for (const pathname of ["/api/health", "/assets/index-abc123.js", "/favicon.svg"]) {
      expect((await get(pathname)).headers.get("content-security-policy"), pathname).toContain("script-src 'self';");
    }
  });

  it("follow a rebuild while the server runs, whichever page is asked for first", async () => {
    const indexPath = path.join(distDir, "index.html");
    const built = readFileSync(indexPath, "utf8");
    const rebuilt = built.replace('dataset.early = "1";', 'dataset.early = "2";');
    const next = `'sha256-${createHash("sha256").update('document.documentElement.dataset.early = "2";').digest("base64")}'`;
    try {
      writeFileSync(indexPath, rebuilt);
      // The service worker's precache asks for /index.html itself.
      expect((await get("/index.html")).headers.get("content-security-policy")).toContain(`script-src 'self' ${next};`);
      expect((await get("/reader")).headers.get("content-security-policy")).toContain(`script-src 'self' ${next};`);
    } finally {
      writeFileSync(indexPath, built);
    }
    expect((await get("/reader")).headers.get("content-security-policy")).toContain(`script-src 'self' ${early};`);
  });
});

describe("the single-page app", () => {
  it("serves index.html at / and for client routes, never cached", async () => {
    for (const pathname of ["/", "/search", "/paper/2401.12345", "/abs/hep-th/9901001"]) {
      const response = await get(pathname);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(await response.text()).toContain('<div id=root>');
    }
  });

  it("names the search page's code in its HTML, once each, so it loads with the shell", async () => {
    const html = await (await get("/search?q=graph")).text();
    for (const file of ["/assets/search-page-1.js", "/assets/search-results-2.js", "/assets/shared-3.js"]) {
      expect(html.split(`<link rel="modulepreload" crossorigin href="${file}">`)).toHaveLength(2);
    }
    // Only the preloads Vite wrote into index.html (the shell's own modules).
    expect((await (await get("/settings")).text()).match(/modulepreload/g)).toHaveLength(1);
    // Without a search in the URL the results list is not needed yet.
    const empty = await (await get("/search")).text();
    expect(empty).toContain("/assets/search-page-1.js");
    expect(empty).not.toContain("/assets/search-results-2.js");
  });

  it("names pdf.js's code in a /pdf/ page, and the worker's address for pdf-prefetch.js before it runs", async () => {
    const html = await (await get("/pdf/2401.12345")).text();
    expect(html.split('<link rel="modulepreload" crossorigin href="/assets/pdf-document-6.js">')).toHaveLength(2);
    // The app's own modules load once it starts, after page 1 (pdf-prefetch.js starts it).
    for (const file of ["/assets/paper-page-4.js", "/assets/pdf-viewer-5.js", "/assets/shared-3.js", "/assets/react-0.js"]) expect(html).not.toContain(file);
    expect(html).toMatch(/^<!doctype html><html><head><meta name="quire-pdf-worker" content="\/assets\/pdf\.worker\.min-7\.mjs"><meta name="quire-pdf-module" content="\/assets\/pdf-document-6\.js">/);
    // The PDF is asked for first, at the URL pdf-prefetch.js fetches. The worker is
    // not preloaded: pdf-prefetch.js, inline, starts it (a preload would read it a second time).
    const head = html.slice(0, html.indexOf("<script"));
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin href="/api/pdf-proxy?paperId=2401.12345">');
    expect(html).not.toContain('href="/assets/pdf.worker.min-7.mjs"');
    // A version named is the PDF of that version (a bookmark of v2 opens v2), as the viewer asks for it.
    expect(await (await get("/pdf/2401.12345v2")).text()).toContain('href="/api/pdf-proxy?paperId=2401.12345v2"');
    expect(await (await get("/pdf/hep-th/9901001")).text()).toContain('href="/api/pdf-proxy?paperId=hep-th%2F9901001"');
    // No preload of a PDF for an id the proxy would refuse.
    for (const path of ["/pdf/not-an-id", "/pdf/..%2F..%2Fetc", "/pdf/%E0%A4%A"]) {
      expect(await (await get(path)).text()).not.toContain("/api/pdf-proxy");
    }
    // The app's entry is started by pdf-prefetch.js once page 1 is on screen: named, not loaded.
    expect(head).toContain('<meta name="quire-app-entry" content="/assets/index-abc123.js"><link rel="modulepreload" crossorigin href="/assets/index-abc123.js">');
    expect(html).not.toContain('<script type="module"');
    // An id the proxy would refuse: no PDF to draw, the page loads the app as any other.
    const refused = await (await get("/pdf/not-an-id")).text();
    expect(refused).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    for (const file of ["/assets/paper-page-4.js", "/assets/pdf-viewer-5.js", "/assets/shared-3.js"]) {
      expect(refused.split(`<link rel="modulepreload" crossorigin href="${file}">`)).toHaveLength(2);
    }
    expect(await (await get("/search")).text()).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    // Other reader views do not open a PDF.
    const abstract = await (await get("/abs/2401.12345")).text();
    expect(abstract).not.toContain("quire-pdf-worker");
    expect(abstract).not.toContain("pdf-document-6.js");
  });

  it("caches hashed assets for a year", async () => {
    const response = await get("/assets/index-abc123.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-type")).toContain("javascript");
  });

  it("sends the compressed copy the browser accepts, and the plain file to one that accepts none", async () => {
    for (const [accepted, encoding] of [["gzip, deflate, br, zstd", "br"], ["gzip", "gzip"], ["identity", null]] as const) {
      const response = await get("/assets/index-abc123.js", { headers: { "Accept-Encoding": accepted } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("content-type")).toContain("javascript");
      if (encoding) expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(await response.text()).toBe("console.log('app')");
    }
  });

  it("gzips API answers and pages for a browser that accepts it, and only then", async () => {
    // More than the middleware's 1 KB threshold: a failed validation's answer lists every issue.
    const big = `/api/search?source=arxiv&q=${"x".repeat(50)}&page=-1&size=7&sort=nope&dateFrom=z&dateTo=z`;
    for (const [accepted, encoding] of [["gzip, deflate, br, zstd", "gzip"], ["identity", null]] as const) {
      const headers = { "Accept-Encoding": accepted };
      const api = await get(big, { headers });
      expect(api.headers.get("content-encoding")).toBe(encoding);
      expect(api.headers.get("vary") ?? "").toMatch(/accept-encoding/i);
      expect(((await api.json()) as { error: { code: string } }).error.code).toBe("validation_failed");
      const page = await get("/library", { headers });
      expect(page.headers.get("content-type")).toContain("text/html");
      expect(page.headers.get("content-encoding")).toBe(encoding);
      expect(await page.text()).toContain("<div id=root>");
    }
  });

  it("revalidates unhashed files", async () => {
    const response = await get("/favicon.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
  });

  it("answers a missing file with 404 rather than the app", async () => {
    const response = await get("/assets/missing-123.js");
    expect(response.status).toBe(404);
  });
});

describe("health when the database is gone", () => {
  it("answers 503 with the database state", async () => {
    const other = await startTestServer();
    await other.database.close();
    const response = await fetch(`${other.url}/api/health`);
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body.database.status).toBe("unavailable");
    await other.close().catch(() => {});
  });
});
