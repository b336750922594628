import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UndecodableBodyError, upstreamRequest } from "./upstream-agent";

// A real HTTP server: the default transport speaks undici's request API, which mocks of the
// global fetch do not see.
let server: Server;
let base = "";
const seen: { url?: string; headers: Record<string, string | string[] | undefined> }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ url: request.url, headers: request.headers });
    const coded = /^\/coded\/(gzip|br|deflate)$/.exec(request.url ?? "");
    if (coded) {
      const body = Buffer.from("<feed>ü ∑</feed>".repeat(100));
      const coding = coded[1]!;
      const compressed = coding === "gzip" ? gzipSync(body) : coding === "br" ? brotliCompressSync(body) : deflateSync(body);
      response.writeHead(200, { "Content-Encoding": coding, "Content-Type": "application/atom+xml" }).end(compressed);
    } else if (request.url === "/corrupt/gzip" || request.url === "/unknown-coding") {
      const gzip = request.url === "/corrupt/gzip";
      response.writeHead(200, { "Content-Encoding": gzip ? "gzip" : "compress" }).end(gzip ? "not gzip at all" : "x");
    } else if (request.url?.startsWith("/moved")) {
      response.writeHead(301, { Location: "/here" }).end("moved");
    } else if (request.url?.startsWith("/slow")) {
      setTimeout(() => response.end("late"), 2000);
    } else {
      response.setHeader("Set-Cookie", ["a=1", "b=2"]);
      response.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "2" }).end("naïve ∑");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("the upstream transport", () => {
  it("sends the headers and the query, and gives status, headers and the body's bytes", async () => {
    const reply = await upstreamRequest(`${base}/api?q=a%20b&x=1`, { headers: { "user-agent": "Quire/test", accept: "text/plain" }, signal: AbortSignal.timeout(5000) });
    expect(seen.at(-1)).toMatchObject({ url: "/api?q=a%20b&x=1", headers: { "user-agent": "Quire/test", accept: "text/plain" } });
    expect(reply.status).toBe(503);
    expect(reply.header("Retry-After")).toBe("2");
    expect(reply.header("content-type")).toBe("text/plain; charset=utf-8");
    expect(reply.header("set-cookie")).toBe("a=1, b=2");
    expect(reply.header("x-absent")).toBeNull();
    expect(Buffer.from(await reply.bytes()).toString("utf8")).toBe("naïve ∑");
  });

  it("does not follow a redirect, and can drop its body", async () => {
    const reply = await upstreamRequest(`${base}/moved`, { headers: {}, signal: AbortSignal.timeout(5000) });
    expect(reply.status).toBe(301);
    expect(reply.header("location")).toBe("/here");
    await reply.discard();
    expect(seen.at(-1)?.url).toBe("/moved");
  });

  it("gives up when its signal times out, with an error the client reads as a timeout", async () => {
    const error = await upstreamRequest(`${base}/slow`, { headers: {}, signal: AbortSignal.timeout(100) }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(["TimeoutError", "AbortError"]).toContain((error as Error).name);
  });

  it("rejects when nothing listens", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(upstreamRequest(`http://127.0.0.1:${port}/`, { headers: {}, signal: AbortSignal.timeout(5000) })).rejects.toThrow();
  });

  it.each([
    ["a corrupt gzip body", "/corrupt/gzip", /a gzip body that could not be decoded/],
    ["an unknown coding", "/unknown-coding", /unsupported content encoding compress/],
  ])("refuses %s as an undecodable body", async (_case, url, message) => {
    const reply = await upstreamRequest(`${base}${url}`, { headers: {}, signal: AbortSignal.timeout(5000) });
    const error = await reply.bytes().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UndecodableBodyError);
    expect((error as Error).message).toMatch(message);
  });

  it.each(["gzip", "br", "deflate"])("asks for compressed answers and decodes a %s one", async (coding) => {
    const reply = await upstreamRequest(`${base}/coded/${coding}`, { headers: {}, signal: AbortSignal.timeout(5000) });
    expect(String(seen.at(-1)?.headers["accept-encoding"])).toContain(coding);
    expect(Buffer.from(await reply.bytes()).toString("utf8")).toBe("<feed>ü ∑</feed>".repeat(100));
  });
});
