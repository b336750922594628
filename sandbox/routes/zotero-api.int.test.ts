import { describe, expect, it } from "vitest";
import { useSandbox } from "../test-support/use-sandbox";
import { breakZoteroItem, changeZoteroLibrary, createZoteroUser, revokeZoteroKey, setZoteroLoad, setZoteroPacing, type CreatedZoteroUser } from "../test-support/zotero";

const sandbox = useSandbox();
type Item = { key: string; version: number; data: Record<string, unknown>; meta: Record<string, unknown>; links: Record<string, { href: string }> };

function api(user: CreatedZoteroUser | { key?: string }, path: string, init: Omit<RequestInit, "headers"> & { headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { "Zotero-API-Version": "3", ...init.headers };
  if (user.key && !("Authorization" in headers)) headers["Zotero-API-Key"] = user.key;
  return sandbox.get(`/zotero${path}`, { ...init, headers });
}

const post = (user: CreatedZoteroUser, path: string, body: unknown, headers: Record<string, string> = {}) =>
  api(user, path, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...headers } });

/** The rel="..." URLs of a Link header. */
function links(response: Response): Record<string, string> {
  const result: Record<string, string> = {};
  for (const part of (response.headers.get("link") ?? "").split(", ")) {
    const match = /^<([^>]+)>; rel="(\w+)"$/.exec(part);
    if (match) result[match[2]!] = match[1]!;
  }
  return result;
}

describe("Zotero Web API: keys and access", () => {
  it("authenticates by header, Bearer and ?key=, describes the key, and keeps libraries apart", async () => {
    const ada = await createZoteroUser(sandbox.url, { items: 40 });
    const bob = await createZoteroUser(sandbox.url, { items: 40, access: { write: false, notes: false } });
    for (const response of [
      await api(ada, "/users/" + ada.userID + "/items?limit=1"),
      await api({}, `/users/${ada.userID}/items?limit=1`, { headers: { Authorization: `Bearer ${ada.key}` } }),
      await api({}, `/users/${ada.userID}/items?limit=1&key=${ada.key}`),
    ]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("zotero-api-version")).toBe("3");
    }
    const key = await (await api({}, `/keys/${bob.key}`)).json();
    expect(key).toEqual({ key: bob.key, userID: bob.userID, username: bob.username, displayName: "", access: { user: { library: true, files: true, notes: false, write: false }, groups: { all: { library: true, write: true } } } });
    expect((await (await api(ada, "/keys/current")).json()).userID).toBe(ada.userID);

    const other = await api(bob, `/users/${ada.userID}/items`);
    expect([other.status, await other.text()]).toEqual([403, "Forbidden"]);
    const anonymous = await api({}, `/users/${ada.userID}/items`);
    expect(anonymous.status).toBe(403);
    const write = await post(bob, `/users/${bob.userID}/items`, [{ itemType: "note", note: "x" }]);
    expect([write.status, await write.text()]).toEqual([403, "Write access denied"]);
    const noKeyWrite = await api({}, `/users/${ada.userID}/items`, { method: "POST", body: "[]" });
    expect([noKeyWrite.status, await noKeyWrite.text()]).toEqual([403, "An API key is required for write requests."]);
    const bobItems = (await (await api(bob, `/users/${bob.userID}/items/top?format=keys`)).text()).trim().split("\n");
    const adaItems = (await (await api(ada, `/users/${ada.userID}/items/top?format=keys`)).text()).trim().split("\n");
    expect(bobItems.filter((itemKey) => adaItems.includes(itemKey))).toEqual([]);
    // Without notes access, notes are left out.
    expect((await (await api(bob, `/users/${bob.userID}/items?itemType=note`)).json()).length).toBe(0);
  });

  it("answers 403 Invalid key for a revoked key (by the control API or DELETE /keys/current) and 404 for its key info", async () => {
    const user = await createZoteroUser(sandbox.url, { items: 5 });
    await revokeZoteroKey(sandbox.url, user.key);
    const revoked = await api(user, `/users/${user.userID}/items`);
    expect([revoked.status, await revoked.text()]).toEqual([403, "Invalid key"]);
    expect((await api({}, `/keys/${user.key}`)).status).toBe(404);

    const second = await (await sandbox.control("POST", `/__control/zotero/users/${user.userID}/keys`, {})).json();
    expect((await api({ key: second.key }, "/keys/current", { method: "DELETE" })).status).toBe(204);
    expect((await api({ key: second.key }, `/users/${user.userID}/items`)).status).toBe(403);
  });
});

