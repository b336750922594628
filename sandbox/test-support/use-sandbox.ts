/** Starts one sandbox on a free port for a test file and stops it afterwards. */
import { afterAll, afterEach, beforeAll } from "vitest";
import { startSandbox, type RunningSandbox } from "../server";

export interface SandboxHandle {
  /** Base URL, valid inside tests (after beforeAll). */
  readonly url: string;
  /** The SMTP sink, "smtp://127.0.0.1:PORT" (valid inside tests). */
  readonly smtpUrl: string;
  /** fetch() against the sandbox: `get("/arxiv/api/query?...")`. */
  get(path: string, init?: RequestInit): Promise<Response>;
  /** Calls a /__control route, with a JSON body when one is given. */
  control(method: "POST" | "DELETE" | "GET", path: string, body?: unknown): Promise<Response>;
}

export function useSandbox(): SandboxHandle {
  let running: RunningSandbox | undefined;
  beforeAll(async () => {
    running = await startSandbox({ port: 0 });
  });
  afterEach(async () => {
    // Each test starts without faults, logged requests or e-mail left by the one before.
    if (!running) return;
    await fetch(`${running.url}/__control/faults`, { method: "DELETE" });
    await fetch(`${running.url}/__control/requests`, { method: "DELETE" });
    await fetch(`${running.url}/__control/mail`, { method: "DELETE" });
  });
  afterAll(async () => {
    await running?.close();
  });

  const handle: SandboxHandle = {
    get url() {
      if (!running) throw new Error("The sandbox is not running yet (use it inside a test)");
      return running.url;
    },
    get smtpUrl() {
      if (!running) throw new Error("The sandbox is not running yet (use it inside a test)");
      return running.smtpUrl;
    },
    get: (path, init) => fetch(`${handle.url}${path}`, init),
    control: (method, path, body) =>
      fetch(`${handle.url}${path}`, {
        method,
        headers: body === undefined ? {} : { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
  return handle;
}
