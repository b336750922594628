import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import {
  ANALYTICS_BATCH_MAX_BYTES,
  ANALYTICS_EVENT_MAX_BYTES,
  ANALYTICS_EVENTS_PER_MINUTE_PER_USER,
  ANALYTICS_MAX_BATCH,
  ANALYTICS_PROPERTY_MAX_CHARS,
  batchesOf,
  fittedEvent,
} from "@/shared/analytics";
import { testDatabaseKind } from "@/test/test-database";
import { startTestServer, type TestServer } from "@/test/test-server";
import { createSignedInUser } from "@/test/test-users";

/**
 * POST /api/events' limits: the size of a batch and of an event, and the events per
 * minute per client address and per account, counted in the database so that two instances on
 * one database hold one limit between them.
 */
const PER_CLIENT = 120;
let first: TestServer;
let second: TestServer;

// Behind a trusted proxy, so each test speaks from addresses of its own (X-Forwarded-For).
const env = { EVENTS_RATE_LIMIT_PER_MINUTE: String(PER_CLIENT), TRUST_PROXY: "true" };
beforeAll(async () => {
  first = await startTestServer({ env });
  // A second instance on the same database, as behind a load balancer.
  second = await startTestServer({ database: first.database, env });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const post = (server: TestServer, body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/events`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.1", ...headers }, body });
const batch = (count: number, name = "limit_test") => JSON.stringify({ events: Array.from({ length: count }, (_, n) => ({ name, properties: { n } })) });

async function stored(name: string): Promise<number> {
  const [row] = await queryRows<{ events: number | string }>(first.database.db, sql`select count(*) as events from visitor_events where event_name = ${name}`);
  return Number(row?.events ?? 0);
}

/** Waits for the start of a fresh minute window when less than `seconds` are left of this one. */
async function freshWindowIfNeeded(seconds: number) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

describe(`POST /api/events limits (${testDatabaseKind})`, () => {
  it("refuses a batch over its own body limit (413) before reading it, though under the server's", async () => {
    const body = JSON.stringify({ events: [{ name: "too_big", properties: { pad: "x".repeat(ANALYTICS_BATCH_MAX_BYTES) } }] });
    const response = await post(first, body);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: "payload_too_large", message: `The request body is larger than ${ANALYTICS_BATCH_MAX_BYTES} bytes.` });
    expect(await stored("too_big")).toBe(0);
  });

  it("refuses an event over its size limit (413), and stores none of its batch", async () => {
    const body = JSON.stringify({ events: [{ name: "big_event", properties: { fine: 1 } }, { name: "big_event", properties: { pad: "x".repeat(ANALYTICS_EVENT_MAX_BYTES) } }] });
    const response = await post(first, body);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/An event .* is larger than 2048 bytes/);
    expect(await stored("big_event")).toBe(0);
  });

  it("takes what the web client sends, its largest batches included", async () => {
    const user = await createSignedInUser(first);
    const events = Array.from({ length: 60 }, (_, i) => fittedEvent({ name: "client_batch", properties: { a: `${i}`.repeat(2000), b: "y".repeat(ANALYTICS_PROPERTY_MAX_CHARS), c: i } })!);
    const batches = batchesOf(events);
    expect(batches.length).toBeGreaterThan(1);
    for (const events of batches) {
      const response = await post(first, JSON.stringify({ events }), user.headers());
      expect(response.status).toBe(202);
    }
    expect(await stored("client_batch")).toBe(60);
  });

  it("limits the events per client address per minute across instances, with Retry-After", async () => {
    await freshWindowIfNeeded(20);
    const statuses: number[] = [];
    // 12 batches of 10 from one address, alternating instances: exactly the limit.
    const client = { "x-forwarded-for": "203.0.113.50" };
    for (let i = 0; i < PER_CLIENT / 10; i++) statuses.push((await post(i % 2 === 0 ? first : second, batch(10, "per_client"), client)).status);
    expect(statuses).toEqual(Array<number>(PER_CLIENT / 10).fill(202));
    for (const server of [first, second]) {
      const refused = await post(server, batch(1, "per_client"), client);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    }
    expect(await stored("per_client")).toBe(PER_CLIENT);
    // Another address is not held back.
    expect((await post(second, batch(1, "per_client"), { "x-forwarded-for": "203.0.113.51" })).status).toBe(202);
  });

  it("limits the events per signed-in account per minute, whatever the addresses", async () => {
    await freshWindowIfNeeded(20);
    const user = await createSignedInUser(first);
    const statuses: number[] = [];
    // One account (its bearer token, good on both instances), each request from an address of its own.
    for (let i = 0; i * ANALYTICS_MAX_BATCH < ANALYTICS_EVENTS_PER_MINUTE_PER_USER + ANALYTICS_MAX_BATCH; i++) {
      const response = await post(i % 2 === 0 ? first : second, batch(ANALYTICS_MAX_BATCH, "per_user"), user.bearerHeaders({ "x-forwarded-for": `198.51.100.${i + 1}` }));
      statuses.push(response.status);
      await response.body?.cancel();
    }
    expect(statuses).toEqual([...Array<number>(ANALYTICS_EVENTS_PER_MINUTE_PER_USER / ANALYTICS_MAX_BATCH).fill(202), 429]);
    // Another account from the same addresses is not held back.
    const other = await createSignedInUser(first);
    expect((await post(first, batch(1, "per_user"), other.headers({ "x-forwarded-for": "198.51.100.1" }))).status).toBe(202);
  });
});
