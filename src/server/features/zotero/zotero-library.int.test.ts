import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox } from "../../../../sandbox/server";
import { approveZoteroAuthorization } from "../../../../sandbox/test-support/zotero";
import { breakZoteroItem, changeZoteroLibrary, revokeZoteroKey, setZoteroLoad, setZoteroPacing } from "../../../../sandbox/test-support/zotero";
import { userIntegrations, zoteroCache } from "@/server/db/schema";
import type { Paper } from "@/shared/paper";
import type { BibliographyResult, ZoteroStatus } from "@/shared/zotero/zotero-contract";
import { startTestServer, type TestServer } from "@/test/test-server";
import { createSignedInUser } from "@/test/test-users";
import { connectWithKey, createZoteroUser, quireApi, sandboxItems, type SandboxZoteroUser } from "./zotero-test-support";

/**
 * Connecting, browsing, exporting and deleting against the sandbox's Zotero over real HTTP.
 */

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let server: TestServer;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  server = await startTestServer({ sandboxUrl: sandbox.url });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

const paper = (id: string, overrides: Partial<Paper> = {}): Paper => ({
  id,
  title: `Quire export test ${id}`,
  authors: ["Ada Lovelace", "Charles Babbage"],
  abstract: "An abstract.",
  url: `https://arxiv.org/abs/${id}`,
  pdfUrl: `https://arxiv.org/pdf/${id}`,
  publishedDate: "2024-01-15T00:00:00Z",
  updatedDate: null,
  categories: ["cs.LG"],
  category: "cs.LG",
  source: "arxiv",
  doi: null,
  journalRef: null,
  comments: null,
  arxivId: `${id}v1`,
  links: { abstract: null, pdf: null },
  ...overrides,
});

async function connectedUser(zotero: SandboxZoteroUser) {
  const user = await createSignedInUser(server);
  const api = quireApi(server, user);
  await connectWithKey(api, zotero.key);
  return { user, api };
}

