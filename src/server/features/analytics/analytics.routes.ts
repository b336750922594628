import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "@/server/http/context";
import { readJson } from "@/server/http/validation";
import type { analyticsRepository } from "./analytics.repository";

export const ANALYTICS_EVENT_NAME = /^[a-z][a-z0-9_.:-]{0,63}$/;
export const ANALYTICS_MAX_BATCH = 50;

const eventSchema = z.object({
  name: z.string().regex(ANALYTICS_EVENT_NAME, "must be a lowercase event name such as search_submitted"),
  properties: z.record(z.string(), z.unknown()).default({}),
});

export const analyticsBatchSchema = z.object({
  events: z.array(eventSchema).min(1, "must hold at least one event").max(ANALYTICS_MAX_BATCH),
});

/**
 * POST /api/events: product analytics from the client (the client drops duplicates within
 * 2 s and batches with a 1 s debounce). The user id comes from the session, never the body.
 */
export function analyticsRoutes(deps: {
  repository: ReturnType<typeof analyticsRepository>;
  currentUserId: (headers: Headers) => Promise<string | null>;
}) {
  return new Hono<AppEnv>().post("/", async (c) => {
    const body = await readJson(c, analyticsBatchSchema);
    const userId = await deps.currentUserId(c.req.raw.headers);
    await deps.repository.insertEvents(
      body.events.map((event) => ({ eventName: event.name, properties: event.properties, userId })),
    );
    return c.json({ accepted: body.events.length }, 202);
  });
}
