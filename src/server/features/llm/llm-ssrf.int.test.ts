/**
 * Custom providers on a server that does not allow private base URLs (the default): a base
 * URL on loopback, a private network or link-local (cloud metadata) is refused when saved and
 * when a request carries it, and nothing reaches the address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../../../sandbox/server";
import { startTestServer, type TestServer } from "@/test/test-server";
import { createSignedInUser } from "@/test/test-users";

let sandbox: RunningSandbox;
let server: TestServer;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, preload: false });
  server = await startTestServer({ sandboxUrl: sandbox.url, env: { LLM_TIMEOUT_MS: "2000" } });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

const post = (path: string, body: unknown, headers: Record<string, string>) =>
  fetch(`${server.url}/api/llm${path}`, { method: "POST", headers, body: JSON.stringify(body) });

describe("custom base URLs on a multi-user server", () => {
  it("refuses private, loopback and link-local base URLs when saved, and reaches none of them", async () => {
    const user = await createSignedInUser(server);
    const port = new URL(sandbox.url).port;
    for (const baseUrl of [`${sandbox.url}/llm/v1`, `http://localhost:${port}/llm/v1`, "http://169.254.169.254/latest", "http://10.0.0.7:11434/v1", "http://[::1]:11434/v1"]) {
      const response = await post("/custom-providers", { name: "Local", baseUrl, models: "m" }, user.headers());
      expect(response.status, baseUrl).toBe(400);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("llm_base_url_refused");
      expect(body.error.message).toMatch(/private or local address/);
    }
    const requests = (await (await fetch(`${sandbox.url}/__control/requests?route=llm-chat`)).json()) as { requests: unknown[] };
    expect(requests.requests).toEqual([]);
  });

  it("refuses a private base URL an anonymous request carries, before anything is sent", async () => {
    const headers = { "Content-Type": "application/json", Origin: server.url, "x-provider": "Local" };
    const response = await post("", { model: "sandbox-parse", baseUrl: `${sandbox.url}/llm/v1`, messages: [{ role: "user", content: "hi" }] }, headers);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("llm_base_url_refused");
    const requests = (await (await fetch(`${sandbox.url}/__control/requests?route=llm-chat`)).json()) as { requests: unknown[] };
    expect(requests.requests).toEqual([]);
  });
});