describe("Zotero Web API: reading a library", () => {
  it("pages with limit (default 25, at most 100), start, Total-Results, Link and Last-Modified-Version", async () => {
    const user = await createZoteroUser(sandbox.url, { items: 230, children: false, collections: false });
    const first = await api(user, `/users/${user.userID}/items/top`);
    expect((await first.json()).length).toBe(25);
    expect(first.headers.get("total-results")).toBe("230");
    expect(first.headers.get("last-modified-version")).toBe(String(user.libraryVersion));
    const big = await api(user, `/users/${user.userID}/items/top?limit=500`);
    expect((await big.json()).length).toBe(100);
    // At the host's root, as api.zotero.org's: the API is served there too.
    expect(links(big)).toEqual({
      next: `${sandbox.url}/users/${user.userID}/items/top?limit=100&start=100`,
      last: `${sandbox.url}/users/${user.userID}/items/top?limit=100&start=200`,
      alternate: `${sandbox.url}/zotero-web/users/${user.userID}/items/top`,
    });
    // Following rel="next" reads every item once.
    const seen = new Set<string>();
    let url: string | undefined = `/zotero/users/${user.userID}/items/top?limit=100&sort=dateAdded&direction=asc`;
    while (url) {
      const response: Response = await sandbox.get(url.replace(sandbox.url, ""), { headers: { "Zotero-API-Key": user.key } });
      for (const item of (await response.json()) as Item[]) seen.add(item.key);
      url = links(response).next;
    }
    expect(seen.size).toBe(230);
    // A client that keeps only the link's path and puts its own base before it (pyzotero's
    // everything()) reads every item once too, with the base ZOTERO_API_URL names.
    const base = `${sandbox.url}/zotero`;
    const read = new Set<string>();
    let next: string | undefined = `/users/${user.userID}/items/top?limit=100`;
    while (next) {
      const response: Response = await fetch(`${base}${next}`, { headers: { "Zotero-API-Key": user.key, "Zotero-API-Version": "3" } });
      expect(response.status, `${base}${next}`).toBe(200);
      for (const item of (await response.json()) as Item[]) read.add(item.key);
      const link = links(response).next;
      next = link ? `${new URL(link).pathname}${new URL(link).search}` : undefined;
    }
    expect(read.size).toBe(230);
    // An item's own links resolve at the root too.
    const item = ((await (await api(user, `/users/${user.userID}/items/top?limit=1`)).json()) as Item[])[0]!;
    expect(item.links.self!.href).toBe(`${sandbox.url}/users/${user.userID}/items/${item.key}`);
    expect((await fetch(item.links.self!.href, { headers: { "Zotero-API-Key": user.key } })).status).toBe(200);

    const versions = await api(user, `/users/${user.userID}/items?format=versions&since=${user.libraryVersion - 3}`);
    expect(Object.keys(await versions.json())).toHaveLength(3);
    const keys = await api(user, `/users/${user.userID}/items?format=keys&limit=3`);
    expect(keys.headers.get("content-type")).toBe("text/plain");
    expect(await keys.text()).toMatch(/^([23456789A-Z]{8}\n){3}$/);
    const notModified = await api(user, `/users/${user.userID}/items`, { headers: { "If-Modified-Since-Version": String(user.libraryVersion) } });
    expect(notModified.status).toBe(304);
  });

  it("answers one item with its own version, children with up links, and 404 for an unknown key", async () => {
    const user = await createZoteroUser(sandbox.url, { items: 60 });
    const withPdf = ((await (await api(user, `/users/${user.userID}/items/top?limit=100`)).json()) as Item[]).find((item) => item.links.attachment)!;
    const one = await api(user, `/users/${user.userID}/items/${withPdf.key}`);
    expect(one.headers.get("last-modified-version")).toBe(String(withPdf.version));
    const item = (await one.json()) as Item;
    expect(item.meta.numChildren).toBeGreaterThan(0);
    const children = (await (await api(user, `/users/${user.userID}/items/${withPdf.key}/children`)).json()) as Item[];
    expect(children.every((child) => child.data.parentItem === withPdf.key && child.links.up!.href.endsWith(`/items/${withPdf.key}`))).toBe(true);
    expect(children.some((child) => child.data.contentType === "application/pdf")).toBe(true);
    const missing = await api(user, `/users/${user.userID}/items/ABCD2345`);
    expect([missing.status, await missing.text()]).toEqual([404, "Item does not exist"]);
    // Attachments can be left out of a sync, as the app does.
    const noAttachments = (await (await api(user, `/users/${user.userID}/items?itemType=-attachment&limit=100`)).json()) as Item[];
    expect(noAttachments.some((entry) => entry.data.itemType === "attachment")).toBe(false);
  });

  it("serves an empty library, the schema calls and a template", async () => {
    const user = await createZoteroUser(sandbox.url, { items: 0 });
    const empty = await api(user, `/users/${user.userID}/items`);
    expect([empty.status, empty.headers.get("total-results"), empty.headers.get("last-modified-version"), await empty.json()]).toEqual([200, "0", "0", []]);
    expect(links(empty)).toEqual({ alternate: `${sandbox.url}/zotero-web/users/${user.userID}/items` });
    const template = await (await api({}, "/items/new?itemType=preprint")).json();
    expect(template).toMatchObject({ itemType: "preprint", archiveID: "", creators: [{ creatorType: "author", firstName: "", lastName: "" }] });
    expect((await api({}, "/items/new?itemType=paper")).status).toBe(400);
    expect(((await (await api({}, "/itemTypes")).json()) as { itemType: string }[]).map((type) => type.itemType)).toContain("journalArticle");
  });
});

