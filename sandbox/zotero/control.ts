/**
 * The control API of the sandbox's Zotero (tests and benchmarks only), under
 * `/__control/zotero`: make users with libraries of any size, give out and revoke keys, change
 * libraries server-side (as another Zotero client would, for incremental sync), break one item,
 * pace every request, shed load, and reset. See sandbox/README.md.
 */
import type { Context, Hono } from "hono";
import { getCorpus } from "../corpus";
import { hash53, unitFor } from "../lib/stable-random";
import { isoTimestamp } from "./dates";
import { isValidKey, type ItemData, type ZoteroLibrary } from "./library";
import { MAX_SEED_ITEMS, paperAsItem, stableKey, type SeedOptions } from "./seed";
import { ALL_ACCESS, type KeyAccess, type ZoteroState, type ZoteroUser } from "./state";

let userCounter = 0;

function bad(c: Context, message: string, status: 400 | 404 | 409 = 400): Response {
  return c.json({ error: message }, status);
}

async function bodyOf(c: Context): Promise<Record<string, unknown> | Response> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    const json = JSON.parse(text) as unknown;
    if (typeof json !== "object" || json === null || Array.isArray(json)) return bad(c, "body must be a JSON object");
    return json as Record<string, unknown>;
  } catch {
    return bad(c, "body must be JSON");
  }
}

function accessFrom(value: unknown): KeyAccess | string {
  if (value === undefined) return { ...ALL_ACCESS };
  if (typeof value !== "object" || value === null) return "access must be an object { library?, notes?, write?, groups? }";
  const input = value as Record<string, unknown>;
  const groups = input.groups ?? "write";
  if (!["none", "read", "write"].includes(String(groups))) return "access.groups must be none, read or write";
  return { library: input.library !== false, notes: input.notes !== false, write: input.write !== false, groups: groups as KeyAccess["groups"] };
}

function describeUser(state: ZoteroState, user: ZoteroUser) {
  const library = state.library(user);
  let items = 0;
  let top = 0;
  for (const item of library.items.values()) {
    items += 1;
    if (!library.parentOf(item)) top += 1;
  }
  return { userID: user.userID, username: user.username, libraryVersion: library.version, items, topLevelItems: top, collections: library.collections.size, keys: state.keysOf(user.userID).map((key) => key.key) };
}

/** The top-level regular items a change picks: a stable spread over the library. */
/** `count` top-level items, none of them in `taken` (one change set touches an item once, as one client's would). */
function pickItems(library: ZoteroLibrary, count: number, salt: string, taken: ReadonlySet<string>): string[] {
  const candidates = [...library.items.values()].filter(
    (item) => !taken.has(item.key) && !library.parentOf(item) && item.data.itemType !== "note" && !library.isTrashed(item),
  );
  return candidates
    .map((item) => ({ key: item.key, order: hash53(`${salt}:${item.key}`) }))
    .sort((a, b) => a.order - b.order)
    .slice(0, count)
    .map(({ key }) => key);
}

function keysOrCount(value: unknown, library: ZoteroLibrary, salt: string, taken: Set<string>): string[] | string {
  if (value === undefined) return [];
  if (typeof value === "number" && Number.isInteger(value) && value >= 0) {
    const picked = pickItems(library, value, salt, taken);
    for (const key of picked) taken.add(key);
    return picked;
  }
  if (Array.isArray(value) && value.every((key) => isValidKey(key))) {
    const missing = value.find((key) => !library.items.has(key as string));
    return missing ? `item ${String(missing)} is not in the library` : (value as string[]);
  }
  return "expected a count or an array of item keys";
}

