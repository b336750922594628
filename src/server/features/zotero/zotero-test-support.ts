import { expect } from "vitest";
import type { TestServer } from "@/test/test-server";
import type { SignedInUser } from "@/test/test-users";
import type { ZoteroSyncState } from "@/shared/zotero/zotero-contract";

export { createZoteroUser } from "../../../../sandbox/test-support/zotero";
export type { CreatedZoteroUser as SandboxZoteroUser } from "../../../../sandbox/test-support/zotero";
import type { CreatedZoteroUser as SandboxZoteroUser } from "../../../../sandbox/test-support/zotero";

/** The sandbox's own view of a library (its top-level regular items, through the API with the key). */
export async function sandboxItems(sandboxUrl: string, user: SandboxZoteroUser, query = ""): Promise<{ total: number; version: number; body: unknown }> {
  const response = await fetch(`${sandboxUrl}/zotero/users/${user.userID}/items/top?itemType=-attachment&limit=1${query}`, { headers: { "Zotero-API-Key": user.key, "Zotero-API-Version": "3" } });
  return { total: Number(response.headers.get("total-results")), version: Number(response.headers.get("last-modified-version")), body: await response.json() };
}

export type Api = {
  get: (path: string) => Promise<{ status: number; body: any }>;
  post: (path: string, body?: unknown) => Promise<{ status: number; body: any }>;
  del: (path: string) => Promise<{ status: number; body: any }>;
};

/** Calls Quire's API as a signed-in user. */
export function quireApi(server: Pick<TestServer, "url">, user: SignedInUser): Api {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, { method, headers: user.headers(), body: body === undefined ? undefined : JSON.stringify(body), redirect: "manual" });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: response.status, body: parsed as any };
  };
  return { get: (path) => call("GET", path), post: (path, body) => call("POST", path, body ?? {}), del: (path) => call("DELETE", path) };
}

/** Connects the user's Zotero with a key made by hand. */
export async function connectWithKey(api: Api, key: string): Promise<void> {
  const answer = await api.post("/api/zotero/sync-credentials", { apiKey: key });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** Polls the sync state until `done` says so. */
export async function waitForSync(api: Api, done: (state: ZoteroSyncState) => boolean, timeoutMs = 30_000): Promise<ZoteroSyncState> {
  const deadline = Date.now() + timeoutMs;
  let last: ZoteroSyncState | undefined;
  while (Date.now() < deadline) {
    const answer = await api.get("/api/zotero/sync");
    last = answer.body as ZoteroSyncState;
    if (done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`sync did not reach the expected state; last: ${JSON.stringify(last)}`);
}

export const settled = (state: ZoteroSyncState) => state.status !== "syncing";
