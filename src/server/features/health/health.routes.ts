import { Hono } from "hono";
import type { DatabaseHandle } from "@/server/db/client";
import type { AppEnv } from "@/server/http/context";
import type { BootReport } from "@/server/lib/boot-phases";

const PING_TIMEOUT_MS = 2000;

/**
 * GET /api/health: 200 when the database answers, 503 when it does not; with `boot`, how long
 * the server took to start, phase by phase.
 */
export function healthRoutes(database: DatabaseHandle, startedAt: Date, boot?: () => BootReport) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const started = performance.now();
    let state: "ok" | "unavailable" = "ok";
    let error: string | undefined;
    try {
      await Promise.race([
        database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error("timed out")), PING_TIMEOUT_MS).unref()),
      ]);
    } catch (cause) {
      state = "unavailable";
      error = cause instanceof Error ? cause.message : String(cause);
      c.var.log.warn({ err: cause }, "health check: database unavailable");
    }
    const body = {
      status: state === "ok" ? "ok" : "degraded",
      database: {
        status: state,
        kind: database.kind,
        latencyMs: Math.round((performance.now() - started) * 10) / 10,
        ...(error ? { error } : {}),
      },
      uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
      ...(boot ? { boot: boot() } : {}),
    };
    c.header("Cache-Control", "no-store");
    return c.json(body, state === "ok" ? 200 : 503);
  });
}
