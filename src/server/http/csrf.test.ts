import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { AppError, envelope } from "@/server/errors";
import { csrfProtection, isForgeryRisk, originPolicy, type OriginPolicy } from "./csrf";

const trusted = originPolicy({ publicUrl: "https://quire.example", PUBLIC_URL: "https://quire.example", NODE_ENV: "development" });

function app(policy: OriginPolicy = trusted) {
  const hono = new Hono();
  hono.use("*", csrfProtection(policy));
  hono.all("/api/me/settings", (c) => c.json({ ok: true }));
  hono.onError((error, c) => (error instanceof AppError ? c.json(envelope(error), error.status) : c.text("boom", 500)));
  return hono;
}

const send = (method: string, headers: Record<string, string>) => app().request("/api/me/settings", { method, headers });

describe("originPolicy", () => {
  it("is exactly the public URL in production, plus the dev server in development", () => {
    expect(originPolicy({ publicUrl: "https://quire.example/", PUBLIC_URL: "https://quire.example/", NODE_ENV: "production" })).toEqual({ trusted: ["https://quire.example"], ownAddress: false });
    expect(originPolicy({ publicUrl: "https://quire.example/", PUBLIC_URL: "https://quire.example/", NODE_ENV: "development" }).trusted).toEqual([
      "https://quire.example",
      "http://localhost:5173",
      "http://127.0.0.1:5173",
    ]);
  });

  it("without PUBLIC_URL trusts the address the page was opened at (127.0.0.1, a LAN address), and no other", async () => {
    const local = originPolicy({ publicUrl: "http://localhost:3000", PUBLIC_URL: undefined, NODE_ENV: "production" });
    const put = (url: string, origin: string) => app(local).request(url, { method: "PUT", headers: { cookie: "s=1", origin } });
    expect((await put("http://127.0.0.1:3000/api/me/settings", "http://127.0.0.1:3000")).status).toBe(200);
    expect((await put("http://192.168.1.20:3000/api/me/settings", "http://192.168.1.20:3000")).status).toBe(200);
    expect((await put("http://127.0.0.1:3000/api/me/settings", "http://localhost:3000")).status).toBe(200);
    expect((await put("http://127.0.0.1:3000/api/me/settings", "https://evil.example")).status).toBe(403);
    expect((await put("http://127.0.0.1:3000/api/me/settings", "http://localhost:5173")).status).toBe(403);
  });
});

describe("csrfProtection", () => {
  it.each(["POST", "PUT", "PATCH", "DELETE"])("refuses a cookie-authenticated %s from another site", async (method) => {
    const response = await send(method, { cookie: "session=abc", origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { code: "forbidden", message: "Cross-site request refused." } });
  });

  it("refuses a cookie-authenticated write with neither Origin nor Referer", async () => {
    expect((await send("PUT", { cookie: "session=abc" })).status).toBe(403);
  });

  it('refuses Origin "null" and unparsable origins', async () => {
    expect((await send("PUT", { cookie: "s=1", origin: "null" })).status).toBe(403);
    expect((await send("PUT", { cookie: "s=1", origin: "not a url" })).status).toBe(403);
  });

  it("does not trust a look-alike host or another port or scheme", async () => {
    for (const origin of ["https://quire.example.evil.example", "http://quire.example", "https://quire.example:8443", "http://localhost:5174"]) {
      expect((await send("POST", { cookie: "s=1", origin })).status, origin).toBe(403);
    }
  });

  it("lets trusted origins through, the public URL and the dev server", async () => {
    for (const origin of ["https://quire.example", "http://localhost:5173", "http://127.0.0.1:5173"]) {
      expect((await send("PUT", { cookie: "s=1", origin })).status, origin).toBe(200);
    }
  });

  it("falls back to the Referer's origin when Origin is absent", async () => {
    expect((await send("DELETE", { cookie: "s=1", referer: "https://quire.example/settings?tab=1" })).status).toBe(200);
    expect((await send("DELETE", { cookie: "s=1", referer: "https://evil.example/quire.example" })).status).toBe(403);
  });

  it("prefers Origin over Referer", async () => {
    const response = await send("PUT", { cookie: "s=1", origin: "https://evil.example", referer: "https://quire.example/" });
    expect(response.status).toBe(403);
  });

  it("lets Sec-Fetch-Site: same-origin through", async () => {
    expect((await send("PUT", { cookie: "s=1", "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect((await send("PUT", { cookie: "s=1", "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await send("PUT", { cookie: "s=1", "sec-fetch-site": "same-site", origin: "https://evil.example" })).status).toBe(403);
  });

  it("lets bearer-authenticated writes through without an Origin, cookie or not", async () => {
    expect((await send("PUT", { authorization: "Bearer abc.def" })).status).toBe(200);
    expect((await send("PUT", { authorization: "Bearer abc.def", cookie: "s=1" })).status).toBe(200);
    expect((await send("PUT", { authorization: "Basic abc", cookie: "s=1" })).status).toBe(403);
    expect((await send("PUT", { authorization: "Bearer ", cookie: "s=1" })).status).toBe(403);
  });

  it("lets requests without cookies through (they are anonymous)", async () => {
    expect((await send("POST", { origin: "https://evil.example" })).status).toBe(200);
  });

  it("never blocks reads", async () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(isForgeryRisk({ method, headers: new Headers({ cookie: "s=1", origin: "https://evil.example" }) }, trusted)).toBe(false);
    }
  });
});
