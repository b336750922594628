import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "@/test/test-users";
import { startTestServer, type TestServer } from "@/test/test-server";
import { testDatabaseKind } from "@/test/test-database";

/**
 * What the installable web app and the Android app need of the server: the service
 * worker and the web manifest revalidated on every load, a CSP that lets the worker and the
 * manifest load (and nothing more), and CORS for the native app's WebView origins only.
 */
let server: TestServer;

beforeAll(async () => {
  const distDir = mkdtempSync(path.join(os.tmpdir(), "quire-dist-"));
  mkdirSync(path.join(distDir, "assets"));
  writeFileSync(path.join(distDir, "index.html"), "<!doctype html><html><head></head><body><div id=root></div></body></html>");
  writeFileSync(path.join(distDir, "sw.js"), "self.addEventListener('fetch', () => {});");
  writeFileSync(
    path.join(distDir, "manifest.webmanifest"),
    JSON.stringify({ name: "Quire", share_target: { action: "/share", method: "GET", params: { url: "url", text: "text" } } }),
  );
  server = await startTestServer({ webDistDir: distDir });
});
afterAll(async () => {
  await server?.close();
});

describe(`the installable app's files on ${testDatabaseKind}`, () => {
  it("serves /sw.js as JavaScript, revalidated on every load, at the site's root", async () => {
    const response = await fetch(`${server.url}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    // Its CSP lets it fetch only from the site.
    expect(response.headers.get("content-security-policy")).toContain("connect-src 'self'");
  });

  it("serves the web manifest with its type and the share target", async () => {
    const response = await fetch(`${server.url}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect((await response.json()).share_target).toMatchObject({ action: "/share", method: "GET" });
  });

  it("lets pages load the worker and the manifest from the site and nowhere else", async () => {
    const csp = (await fetch(`${server.url}/share?url=x`)).headers.get("content-security-policy") ?? "";
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });
});

describe(`the native app's API calls on ${testDatabaseKind}`, () => {
  it("answers a preflight from the app's WebView origin, with Authorization and Range allowed", async () => {
    const response = await fetch(`${server.url}/api/me/settings`, {
      method: "OPTIONS",
      headers: { Origin: "https://localhost", "Access-Control-Request-Method": "PUT", "Access-Control-Request-Headers": "authorization,content-type" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("https://localhost");
    expect(response.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
    expect(response.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("range");
  });

  it("gives no CORS consent to any other origin", async () => {
    for (const origin of ["https://evil.example", "http://localhost:8080", "null"]) {
      const response = await fetch(`${server.url}/api/health`, { headers: { Origin: origin } });
      expect(response.headers.get("access-control-allow-origin"), origin).toBeNull();
      expect(response.headers.get("access-control-allow-credentials"), origin).toBeNull();
      await response.body?.cancel();
    }
  });

  it("leaves the site's own calls without CORS headers", async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect([...response.headers.keys()].filter((name) => name.startsWith("access-control-"))).toEqual([]);
    await response.arrayBuffer();
  });

  it("serves the app's bearer-token calls from its origin and lets it read the answer", async () => {
    const user = await createSignedInUser(server);
    const response = await fetch(`${server.url}/api/me/settings`, { headers: { ...user.bearerHeaders(), Origin: "capacitor://localhost" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("capacitor://localhost");
    await response.body?.cancel();
    // A cookie write from that origin is still refused (the CSRF rule is unchanged).
    const forged = await fetch(`${server.url}/api/me/settings`, {
      method: "PUT",
      headers: { Cookie: user.cookie, Origin: "https://localhost", "Content-Type": "application/json" },
      body: JSON.stringify({ settings: { autoLoadCatchup: true } }),
    });
    expect(forged.status).toBe(403);
  });
});
