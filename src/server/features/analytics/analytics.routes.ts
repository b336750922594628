import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { errors } from "@/server/errors";
import type { Database } from "@/server/db/client";
import { clientKey, createRateLimiter, type RateLimiter } from "@/server/http/client-rate-limit";
import type { AppEnv } from "@/server/http/context";
import { readJson } from "@/server/http/validation";
import {
  ANALYTICS_EVENT_MAX_BYTES,
  ANALYTICS_EVENT_NAME,
  ANALYTICS_EVENTS_PER_MINUTE_PER_USER,
  ANALYTICS_MAX_BATCH,
  jsonBytes,
} from "@/shared/analytics";
import type { analyticsRepository } from "./analytics.repository";
import { createEventWriter } from "./event-writer";

const eventSchema = z.object({
  name: z.string().regex(ANALYTICS_EVENT_NAME, "must be a lowercase event name such as search_submitted"),
  properties: z.record(z.string(), z.unknown()).default({}),
});

export const analyticsBatchSchema = z.object({
  events: z.array(eventSchema).min(1, "must hold at least one event").max(ANALYTICS_MAX_BATCH),
});

const MINUTE_MS = 60_000;

/** The per-minute event limits, per client address (configured) and per signed-in account. */
export function analyticsRateLimits(db: Database, perClientPerMinute: number) {
  return {
    client: createRateLimiter(db, { name: "events-client", limit: perClientPerMinute, windowMs: MINUTE_MS }),
    user: createRateLimiter(db, { name: "events-user", limit: ANALYTICS_EVENTS_PER_MINUTE_PER_USER, windowMs: MINUTE_MS }),
  };
}

export type AnalyticsRateLimits = ReturnType<typeof analyticsRateLimits>;

const TOO_MANY = "Too many product events from this client. Please wait and try again.";

/**
 * POST /api/events: product analytics from the client (the client drops duplicates within
 * 2 s and batches with a 1 s debounce). The user id comes from the session, never the body.
 * Open to anyone, so bounded: the body by its own size limit (app.ts), each event by
 * ANALYTICS_EVENT_MAX_BYTES (413), and the events per minute per client address and per
 * signed-in account, counted across instances (429 with Retry-After). A client already known
 * to be over its limit is refused before its body is parsed. Events are written one
 * transaction at a time per instance (event-writer.ts).
 */
export function analyticsRoutes(deps: {
  repository: ReturnType<typeof analyticsRepository>;
  currentUserId: (headers: Headers) => Promise<string | null>;
  /** The caller's address (client-ip.ts). */
  clientAddress: (c: Context) => string | null;
  limits: { client: RateLimiter; user: RateLimiter };
}) {
  const writer = createEventWriter(deps.repository);
  return new Hono<AppEnv>().post("/", async (c) => {
    const client = clientKey(deps.clientAddress(c));
    const known = deps.limits.client.blockedFor(client);
    if (known > 0) throw errors.tooManyRequests(TOO_MANY, known);
    const body = await readJson(c, analyticsBatchSchema);
    if (body.events.some((event) => jsonBytes(event) > ANALYTICS_EVENT_MAX_BYTES)) {
      throw errors.payloadTooLarge(ANALYTICS_EVENT_MAX_BYTES, `An event (its name and properties as JSON) is larger than ${ANALYTICS_EVENT_MAX_BYTES} bytes.`);
    }
    const events = body.events.length;
    const byClient = await deps.limits.client.hit(client, events);
    if (!byClient.allowed) throw errors.tooManyRequests(TOO_MANY, byClient.retryAfterSeconds);
    const userId = await deps.currentUserId(c.req.raw.headers);
    if (userId) {
      const byUser = await deps.limits.user.hit(userId, events);
      if (!byUser.allowed) throw errors.tooManyRequests("Too many product events from this account. Please wait and try again.", byUser.retryAfterSeconds);
    }
    await writer.write(body.events.map((event) => ({ eventName: event.name, properties: event.properties, userId })));
    return c.json({ accepted: events }, 202);
  });
}
