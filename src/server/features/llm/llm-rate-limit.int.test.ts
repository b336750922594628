/**
 * An anonymous visitor's model calls through /api/llm make Quire call a server the visitor
 * names, with no account behind them: limited per client address per minute, as
 * sign-up is, and counted in the database so that two instances hold one limit between them.
 * Signed-in users' calls are not held to it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../../../sandbox/server";
import { testDatabaseKind } from "@/test/test-database";
import { startTestServer, type TestServer } from "@/test/test-server";
import { createSignedInUser } from "@/test/test-users";

const LIMIT = 3;
let sandbox: RunningSandbox;
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, preload: false });
  // Behind a trusted proxy, so each test speaks from addresses of its own (X-Forwarded-For).
  const env = { LLM_ALLOW_PRIVATE_BASE_URLS: "true", LLM_RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: "true" };
  first = await startTestServer({ sandboxUrl: sandbox.url, env });
  second = await startTestServer({ sandboxUrl: sandbox.url, database: first.database, env });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await first?.close();
  await sandbox?.close();
});

function ask(server: TestServer, address: string, path = "", headers: Record<string, string> = {}) {
  const body =
    path === "/test"
      ? { provider: "Local", model: "sandbox-parse", baseUrl: `${sandbox.url}/llm/v1` }
      : { model: "sandbox-parse", baseUrl: `${sandbox.url}/llm/v1`, messages: [{ role: "user", content: "hi" }] };
  return fetch(`${server.url}/api/llm${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "x-provider": "Local", "x-forwarded-for": address, ...headers },
    body: JSON.stringify(body),
  });
}

/** Waits for the start of a fresh minute window when less than `seconds` are left of this one. */
async function freshWindowIfNeeded(seconds: number) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

async function modelCalls(): Promise<number> {
  const body = (await (await fetch(`${sandbox.url}/__control/requests?route=llm-chat`)).json()) as { requests: unknown[] };
  return body.requests.length;
}

describe(`anonymous model calls per client address (${testDatabaseKind})`, () => {
  it("answers 429 with Retry-After past the limit, counted across instances, and calls no model for it", async () => {
    await freshWindowIfNeeded(20);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await ask(i % 2 === 0 ? first : second, "203.0.113.7", i === 1 ? "/test" : "")).status);
    expect(statuses).toEqual(Array<number>(LIMIT).fill(200));
    const callsBefore = await modelCalls();
    for (const server of [second, first]) {
      const refused = await ask(server, "203.0.113.7");
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: "rate_limited", message: expect.stringMatching(/Too many language-model requests/) });
    }
    expect(await modelCalls()).toBe(callsBefore);
    // Another address still gets its answer.
    expect((await ask(first, "203.0.113.8")).status).toBe(200);
  });

  it("does not hold a signed-in user's calls to it", async () => {
    await freshWindowIfNeeded(20);
    const user = await createSignedInUser(first);
    for (let i = 0; i < LIMIT + 2; i++) {
      const response = await ask(first, "203.0.113.9", "", user.headers());
      expect(response.status, `call ${i + 1}`).toBe(200);
    }
  });
});