describe("Zotero Web API: writing", () => {
  it("creates items in one version, refuses a reused write token (412) and more than 50 items (413)", async () => {
    const user = await createZoteroUser(sandbox.url, { items: 10 });
    const items = [
      { itemType: "preprint", title: "Attention Is All You Need", creators: [{ creatorType: "author", firstName: "Ashish", lastName: "Vaswani" }], DOI: "10.48550/arXiv.1706.03762", extra: "arXiv:1706.03762" },
      { itemType: "journalArticle", title: "Bad", foo: "bar" },
    ];
    const created = await post(user, `/users/${user.userID}/items`, items, { "Zotero-Write-Token": "token-0001" });
    expect(created.status).toBe(200);
    expect(created.headers.get("last-modified-version")).toBe(String(user.libraryVersion + 1));
    const report = await created.json();
    expect(report.success["0"]).toMatch(/^[23456789A-Z]{8}$/);
    expect(report.successful["0"].data).toMatchObject({ title: "Attention Is All You Need", version: user.libraryVersion + 1 });
    expect(report.successful["0"].meta.creatorSummary).toBe("Vaswani");
    expect(report.failed).toEqual({ 1: { code: 400, message: "Invalid property 'foo'" } });

    const replay = await post(user, `/users/${user.userID}/items`, items, { "Zotero-Write-Token": "token-0001" });
    expect([replay.status, await replay.text()]).toEqual([412, "Write token already used"]);
    const tooMany = await post(user, `/users/${user.userID}/items`, Array.from({ length: 51 }, () => ({ itemType: "note", note: "n" })));
    expect([tooMany.status, await tooMany.text()]).toEqual([413, "Cannot add more than 50 items at a time"]);
    const notJson = await api(user, `/users/${user.userID}/items`, { method: "POST", body: "[{" });
    expect([notJson.status, await notJson.text()]).toEqual([400, "JSON Error: Syntax error, malformed JSON"]);
  });

  it("refuses a stale library version with 412 and Last-Modified-Version; PATCH and DELETE with the right one", async () => {
    const user = await createZoteroUser(sandbox.url, { items: 10, children: false });
    const stale = await post(user, `/users/${user.userID}/items`, [{ itemType: "note", note: "n" }], { "If-Unmodified-Since-Version": String(user.libraryVersion - 1) });
    expect(stale.status).toBe(412);
    expect(await stale.text()).toBe(`Library has been modified since specified version (expected ${user.libraryVersion - 1}, found ${user.libraryVersion})`);
    expect(stale.headers.get("last-modified-version")).toBe(String(user.libraryVersion));

    // A paper, not one of the seed's standalone notes (about one item in 70), which has no title.
    const [item] = (await (await api(user, `/users/${user.userID}/items?itemType=-note&limit=1`)).json()) as Item[];
    const patch = (version: number) => api(user, `/users/${user.userID}/items/${item!.key}`, { method: "PATCH", body: JSON.stringify({ title: "Renamed" }), headers: { "If-Unmodified-Since-Version": String(version) } });
    expect((await patch(item!.version - 1)).status).toBe(412);
    const patched = await patch(item!.version);
    expect(patched.status).toBe(204);
    const version = Number(patched.headers.get("last-modified-version"));
    expect(version).toBe(user.libraryVersion + 1);
    expect(((await (await api(user, `/users/${user.userID}/items/${item!.key}`)).json()) as Item).data.title).toBe("Renamed");

    const deleted = await api(user, `/users/${user.userID}/items?itemKey=${item!.key}`, { method: "DELETE", headers: { "If-Unmodified-Since-Version": String(version) } });
    expect(deleted.status).toBe(204);
    const log = await (await api(user, `/users/${user.userID}/deleted?since=${version}`)).json();
    expect(log).toEqual({ collections: [], searches: [], items: [item!.key], tags: [], settings: [] });
    expect((await api(user, `/users/${user.userID}/deleted`)).status).toBe(400);
  });

  it("creates a collection and files items in it", async () => {
    const user = await createZoteroUser(sandbox.url, { items: 10, collections: false, children: false });
    const created = await (await post(user, `/users/${user.userID}/collections`, [{ name: "Quire: Reading" }])).json();
    const collectionKey = created.success["0"];
    const [item] = (await (await api(user, `/users/${user.userID}/items?limit=1`)).json()) as Item[];
    const filed = await post(user, `/users/${user.userID}/items`, [{ key: item!.key, version: item!.version, collections: [collectionKey] }]);
    expect((await filed.json()).success["0"]).toBe(item!.key);
    const inCollection = (await (await api(user, `/users/${user.userID}/collections/${collectionKey}/items/top`)).json()) as Item[];
    expect(inCollection.map((entry) => entry.key)).toEqual([item!.key]);
    const collections = await (await api(user, `/users/${user.userID}/collections`)).json();
    expect(collections[0]).toMatchObject({ key: collectionKey, meta: { numItems: 1, numCollections: 0 }, data: { name: "Quire: Reading", parentCollection: false } });
  });
});