export function registerZoteroControl(app: Hono, state: ZoteroState): void {
  const base = "/__control/zotero";

  app.get(base, (c) => c.json({ pacingMs: state.pacingMs, load: state.load, malformed: [...state.malformed] }));

  // A user with a library of `items` top-level items and a key: { userID, username, key, ... }.
  app.post(`${base}/users`, async (c) => {
    const body = await bodyOf(c);
    if (body instanceof Response) return body;
    const items = body.items ?? 2_500;
    if (typeof items !== "number" || !Number.isInteger(items) || items < 0 || items > MAX_SEED_ITEMS) return bad(c, `items must be an integer from 0 to ${MAX_SEED_ITEMS}`);
    const trashed = body.trashed ?? 0;
    if (typeof trashed !== "number" || !Number.isInteger(trashed) || trashed < 0 || trashed > items) return bad(c, "trashed must be an integer from 0 to items");
    const access = accessFrom(body.access);
    if (typeof access === "string") return bad(c, access);
    userCounter += 1;
    const username = typeof body.username === "string" && body.username.trim() ? body.username.trim() : `zotero-user-${userCounter}-${Date.now().toString(36)}`;
    const seed: SeedOptions = { items, trashed, children: body.children !== false, collections: body.collections !== false };
    const user = state.userNamed(username, seed);
    if (body.replace === true || user.library === undefined) {
      user.seed = seed;
      user.library = undefined;
    }
    const key = state.createKey(user.userID, typeof body.keyName === "string" ? body.keyName : "Sandbox test key", access);
    return c.json({ ...describeUser(state, user), key: key.key }, 201);
  });

  app.get(`${base}/users/:userID`, (c) => {
    const user = state.user(Number(c.req.param("userID")));
    return user ? c.json(describeUser(state, user)) : bad(c, "no such user", 404);
  });

  app.post(`${base}/users/:userID/keys`, async (c) => {
    const user = state.user(Number(c.req.param("userID")));
    if (!user) return bad(c, "no such user", 404);
    const body = await bodyOf(c);
    if (body instanceof Response) return body;
    const access = accessFrom(body.access);
    if (typeof access === "string") return bad(c, access);
    const key = state.createKey(user.userID, typeof body.name === "string" ? body.name : "Sandbox test key", access);
    return c.json({ key: key.key, userID: user.userID, access: key.access }, 201);
  });

  app.delete(`${base}/keys/:key`, (c) => (state.revokeKey(c.req.param("key")) ? c.json({ ok: true }) : bad(c, "no such key", 404)));

  // Server-side changes in one new library version, as another client's sync would make them:
  // { modify?: n | keys, fields?: {...}, add?: n, delete?: n | keys, trash?: n | keys }.
  app.post(`${base}/users/:userID/changes`, async (c) => {
    const user = state.user(Number(c.req.param("userID")));
    if (!user) return bad(c, "no such user", 404);
    const body = await bodyOf(c);
    if (body instanceof Response) return body;
    const library = state.library(user);
    const version = library.version + 1;
    const salt = `changes:${version}`;
    // Counted picks never overlap (keys named by the caller are taken as given).
    const taken = new Set<string>();
    const toModify = keysOrCount(body.modify, library, `${salt}:modify`, taken);
    const toDelete = keysOrCount(body.delete, library, `${salt}:delete`, taken);
    const toTrash = keysOrCount(body.trash, library, `${salt}:trash`, taken);
    for (const value of [toModify, toDelete, toTrash]) if (typeof value === "string") return bad(c, value);
    const add = body.add ?? 0;
    if (typeof add !== "number" || !Number.isInteger(add) || add < 0 || add > 1_000) return bad(c, "add must be an integer from 0 to 1000");
    const fields = body.fields;
    if (fields !== undefined && (typeof fields !== "object" || fields === null || Array.isArray(fields))) return bad(c, "fields must be an object of item fields");
    const now = isoTimestamp(Date.now());

    const modified: string[] = [];
    for (const key of toModify as string[]) {
      const item = library.get(key)!;
      const title = String(item.data.title ?? "").replace(/ \(revised \d+\)$/, "");
      const change: ItemData = fields ? { ...(fields as ItemData) } : { title: `${title} (revised ${version})` };
      library.put(key, version, { ...item.data, ...change, dateModified: now });
      modified.push(key);
    }
    const trashed: string[] = [];
    for (const key of toTrash as string[]) {
      const item = library.get(key)!;
      const { tags, collections, relations, dateAdded, dateModified, ...rest } = item.data;
      library.put(key, version, { ...rest, deleted: 1, tags, collections, relations, dateAdded, dateModified });
      trashed.push(key);
    }
    const deleted: string[] = [];
    for (const key of toDelete as string[]) {
      if (!library.items.has(key)) continue;
      deleted.push(key, ...library.childKeys(key));
      library.remove(key, version);
    }
    const added: string[] = [];
    if (add > 0) {
      const inLibrary = new Set([...library.items.values()].map((item) => String(item.data.url ?? "")));
      const papers = getCorpus()
        .papers.filter((paper) => !inLibrary.has(`http://arxiv.org/abs/${paper.id}`))
        .map((paper) => ({ paper, order: hash53(`${salt}:${paper.id}`) }))
        .sort((a, b) => a.order - b.order)
        .slice(0, add);
      for (const { paper } of papers) {
        let key = stableKey(`${user.userID}:${salt}:${paper.id}`);
        while (library.items.has(key)) key = stableKey(`${key}:${unitFor(key, "again")}`);
        library.put(key, version, { ...paperAsItem(paper, `zotero:${user.userID}`), dateAdded: now, dateModified: now });
        added.push(key);
      }
    }
    if (modified.length + trashed.length + deleted.length + added.length === 0) return c.json({ libraryVersion: library.version, modified, added, deleted, trashed });
    return c.json({ libraryVersion: library.version, modified, added, deleted, trashed });
  });

  // Break one item: { kind: "malformed" } serves its JSON with wrong types; { kind: "creators",
  // count?: 500 } gives it that many authors (a real change, with a new version).
  app.post(`${base}/users/:userID/items/:key/fault`, async (c) => {
    const user = state.user(Number(c.req.param("userID")));
    if (!user) return bad(c, "no such user", 404);
    const library = state.library(user);
    const key = c.req.param("key");
    const item = library.get(key);
    if (!item) return bad(c, "no such item", 404);
    const body = await bodyOf(c);
    if (body instanceof Response) return body;
    if (body.kind === "malformed") {
      state.malformed.add(`${user.userID}/${key}`);
      return c.json({ ok: true, key, kind: "malformed" });
    }
    if (body.kind === "creators") {
      const count = body.count ?? 500;
      if (typeof count !== "number" || !Number.isInteger(count) || count < 0 || count > 10_000) return bad(c, "count must be an integer from 0 to 10000");
      if (!Array.isArray(item.data.creators)) return bad(c, "this item has no creators", 409);
      const creators = Array.from({ length: count }, (_, index) => ({ creatorType: "author", firstName: `Author ${index + 1}`, lastName: `Collaborator${String(index + 1).padStart(3, "0")}` }));
      const updated = library.put(key, library.version + 1, { ...item.data, creators, dateModified: isoTimestamp(Date.now()) });
      return c.json({ ok: true, key, kind: "creators", count, version: updated.version });
    }
    return bad(c, 'kind must be "malformed" or "creators"');
  });

  app.delete(`${base}/users/:userID/items/:key/fault`, (c) => {
    state.malformed.delete(`${c.req.param("userID")}/${c.req.param("key")}`);
    return c.json({ ok: true });
  });

  // Every API request waits this long first: { ms } (0 turns it off).
  app.put(`${base}/pacing`, async (c) => {
    const body = await bodyOf(c);
    if (body instanceof Response) return body;
    if (typeof body.ms !== "number" || !Number.isFinite(body.ms) || body.ms < 0 || body.ms > 60_000) return bad(c, "ms must be a number from 0 to 60000");
    state.pacingMs = body.ms;
    return c.json({ pacingMs: state.pacingMs });
  });

  // { backoff?: seconds | null, shed?: { status?: 429 | 503, retryAfter?: s, every?: n } | null }.
  app.put(`${base}/load`, async (c) => {
    const body = await bodyOf(c);
    if (body instanceof Response) return body;
    const load = { ...state.load };
    if (body.backoff === null) delete load.backoff;
    else if (body.backoff !== undefined) {
      if (typeof body.backoff !== "number" || body.backoff < 0) return bad(c, "backoff must be a number of seconds");
      load.backoff = body.backoff;
    }
    if (body.shed === null) delete load.shed;
    else if (body.shed !== undefined) {
      const shed = body.shed as Record<string, unknown>;
      const status = shed.status ?? 503;
      const retryAfter = shed.retryAfter ?? 5;
      const every = shed.every ?? 1;
      if (status !== 429 && status !== 503) return bad(c, "shed.status must be 429 or 503");
      if (typeof retryAfter !== "number" || retryAfter < 0) return bad(c, "shed.retryAfter must be seconds");
      if (typeof every !== "number" || !Number.isInteger(every) || every < 1) return bad(c, "shed.every must be a positive integer");
      load.shed = { status, retryAfter, every };
    }
    state.load = load;
    return c.json({ load: state.load });
  });

  app.post(`${base}/reset`, (c) => {
    state.reset();
    return c.json({ ok: true });
  });
}
