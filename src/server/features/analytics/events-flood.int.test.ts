import { spawn } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { ANALYTICS_EVENTS_PER_MINUTE_PER_CLIENT } from "@/shared/analytics";
import { testDatabaseKind } from "@/test/test-database";
import { startTestServer, type TestServer } from "@/test/test-server";
import { createSignedInUser, type SignedInUser } from "@/test/test-users";

/**
 * An anonymous flood of POST /api/events, as an outside probe sent it: many clients
 * at once, for seconds, alternating bodies of almost the whole 1 MB request limit with valid
 * batches of ten small events. Meanwhile one signed-in user keeps asking for /api/health and /api/me/settings:
 * both must keep answering quickly, and the flood must store next to nothing.
 *
 * The flood runs in a process of its own, so its own work does not slow the server's event loop
 * (the server runs in this one, as every integration test's does).
 */
const FLOOD_CLIENTS = 100;
const FLOOD_SECONDS = 6;
const FLOOD_BODY_KB = 950;
const PROBE_EVERY_MS = 100;

let server: TestServer;
let user: SignedInUser;

beforeAll(async () => {
  // The configured per-address limit (its default), not the test servers' raised one.
  server = await startTestServer({ env: { EVENTS_RATE_LIMIT_PER_MINUTE: String(ANALYTICS_EVENTS_PER_MINUTE_PER_CLIENT) } });
  user = await createSignedInUser(server);
});
afterAll(async () => {
  await server?.close();
});

/** Node's own fetch in a child process, `clients` loops posting for `seconds`; resolves with the statuses it got. */
function flood(url: string, clients: number, seconds: number, bodyKb: number): Promise<Record<string, number>> {
  const script = `
    const [url, clients, seconds, bodyKb] = process.argv.slice(1);
    const big = new TextEncoder().encode(JSON.stringify({ events: [{ name: "flood", properties: { pad: "x".repeat(Number(bodyKb) * 1024) } }] }));
    const small = JSON.stringify({ events: Array.from({ length: 10 }, (_, n) => ({ name: "flood", properties: { n } })) });
    const counts = {};
    const start = Date.now();
    // The flood lasts its seconds, and on a machine too busy to send enough in that time, until
    // it has met the rate limit too (at most a minute): a CI machine running other suites once
    // left this low-priority process one request per client in 18 s.
    const going = () => Date.now() < start + Number(seconds) * 1000 || (!counts[429] && Date.now() < start + 60_000);
    Promise.all(Array.from({ length: Number(clients) }, async () => {
      for (let n = 0; going(); n++) {
        try {
          const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: n % 2 === 0 ? small : big });
          await response.arrayBuffer();
          counts[response.status] = (counts[response.status] ?? 0) + 1;
        } catch {
          counts.failed = (counts.failed ?? 0) + 1;
        }
      }
    })).then(() => process.stdout.write(JSON.stringify(counts)));
  `;
  return new Promise((resolve, reject) => {
    // At a low priority: an attacker's machine is not the server's, and on one machine the
    // flood's own work would otherwise take the server's CPU. Not the lowest: on a busy machine
    // a process at 19 got almost no CPU at all, and the flood never reached the rate limit.
    const child = spawn("nice", ["-n", "10", process.execPath, "-e", script, url, String(clients), String(seconds), String(bodyKb)], { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", () => {
      try {
        resolve(JSON.parse(output) as Record<string, number>);
      } catch {
        reject(new Error(`the flood process said: ${output}`));
      }
    });
  });
}

type Probe = { ms: number; status: number };

async function probe(path: string): Promise<Probe> {
  const started = performance.now();
  try {
    const response = await fetch(`${server.url}${path}`, { headers: user.headers(), signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  } catch {
    return { ms: performance.now() - started, status: 0 };
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const summary = (probes: Probe[]) => {
  const ms = probes.map((entry) => entry.ms);
  return { count: probes.length, p50: Math.round(percentile(ms, 50)), p95: Math.round(percentile(ms, 95)), max: Math.round(Math.max(...ms)) };
};

const mean = (probes: Probe[]) => probes.reduce((sum, entry) => sum + entry.ms, 0) / Math.max(1, probes.length);

describe(`an anonymous flood of POST /api/events (${testDatabaseKind})`, () => {
  it("leaves /api/health and a signed-in route answering quickly, and stores next to nothing", async () => {
    const idle = { health: [] as Probe[], settings: [] as Probe[] };
    for (let i = 0; i < 20; i++) {
      idle.health.push(await probe("/api/health"));
      idle.settings.push(await probe("/api/me/settings"));
    }

    const during = { health: [] as Probe[], settings: [] as Probe[] };
    const started = performance.now();
    const flooding = flood(`${server.url}/api/events`, FLOOD_CLIENTS, FLOOD_SECONDS, FLOOD_BODY_KB);
    // The flood process starts before its first request: probe once it is under way.
    await new Promise((resolve) => setTimeout(resolve, 500));
    let done = false;
    const probing = (async () => {
      while (!done) {
        const [health, settings] = await Promise.all([probe("/api/health"), probe("/api/me/settings")]);
        during.health.push(health);
        during.settings.push(settings);
        await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
      }
    })();
    const statuses = await flooding;
    const floodSeconds = (performance.now() - started) / 1000;
    done = true;
    await probing;

    const [stored] = await queryRows<{ events: number | string; bytes: number | string | null }>(
      server.database.db,
      sql`select count(*) as events, sum(octet_length(properties::text)) as bytes from visitor_events where event_name = 'flood'`,
    );
    const figures = {
      statuses,
      floodSeconds: Math.round(floodSeconds * 10) / 10,
      idle: { health: summary(idle.health), settings: summary(idle.settings) },
      flood: { health: summary(during.health), settings: summary(during.settings) },
      meanMs: { health: Math.round(mean(during.health)), settings: Math.round(mean(during.settings)) },
      stored: { events: Number(stored?.events ?? 0), bytes: Number(stored?.bytes ?? 0) },
    };
    console.log(`events flood (${testDatabaseKind}): ${JSON.stringify(figures)}`);

    // Every probe answered, and on average quickly. The mean, not a high percentile: on a busy
    // 2-core machine other processes stall this one now and then for a second or two, whatever
    // it serves; the unfixed server kept the probes waiting seconds each, most of the time.
    expect([...during.health, ...during.settings].filter((entry) => entry.status !== 200)).toEqual([]);
    expect(during.health.length).toBeGreaterThanOrEqual(10);
    expect(figures.meanMs.health).toBeLessThan(300);
    expect(figures.meanMs.settings).toBeLessThan(300);
    // Refused, not stored: the large bodies by their size (413), the rest past the per-address
    // limit (429); at most two windows' worth got in (the flood may straddle a minute).
    expect(statuses["413"]).toBeGreaterThan(0);
    expect(statuses["429"]).toBeGreaterThan(0);
    expect(statuses["500"] ?? 0).toBe(0);
    expect(figures.stored.events).toBeLessThanOrEqual(2 * ANALYTICS_EVENTS_PER_MINUTE_PER_CLIENT);
    expect(figures.stored.bytes).toBeLessThan(100 * 1024);
  }, 180_000);
});