describe("Zotero sandbox control and faults", () => {
  it("changes a library server-side so that an incremental sync sees exactly the changes", async () => {
    const user = await createZoteroUser(sandbox.url, { items: 200 });
    const changes = await changeZoteroLibrary(sandbox.url, user.userID, { modify: 5, add: 3, delete: 2 });
    expect(changes.libraryVersion).toBe(user.libraryVersion + 1);
    const since = (await (await api(user, `/users/${user.userID}/items/top?since=${user.libraryVersion}&format=versions`)).json()) as Record<string, number>;
    expect(Object.keys(since).sort()).toEqual([...changes.modified, ...changes.added].sort());
    const deleted = await (await api(user, `/users/${user.userID}/deleted?since=${user.libraryVersion}`)).json();
    expect(deleted.items).toEqual(expect.arrayContaining(changes.deleted.slice(0, 1)));
    const modified = (await (await api(user, `/users/${user.userID}/items/${changes.modified[0]}`)).json()) as Item;
    expect(modified.data.title).toMatch(/ \(revised \d+\)$/);
  });

  it("breaks one item (malformed JSON, 500 creators) for bad-input tests", async () => {
    const user = await createZoteroUser(sandbox.url, { items: 20, children: false });
    // Papers: a standalone note has no creators to crowd.
    const [first, second] = (await (await api(user, `/users/${user.userID}/items?itemType=-note&limit=2`)).json()) as Item[];
    await breakZoteroItem(sandbox.url, user.userID, first!.key, { kind: "malformed" });
    const broken = (await (await api(user, `/users/${user.userID}/items/${first!.key}`)).json()) as Item;
    expect([broken.data.title, broken.data.creators, broken.data.tags]).toEqual([42, "corrupt", null]);
    await breakZoteroItem(sandbox.url, user.userID, second!.key, { kind: "creators", count: 500 });
    const crowded = (await (await api(user, `/users/${user.userID}/items/${second!.key}`)).json()) as Item;
    expect((crowded.data.creators as unknown[]).length).toBe(500);
    expect(crowded.meta.creatorSummary).toBe("Collaborator001 et al.");
  });

  it("applies queued faults (429 with Retry-After, Backoff on a real answer), load shedding and pacing", async () => {
    const user = await createZoteroUser(sandbox.url, { items: 5 });
    const path = `/users/${user.userID}/items?limit=1`;
    await sandbox.control("POST", "/__control/faults", [
      { route: "zotero-api", status: 429, retryAfter: 7, times: 1 },
      { route: "zotero-api", headers: { Backoff: "30" }, times: 1 },
    ]);
    const limited = await api(user, path);
    expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "7"]);
    const backoff = await api(user, path);
    expect([backoff.status, backoff.headers.get("backoff")]).toEqual([200, "30"]);
    expect((await backoff.json()).length).toBe(1);

    await setZoteroLoad(sandbox.url, { shed: { status: 503, retryAfter: 3, every: 2 }, backoff: 5 });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await api(user, path)).status);
    expect(statuses).toEqual([200, 503, 200, 503]);
    await setZoteroLoad(sandbox.url, { shed: null, backoff: null });

    await setZoteroPacing(sandbox.url, 150);
    const started = performance.now();
    expect((await api(user, path)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    await setZoteroPacing(sandbox.url, 0);
    const requests = await (await sandbox.control("GET", "/__control/requests?route=zotero-api")).json();
    expect(requests.requests.at(-1).path).toBe(`/zotero${path}`);
  });
});
