import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { runCase } from "./harness";
import type { Figure } from "./figures";
import { startTestServer } from "@/test/test-server";

/**
 * The cost of Quire's request pipeline (request id, logging, security headers, body limit,
 * error envelope, a database round trip) against a bare Hono handler on the same machine.
 */
export async function serverSuite(): Promise<Figure[]> {
  const quire = await startTestServer();
  const app = new Hono().get("/api/health", (c) => c.json({ status: "ok" }));
  const bare = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(server));
  });
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  const fetchText = async (url: string) => (await fetch(url)).text();
  try {
    const figures: Figure[] = [];
    for (const [name, path] of [
      ["GET unknown /api route (pipeline + error envelope)", "/api/nope"],
      ["GET /api/health (pipeline + database ping)", "/api/health"],
    ] as const) {
      const result = await runCase({
        name,
        baselineName: "bare Hono JSON handler",
        baseline: () => fetchText(`${bareUrl}/api/health`),
        subject: () => fetchText(`${quire.url}${path}`),
      });
      figures.push({
        suite: "server",
        name,
        value: result.subjectMedianUs,
        unit: "µs/request",
        baseline: result.baselineName,
        baselineValue: result.baselineMedianUs,
        ratio: result.ratio,
      });
    }
    return figures;
  } finally {
    await quire.close();
    await new Promise<void>((resolve) => bare.close(() => resolve()));
  }
}
