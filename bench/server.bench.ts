import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import type { BenchCase } from "./harness";
import { startTestServer, type TestServer } from "@/test/test-server";

/**
 * The cost of Quire's request pipeline (request id, logging, security headers, body limit,
 * error envelope, a database round trip) against a bare Hono handler on the same machine.
 */
export function serverBenchmarks(): BenchCase[] {
  let quire: TestServer;
  let bare: ReturnType<typeof serve>;
  let bareUrl = "";
  const setup = async () => {
    quire = await startTestServer();
    const app = new Hono().get("/api/health", (c) => c.json({ status: "ok" }));
    bare = await new Promise((resolve) => {
      const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(server));
    });
    bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  };
  const teardown = async () => {
    await quire.close();
    await new Promise<void>((resolve) => bare.close(() => resolve()));
  };
  const fetchText = async (url: string) => (await fetch(url)).text();
  return [
    {
      name: "GET unknown /api route (pipeline + error envelope, no database)",
      baselineName: "bare Hono JSON handler",
      setup,
      baseline: () => fetchText(`${bareUrl}/api/health`),
      subject: () => fetchText(`${quire.url}/api/nope`),
    },
    {
      name: "GET /api/health (pipeline + database ping)",
      baselineName: "bare Hono JSON handler",
      setup,
      teardown,
      baseline: () => fetchText(`${bareUrl}/api/health`),
      subject: () => fetchText(`${quire.url}/api/health`),
    },
  ];
}