describe("connection", () => {
  it("is not connected at first, and every library call says so", async () => {
    const api = quireApi(server, await createSignedInUser(server));
    const status = await api.get("/api/auth-zotero?action=status");
    expect(status.body).toMatchObject({ connected: false, state: "not_connected", source: "none" });
    const list = await api.get("/api/zotero/bibliography");
    expect(list.status).toBe(409);
    expect(list.body.error).toEqual({ code: "not_connected", message: "Not connected to Zotero" });
    expect((await api.post("/api/zotero-ops?action=export", { item: paper("2401.00001") })).body.error.code).toBe("not_connected");
  });

  it("needs a session", async () => {
    for (const path of ["/api/auth-zotero?action=status", "/api/zotero/bibliography", "/api/zotero/sync", "/api/zotero-ops?action=check-exists&title=x"]) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(401);
    }
  });

  it("refuses a key Zotero does not know, and bad input, with a clear message", async () => {
    const api = quireApi(server, await createSignedInUser(server));
    const unknown = await api.post("/api/zotero/sync-credentials", { apiKey: "NOSUCHKEY0000000000000000" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/does not know this API key/);
    const empty = await api.post("/api/zotero/sync-credentials", { apiKey: "   " });
    expect(empty.body.error.message).toBe("apiKey: API key cannot be empty");
    const weird = await api.post("/api/zotero/sync-credentials", { apiKey: "<script>" });
    expect(weird.status).toBe(400);
  });

  it("connects with a key made by hand, keeps it encrypted and never sends it back", async () => {
    const zotero = await createZoteroUser(sandbox.url, { items: 5, username: `ada-${Date.now()}` });
    const { user, api } = await connectedUser(zotero);
    const status = (await api.get("/api/auth-zotero?action=status")).body as ZoteroStatus;
    expect(status).toMatchObject({ connected: true, state: "connected", userId: String(zotero.userID), username: zotero.username, method: "manual", source: "database" });
    expect(JSON.stringify(status)).not.toContain(zotero.key);
    // 30 days from now.
    expect(Date.parse(status.expiresAt!) - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
    const [row] = await server.database.db.select().from(userIntegrations).where(eq(userIntegrations.userId, user.id));
    expect(JSON.stringify(row)).not.toContain(zotero.key);
    expect(row!.credentials).toEqual({ sealed: expect.stringMatching(/^v1\./) });
    // The user's data export says who is connected, never with which key.
    const exported = await api.get("/api/me/export");
    expect(exported.body.data.integrations).toMatchObject([{ integrationType: "zotero", isActive: true, metadata: { username: zotero.username, method: "manual" } }]);
    expect(JSON.stringify(exported.body)).not.toContain(zotero.key);
  });

  it("soft-disconnects (credentials saved), reconnects, and deletes with revocation", async () => {
    const zotero = await createZoteroUser(sandbox.url, { items: 3 });
    const { api } = await connectedUser(zotero);
    const soft = await api.post("/api/auth-zotero?action=disconnect&soft=true");
    expect(soft.body).toMatchObject({ success: true, details: { cookies: { success: true }, credentials: { success: true } } });
    expect((await api.get("/api/auth-zotero?action=status")).body).toMatchObject({ connected: false, state: "credentials_saved", username: zotero.username });
    expect((await api.get("/api/zotero/bibliography")).status).toBe(409);
    const reconnected = await api.post("/api/auth-zotero?action=reconnect");
    expect(reconnected.body).toMatchObject({ connected: true, state: "connected" });
    const revoked = await api.post("/api/auth-zotero?action=revoke");
    expect(revoked.body).toMatchObject({ success: true, details: { credentials: { success: true }, revoke: { success: true } } });
    expect((await api.get("/api/auth-zotero?action=status")).body.state).toBe("not_connected");
    // The key is revoked at Zotero too.
    const keyInfo = await fetch(`${sandbox.url}/zotero/keys/${zotero.key}`);
    expect(keyInfo.status).toBe(404);
  });

  it("treats credentials past their 30 days as absent, and deactivates them", async () => {
    const zotero = await createZoteroUser(sandbox.url, { items: 2 });
    const { user, api } = await connectedUser(zotero);
    await server.database.db.update(userIntegrations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userIntegrations.userId, user.id));
    expect((await api.get("/api/auth-zotero?action=status")).body).toMatchObject({ connected: false, state: "not_connected" });
    expect((await api.get("/api/zotero/bibliography")).status).toBe(409);
    const [row] = await server.database.db.select().from(userIntegrations).where(eq(userIntegrations.userId, user.id));
    expect(row!.isActive).toBe(false);
  });

  it("treats a key revoked at Zotero as not usable: reconnect says to sign in again", async () => {
    const zotero = await createZoteroUser(sandbox.url, { items: 3 });
    const { api } = await connectedUser(zotero);
    await api.post("/api/auth-zotero?action=disconnect&soft=true");
    await revokeZoteroKey(sandbox.url, zotero.key);
    const reconnect = await api.post("/api/auth-zotero?action=reconnect");
    expect(reconnect.status).toBe(401);
    expect(reconnect.body.error.message).toMatch(/You may need to sign in again/);
  });

  it("sends a manual connection to Zotero's new-key page and marks it for an hour", async () => {
    const user = await createSignedInUser(server);
    const response = await fetch(`${server.url}/api/auth-zotero?action=login&manual=true`, { headers: user.headers(), redirect: "manual" });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${sandbox.url}/zotero-web/settings/keys/new`);
    expect(location.searchParams.get("write_access")).toBe("1");
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith("quire_zotero_manual="))!;
    expect(cookie).toMatch(/Max-Age=3600/);
    expect(cookie).toMatch(/HttpOnly/);
    const status = await fetch(`${server.url}/api/auth-zotero?action=status`, { headers: user.headers({ Cookie: `${user.cookie}; quire_zotero_manual=1` }) });
    expect(((await status.json()) as ZoteroStatus).manualPending).toBe(true);
  });

  it("connects by OAuth 1.0a through Zotero's authorize page", async () => {
    const user = await createSignedInUser(server);
    const username = `oauth-${Date.now().toString(36)}`;
    const login = await fetch(`${server.url}/api/auth-zotero?action=login`, { headers: user.headers(), redirect: "manual" });
    expect(login.status).toBe(302);
    const authorize = new URL(login.headers.get("location")!);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${sandbox.url}/zotero-web/oauth/authorize`);
    expect(authorize.searchParams.get("write_access")).toBe("1");
    const handshake = login.headers.getSetCookie().find((line) => line.startsWith("quire_zotero_oauth="))!.split(";")[0]!;
    // The handshake cookie holds the request token's secret sealed, never in the clear.
    expect(handshake).toMatch(/^quire_zotero_oauth=v1\./);
    const back = await approveZoteroAuthorization(authorize, { username });
    expect(back.pathname).toBe("/api/auth-zotero");
    const withHandshake = user.headers({ Cookie: `${user.cookie}; ${handshake}` });
    const callback = await fetch(`${server.url}${back.pathname}${back.search}`, { headers: withHandshake, redirect: "manual" });
    expect(callback.headers.get("location")).toBe("/settings?zotero=1&success=oauth");
    const status = (await quireApi(server, user).get("/api/auth-zotero?action=status")).body as ZoteroStatus;
    expect(status).toMatchObject({ connected: true, method: "oauth", username });
    // The new key reads the library.
    expect((await quireApi(server, user).get("/api/zotero/bibliography?limit=5")).status).toBe(200);
    // The same return replayed: the request token is spent and its cookie gone.
    const replay = await fetch(`${server.url}${back.pathname}${back.search}`, { headers: user.headers(), redirect: "manual" });
    expect(replay.headers.get("location")).toBe("/settings?zotero=1&error=missing_params");
  });

  it("says token_mismatch for a return of another handshake, and passes Cancel on", async () => {
    const user = await createSignedInUser(server);
    const first = await fetch(`${server.url}/api/auth-zotero?action=login`, { headers: user.headers(), redirect: "manual" });
    const second = await fetch(`${server.url}/api/auth-zotero?action=login`, { headers: user.headers(), redirect: "manual" });
    const firstCookie = first.headers.getSetCookie().find((line) => line.startsWith("quire_zotero_oauth="))!.split(";")[0]!;
    const back = await approveZoteroAuthorization(new URL(second.headers.get("location")!), { username: `mismatch-${Date.now()}` });
    const mismatch = await fetch(`${server.url}${back.pathname}${back.search}`, { headers: user.headers({ Cookie: `${user.cookie}; ${firstCookie}` }), redirect: "manual" });
    expect(mismatch.headers.get("location")).toBe("/settings?zotero=1&error=token_mismatch");

    const third = await fetch(`${server.url}/api/auth-zotero?action=login`, { headers: user.headers(), redirect: "manual" });
    const cancelled = await approveZoteroAuthorization(new URL(third.headers.get("location")!), { username: "x-cancel", decision: "deny" });
    const answer = await fetch(`${server.url}${cancelled.pathname}${cancelled.search}`, { headers: user.headers(), redirect: "manual" });
    expect(answer.headers.get("location")).toBe("/settings?zotero=1&error=permission_denied");
    expect((await quireApi(server, user).get("/api/auth-zotero?action=status")).body.connected).toBe(false);
  });

  it("answers Zotero's OAuth return without a handshake with missing_params / token_mismatch", async () => {
    const user = await createSignedInUser(server);
    const missing = await fetch(`${server.url}/api/auth-zotero?action=callback`, { headers: user.headers(), redirect: "manual" });
    expect(missing.headers.get("location")).toBe("/settings?zotero=1&error=missing_params");
  });
});

