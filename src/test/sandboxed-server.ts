import { afterAll, afterEach, beforeAll } from "vitest";
import { startSandbox } from "../../sandbox/server";
import { startTestServer, type TestServer } from "./test-server";

export type SandboxedServer = {
  sandbox: Awaited<ReturnType<typeof startSandbox>>;
  server: TestServer;
};

/**
 * For one test file: the sandbox upstream and Quire's server wired to it, started before the
 * file's tests, the sandbox's faults and request log cleared after each test, both closed at
 * the end. Read `sandbox` and `server` from the returned object inside hooks and tests.
 */
export function useSandboxedServer(options: { webDistDir?: () => string } = {}): SandboxedServer {
  const env = {} as SandboxedServer;
  beforeAll(async () => {
    env.sandbox = await startSandbox({ port: 0 });
    env.server = await startTestServer({ sandboxUrl: env.sandbox.url, webDistDir: options.webDistDir?.() });
  }, 60_000);
  afterEach(async () => {
    await fetch(`${env.sandbox.url}/__control/faults`, { method: "DELETE" });
    await fetch(`${env.sandbox.url}/__control/requests`, { method: "DELETE" });
  });
  afterAll(async () => {
    await env.server?.close();
    await env.sandbox?.close();
  });
  return env;
}