describe("library", () => {
  let zotero: SandboxZoteroUser;
  let api: ReturnType<typeof quireApi>;
  beforeAll(async () => {
    zotero = await createZoteroUser(sandbox.url, { items: 60 });
    ({ api } = await connectedUser(zotero));
  });

  it("pages the library with Total-Results and the library version", async () => {
    const answer = await fetch(`${server.url}/api/zotero/bibliography?limit=20&topLevelOnly=true`, { headers: (await createSignedInUser(server)).headers() });
    expect(answer.status).toBe(409);
    const page = await api.get("/api/zotero/bibliography?limit=20&topLevelOnly=true");
    const result = page.body as BibliographyResult;
    const truth = await sandboxItems(sandbox.url, zotero);
    expect(result.items).toHaveLength(20);
    expect(result.totalResults).toBeGreaterThanOrEqual(truth.total);
    expect(result.version).toBe(truth.version);
    expect(new Set(result.items.map((item) => item.id)).size).toBe(20);
    for (const item of result.items) {
      expect(item.source).toBe("zotero");
      expect(item.zoteroKey).toMatch(/^[A-Z0-9]{8}$/);
      expect(item.itemType).not.toBe("attachment");
    }
    // The arXiv items open in Quire's reader.
    expect(result.items.some((item) => item.arxivId && item.id === item.arxivId.replace(/v\d+$/, ""))).toBe(true);
  });

  it("filters by item type, searches, and refuses bad parameters", async () => {
    const preprints = (await api.get("/api/zotero/bibliography?itemTypes=preprint&limit=100")).body as BibliographyResult;
    expect(preprints.items.length).toBeGreaterThan(0);
    expect(preprints.items.every((item) => item.itemType === "preprint")).toBe(true);
    const word = preprints.items[0]!.title.split(/\s+/).find((w) => w.length > 6)!;
    const found = (await api.get(`/api/zotero/bibliography?q=${encodeURIComponent(word)}`)).body as BibliographyResult;
    expect(found.items.some((item) => item.title.includes(word))).toBe(true);
    expect((await api.get("/api/zotero/bibliography?itemTypes=attachment")).status).toBe(400);
    expect((await api.get("/api/zotero/bibliography?limit=1000")).body.error.message).toBe("limit: limit must be 1 to 100");
    expect((await api.get("/api/zotero/bibliography?start=-1")).status).toBe(400);
  });

  it("exports a paper as the item Zotero makes, says 'Already in library' the second time", async () => {
    const id = "2401.98765";
    const first = await api.post("/api/zotero-ops?action=export", { item: paper(id) });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ exists: false, itemKey: expect.stringMatching(/^[A-Z0-9]{8}$/), message: "Paper exported successfully" });
    const stored = await fetch(`${sandbox.url}/zotero/users/${zotero.userID}/items/${first.body.itemKey}`, { headers: { "Zotero-API-Key": zotero.key } });
    const item = ((await stored.json()) as { data: Record<string, unknown> }).data;
    expect(item).toMatchObject({
      itemType: "preprint",
      title: `Quire export test ${id}`,
      DOI: `10.48550/arXiv.${id}`,
      archiveID: `arXiv:${id}`,
      extra: `arXiv:${id} [cs.LG]`,
      url: `http://arxiv.org/abs/${id}`,
      date: "2024-01-15",
      creators: [
        { creatorType: "author", firstName: "Ada", lastName: "Lovelace" },
        { creatorType: "author", firstName: "Charles", lastName: "Babbage" },
      ],
    });
    const again = await api.post("/api/zotero-ops?action=export", { item: paper(id) });
    expect(again.body).toMatchObject({ exists: true, itemKey: first.body.itemKey, message: "Already in library" });
    expect((await api.get(`/api/zotero-ops?action=check-exists&arxivId=${id}`)).body).toEqual({ exists: true, itemKey: first.body.itemKey });
    expect((await api.get(`/api/zotero-ops?action=check-exists&title=${encodeURIComponent(`Quire export test ${id}`)}&author=Lovelace`)).body.exists).toBe(true);
    expect((await api.get(`/api/zotero-ops?action=check-exists&title=${encodeURIComponent(`Quire export test ${id}`)}&author=Turing`)).body.exists).toBe(false);
    expect((await api.get("/api/zotero-ops?action=check-exists")).status).toBe(400);
  });

  it("gives the items it creates the user's cite key, unique within a batch", async () => {
    const other = await createZoteroUser(sandbox.url, { items: 10 });
    const { user, api: keyed } = await connectedUser(other);
    const saved = await fetch(`${server.url}/api/me/settings`, { method: "PUT", headers: user.headers(), body: JSON.stringify({ citeKeyFormat: "first_author_year" }) });
    expect(saved.status, await saved.text()).toBe(200);
    const zoteroGet = async (path: string) => (await fetch(`${sandbox.url}/zotero/users/${other.userID}${path}`, { headers: { "Zotero-API-Key": other.key } })).json();
    const stored = async (itemKey: string) => ((await zoteroGet(`/items/${itemKey}`)) as { data: Record<string, unknown> }).data;

    const single = await keyed.post("/api/zotero-ops?action=export", { item: paper("2405.00001", { authors: ["Grace Hopper"] }) });
    expect(single.status, JSON.stringify(single.body)).toBe(200);
    expect(await stored(single.body.itemKey)).toMatchObject({ itemType: "preprint", citationKey: "Hopper2024" });

    const papers = [
      paper("2405.00002", { title: "Compilers one", authors: ["Grace Hopper"] }),
      paper("2405.00003", { title: "Compilers two", authors: ["Grace Hopper"], doi: "10.1000/compilers.2", journal: "Journal of Compilers" }),
    ];
    const batch = await keyed.post("/api/zotero-ops?action=export-batch", { papers });
    expect(batch.body).toMatchObject({ exported: 2, failed: [] });
    const items = (await zoteroGet("/items?q=Compilers&limit=10")) as { data: Record<string, unknown> }[];
    const byTitle = (title: string) => items.find((item) => item.data.title === title)?.data;
    expect(byTitle("Compilers one")).toMatchObject({ itemType: "preprint", citationKey: "Hopper2024" });
    expect(byTitle("Compilers two")).toMatchObject({ itemType: "journalArticle", extra: "arXiv:2405.00003 [cs.LG]\nCitation Key: Hopper2024a" });
  });

  it("finds an item by DOI in the live library before any sync", async () => {
    // Which corpus papers a library gets depends on its user id (the order files ran in): 150
    // items hold journal articles with a publisher's DOI whatever the id (40 once held none).
    const other = await createZoteroUser(sandbox.url, { items: 150 });
    const { api: fresh } = await connectedUser(other);
    const journal = ((await fresh.get("/api/zotero/bibliography?itemTypes=journalArticle&limit=100")).body as BibliographyResult).items.find((item) => item.doi && !item.doi.startsWith("10.48550"));
    expect(journal).toBeDefined();
    const check = await fresh.get(`/api/zotero-ops?action=check-exists&doi=${encodeURIComponent(journal!.doi!)}&title=${encodeURIComponent(journal!.title)}`);
    expect(check.body).toEqual({ exists: true, itemKey: journal!.zoteroKey });
  });

  it("refuses a paper without title or author", async () => {
    expect((await api.post("/api/zotero-ops?action=export", { item: paper("2401.11111", { title: " " }) })).body.error.message).toBe("item: The paper has no title");
    expect((await api.post("/api/zotero-ops?action=export", { item: paper("2401.11111", { authors: [] }) })).status).toBe(400);
    expect((await api.post("/api/zotero-ops?action=export", {})).status).toBe(400);
  });

  it("exports a selection in writes of 50 into a collection named after the Quire collection", async () => {
    const papers = Array.from({ length: 120 }, (_, i) => paper(`2402.${String(10000 + i)}`, { title: `Batch paper number ${i} about graphs`, authors: [`Author${i} Smith`] }));
    await fetch(`${sandbox.url}/__control/requests`, { method: "DELETE" });
    const result = await api.post("/api/zotero-ops?action=export-batch", { papers, collection: "Reading group" });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({ exported: 120, alreadyInLibrary: 0, failed: [], writes: 3, collectionKey: expect.stringMatching(/^[A-Z0-9]{8}$/) });
    const log = (await (await fetch(`${sandbox.url}/__control/requests?route=zotero-api`)).json()) as { requests: { method: string; path: string }[] };
    expect(log.requests.filter((entry) => entry.method === "POST" && entry.path.endsWith("/items")).length).toBe(3);
    const inCollection = await fetch(`${sandbox.url}/zotero/users/${zotero.userID}/collections/${result.body.collectionKey}/items?limit=1`, { headers: { "Zotero-API-Key": zotero.key } });
    expect(Number(inCollection.headers.get("total-results"))).toBe(120);
    // Sent again with one more paper: only that one is new; the collection is found, not made twice.
    const again = await api.post("/api/zotero-ops?action=export-batch", { papers: [...papers.slice(0, 3), paper("2402.99999")], collection: "Reading group" });
    expect(again.body).toMatchObject({ exported: 1, alreadyInLibrary: 3, collectionKey: result.body.collectionKey });
    expect((await api.post("/api/zotero-ops?action=export-batch", { papers: [] })).body.error.message).toBe("papers: Choose at least one paper");
  });

  it("deletes an item, and refuses a bad key with the spec's message", async () => {
    const created = await api.post("/api/zotero-ops?action=export", { item: paper("2403.55555") });
    const key = created.body.itemKey as string;
    const deleted = await api.del(`/api/zotero-ops?action=delete&itemKey=${key}`);
    expect(deleted.status).toBe(204);
    const gone = await fetch(`${sandbox.url}/zotero/users/${zotero.userID}/items/${key}`, { headers: { "Zotero-API-Key": zotero.key } });
    expect(gone.status).toBe(404);
    const rows = await server.database.db.select().from(zoteroCache).where(eq(zoteroCache.zoteroItemKey, key));
    expect(rows).toHaveLength(0);
    const bad = await api.del("/api/zotero-ops?action=delete&itemKey=nope");
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("itemKey: Invalid item key for deletion.");
    expect((await api.del("/api/zotero-ops?action=delete")).body.error.message).toMatch(/Invalid item key for deletion\./);
  });

  it("deletes an item changed since it was read (412 on the stale write, read again once)", async () => {
    const created = await api.post("/api/zotero-ops?action=export", { item: paper("2403.66666") });
    const key = created.body.itemKey as string;
    // A stale version is refused by Zotero...
    const stale = await fetch(`${sandbox.url}/zotero/users/${zotero.userID}/items/${key}`, { method: "DELETE", headers: { "Zotero-API-Key": zotero.key, "If-Unmodified-Since-Version": "1" } });
    expect(stale.status).toBe(412);
    // ...and when the item changes between Quire's read and its delete, the DELETE answers 412:
    // Quire reads the version again and deletes. The change is made while the sandbox holds
    // the DELETE (the second request on this item's path).
    const faults = await fetch(`${sandbox.url}/__control/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify([
        { route: "zotero-api", match: `/items/${key}`, latencyMs: 1, times: 1 },
        { route: "zotero-api", match: `/items/${key}`, latencyMs: 1500, times: 1 },
      ]),
    });
    expect(faults.status).toBe(201);
    await fetch(`${sandbox.url}/__control/requests`, { method: "DELETE" });
    const deleting = api.del(`/api/zotero-ops?action=delete&itemKey=${key}`);
    await new Promise((resolve) => setTimeout(resolve, 600));
    await changeZoteroLibrary(sandbox.url, zotero.userID, { modify: [key] });
    expect((await deleting).status).toBe(204);
    const log = (await (await fetch(`${sandbox.url}/__control/requests?route=zotero-api`)).json()) as { requests: { method: string; path: string; status: number }[] };
    expect(log.requests.filter((entry) => entry.method === "DELETE").map((entry) => entry.status)).toEqual([412, 204]);
    expect((await fetch(`${sandbox.url}/zotero/users/${zotero.userID}/items/${key}`, { headers: { "Zotero-API-Key": zotero.key } })).status).toBe(404);
  });

  it("never mixes two users' libraries", async () => {
    const otherZotero = await createZoteroUser(sandbox.url, { items: 10 });
    const { api: other } = await connectedUser(otherZotero);
    const mine = ((await api.get("/api/zotero/bibliography?limit=100")).body as BibliographyResult).items.map((item) => item.zoteroKey);
    const theirs = ((await other.get("/api/zotero/bibliography?limit=100")).body as BibliographyResult).items.map((item) => item.zoteroKey);
    expect(mine.filter((key) => theirs.includes(key))).toEqual([]);
    // Deleting one of my keys through the other account touches only the other library.
    const victim = mine[0]!;
    expect((await other.del(`/api/zotero-ops?action=delete&itemKey=${victim}`)).status).toBe(204);
    expect((await fetch(`${sandbox.url}/zotero/users/${zotero.userID}/items/${victim}`, { headers: { "Zotero-API-Key": zotero.key } })).status).toBe(200);
  });
});
