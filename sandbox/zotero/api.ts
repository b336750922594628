/**
 * The Zotero Web API v3 under `/zotero` (the `api.zotero.org` of the sandbox): authentication
 * by `Zotero-API-Key`, `Authorization: Bearer` or `?key=`; key info (`/keys/{key}`); the schema
 * calls (`/itemTypes`, `/itemFields`, `/items/new`...); and per user library `items`
 * (`/top`, `/trash`, `/{key}`, `/{key}/children`), `collections`, `deleted` and `groups`, with
 * versions, `since`, If-Modified-Since-Version (304), If-Unmodified-Since-Version (412),
 * Zotero-Write-Token, `Total-Results`, `Link` and `Last-Modified-Version` as
 * zotero/dataserver answers them. Errors are plain text in the server's words.
 */
import type { Context } from "hono";
import { ZoteroApiError, invalidInput } from "./api-error";
import { collectionJson, itemJson, type Bases } from "./item-json";
import { MAX_WRITE_OBJECTS, isValidKey, type ZoteroLibrary } from "./library";
import { linkHeader, notFound, parseListParams, searchCollections, searchItems, type ItemScope, type ListParams } from "./query";
import { LINK_MODES, isItemType, itemFieldList, itemTemplate, itemTypeCreatorTypeList, itemTypeFieldList, itemTypeList } from "./schema";
import type { ApiKey, ZoteroState, ZoteroUser } from "./state";

/** The schema version the sandbox's field lists correspond to (sent as Zotero-Schema-Version). */
export const SCHEMA_VERSION = "29";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

interface RequestScope {
  c: Context;
  state: ZoteroState;
  bases: Bases;
  method: string;
  url: URL;
  segments: string[];
  apiKey?: ApiKey;
  headers: Headers;
}

function pretty(value: unknown): string {
  return JSON.stringify(value, null, 4);
}

function respond(scope: RequestScope, status: number, body: string | null, contentType?: string): Response {
  if (contentType) scope.headers.set("Content-Type", contentType);
  return new Response(scope.method === "HEAD" || status === 204 || status === 304 ? null : body, { status, headers: scope.headers });
}

function jsonAnswer(scope: RequestScope, value: unknown, status = 200): Response {
  return respond(scope, status, pretty(value), "application/json");
}

function errorAnswer(scope: RequestScope, error: ZoteroApiError): Response {
  scope.headers.delete("Link");
  scope.headers.delete("Total-Results");
  if (error.status === 412 && error.libraryVersion !== undefined) scope.headers.set("Last-Modified-Version", String(error.libraryVersion));
  else scope.headers.delete("Last-Modified-Version");
  if (error.status === 405) scope.headers.set("Allow", error.message.replace(/^Allow: /, ""));
  return respond(scope, error.status, error.status === 405 ? "Method not allowed" : error.message, "text/plain; charset=utf-8");
}

function allow(scope: RequestScope, methods: string[]): void {
  const allowed = methods.includes("GET") ? [...methods, "HEAD"] : methods;
  if (!allowed.includes(scope.method)) throw new ZoteroApiError(405, `Allow: ${allowed.join(", ")}`);
}

async function readBody(scope: RequestScope): Promise<unknown> {
  const text = await scope.c.req.text();
  if (text === "") throw invalidInput(`${scope.method} data not provided`);
  try {
    return JSON.parse(text);
  } catch {
    throw invalidInput("JSON Error: Syntax error, malformed JSON");
  }
}

/** The request's API key (header, `?key=` or Bearer), checked; undefined for an anonymous request. */
function authenticate(scope: RequestScope): ApiKey | undefined {
  const header = scope.c.req.header("zotero-api-key") || undefined;
  const param = scope.url.searchParams.get("key") ?? undefined;
  let key = header;
  if (param !== undefined) {
    if (!key) key = param;
    else if (param !== key) throw invalidInput("Zotero-API-Key header and 'key' parameter differ");
  }
  if (!key) {
    const authorization = scope.c.req.header("authorization");
    if (authorization && /^bearer/i.test(authorization)) {
      const match = /^bearer +([a-z0-9]+)$/i.exec(authorization.trim());
      if (!match) throw invalidInput("Invalid Authorization header format");
      key = match[1];
    }
  }
  if (!key) return undefined;
  const record = scope.state.key(key);
  if (!record) throw new ZoteroApiError(403, "Invalid key");
  return record;
}

function writeTokenOf(scope: RequestScope): string | undefined {
  const token = scope.c.req.header("zotero-write-token");
  if (!token) return undefined;
  if (token.length < 5 || token.length > 32) throw invalidInput("Write token must be 5-32 characters in length");
  if (!scope.apiKey) throw invalidInput("Write token cannot be used without an API key");
  return token;
}

function checkApiVersion(scope: RequestScope): void {
  const header = scope.c.req.header("zotero-api-version");
  const param = scope.url.searchParams.get("v") ?? undefined;
  if (header && param && header !== param) throw invalidInput("Zotero-API-Version header does not match 'v' query parameter");
  const version = header ?? param;
  if (version === undefined) return;
  if (!["1", "2", "3"].includes(version.trim())) throw invalidInput(`Invalid API version '${version}'`);
  if (version.trim() !== "3") throw invalidInput(`API version ${version} is not emulated by the sandbox (3 is)`);
}

/** Answers one request to `/zotero/...`. */
export async function handleZoteroApi(c: Context, state: ZoteroState, bases: Bases): Promise<Response> {
  const url = new URL(c.req.url);
  const headers = new Headers({ "Zotero-API-Version": "3", "Zotero-Schema-Version": SCHEMA_VERSION });
  if (c.req.header("origin")) {
    headers.set("Access-Control-Allow-Origin", "*");
    headers.set("Access-Control-Expose-Headers", "Backoff, ETag, Last-Modified-Version, Link, Retry-After, Total-Results, Zotero-API-Version");
  }
  const scope: RequestScope = {
    c,
    state,
    bases,
    method: c.req.method,
    url,
    segments: url.pathname.replace(/^\/zotero\/?/, "").split("/").filter(Boolean).map(decodeURIComponent),
    headers,
  };
  if (scope.method === "OPTIONS") {
    headers.set("Access-Control-Allow-Methods", "HEAD, GET, POST, PUT, PATCH, DELETE");
    headers.set("Access-Control-Allow-Headers", "Authorization, Content-Type, If-Match, If-None-Match, If-Modified-Since-Version, If-Unmodified-Since-Version, Zotero-API-Key, Zotero-API-Version, Zotero-Write-Token");
    return respond(scope, 200, "");
  }
  const shed = state.shedsThisRequest();
  if (shed) {
    headers.set("Retry-After", String(shed.retryAfter));
    return respond(scope, shed.status, shed.status === 429 ? "Too many requests" : "Service unavailable", "text/plain; charset=utf-8");
  }
  if (state.load.backoff !== undefined) headers.set("Backoff", String(state.load.backoff));
  try {
    scope.apiKey = authenticate(scope);
    checkApiVersion(scope);
    return await route(scope);
  } catch (error) {
    if (error instanceof ZoteroApiError) return errorAnswer(scope, error);
    throw error;
  }
}

async function route(scope: RequestScope): Promise<Response> {
  const [first, second, third] = scope.segments;
  switch (first) {
    case "keys":
      return keys(scope, second);
    case "itemTypes":
      allow(scope, ["GET"]);
      return jsonAnswer(scope, itemTypeList());
    case "itemFields":
      allow(scope, ["GET"]);
      return jsonAnswer(scope, itemFieldList());
    case "creatorFields":
      allow(scope, ["GET"]);
      return jsonAnswer(scope, [
        { field: "firstName", localized: "First" },
        { field: "lastName", localized: "Last" },
        { field: "name", localized: "Name" },
      ]);
    case "itemTypeFields":
    case "itemTypeCreatorTypes": {
      allow(scope, ["GET"]);
      const itemType = scope.url.searchParams.get("itemType");
      if (!itemType) throw invalidInput("'itemType' not provided");
      if (!isItemType(itemType)) throw invalidInput(`Invalid item type '${itemType}'`);
      return jsonAnswer(scope, first === "itemTypeFields" ? itemTypeFieldList(itemType) : itemTypeCreatorTypeList(itemType));
    }
    case "items":
      if (second === "new") return template(scope);
      break;
    case "users":
      if (second && third !== undefined) return library(scope, second);
      break;
  }
  throw notFound("Not found");
}

function keyJson(state: ZoteroState, key: ApiKey): Record<string, unknown> {
  const user = state.user(key.userID);
  const access: Record<string, unknown> = {};
  if (key.access.library) access.user = { library: true, files: true, notes: key.access.notes, write: key.access.write };
  if (key.access.groups !== "none") access.groups = { all: { library: true, write: key.access.groups === "write" } };
  return { key: key.key, userID: key.userID, username: user?.username ?? "", displayName: "", access };
}

function keys(scope: RequestScope, name: string | undefined): Response {
  allow(scope, ["GET", "DELETE"]);
  const keyText = name === "current" ? scope.apiKey?.key : name;
  if (!keyText) throw new ZoteroApiError(scope.method === "DELETE" ? 400 : 403, scope.method === "DELETE" ? "DELETE requests must include a key" : "Forbidden");
  const record = scope.state.key(keyText);
  if (scope.method === "DELETE") {
    if (!record) throw new ZoteroApiError(404, `Key '${keyText}' does not exist`);
    scope.state.revokeKey(keyText);
    return respond(scope, 204, null);
  }
  if (!record) throw new ZoteroApiError(404, `Key '${keyText}' not found`);
  return jsonAnswer(scope, keyJson(scope.state, record));
}

function template(scope: RequestScope): Response {
  allow(scope, ["GET"]);
  const itemType = scope.url.searchParams.get("itemType");
  if (!itemType) throw invalidInput("'itemType' value not provided");
  if (!isItemType(itemType) || itemType === "annotation") throw invalidInput(`Invalid item type '${itemType}'`);
  const linkMode = scope.url.searchParams.get("linkMode") ?? undefined;
  if (itemType === "attachment") {
    if (!linkMode) throw invalidInput("linkMode required for itemType=attachment");
    if (!LINK_MODES.includes(linkMode as (typeof LINK_MODES)[number])) throw invalidInput(`Invalid linkMode '${linkMode}'`);
  }
  return jsonAnswer(scope, itemTemplate(itemType, linkMode));
}

// ---- one user's library ------------------------------------------------------------------

interface LibraryScope extends RequestScope {
  user: ZoteroUser;
  library: ZoteroLibrary;
  canRead: boolean;
  canReadNotes: boolean;
  canWrite: boolean;
}

async function library(scope: RequestScope, userIdText: string): Promise<Response> {
  const userID = /^\d+$/.test(userIdText) ? Number(userIdText) : 0;
  if (!userID) throw invalidInput("Invalid user ID");
  const write = WRITE_METHODS.has(scope.method);
  if (write && !scope.apiKey) throw new ZoteroApiError(403, "An API key is required for write requests.");
  const token = write ? writeTokenOf(scope) : undefined;
  if (token && scope.state.writeTokenUsed(scope.apiKey!.key, token)) throw new ZoteroApiError(412, "Write token already used");
  const user = scope.state.user(userID);
  if (!user) throw new ZoteroApiError(404, `User ${userID} not found`);
  const own = scope.apiKey?.userID === userID;
  const libraryScope: LibraryScope = {
    ...scope,
    user,
    library: scope.state.library(user),
    canRead: own && scope.apiKey!.access.library,
    canReadNotes: own && scope.apiKey!.access.library && scope.apiKey!.access.notes,
    canWrite: own && scope.apiKey!.access.write,
  };
  if (write && !libraryScope.canWrite) throw new ZoteroApiError(403, "Write access denied");
  const answer = await libraryRoute(libraryScope);
  if (token && answer.status < 300 && scope.method !== "DELETE") scope.state.rememberWriteToken(scope.apiKey!.key, token);
  return answer;
}

function setLibraryVersion(scope: LibraryScope, version = scope.library.version): void {
  scope.headers.set("Last-Modified-Version", String(version));
}

/** 304 for a multi-object read when nothing changed since If-Modified-Since-Version. */
function checkModifiedSince(scope: LibraryScope): Response | undefined {
  const header = scope.c.req.header("if-modified-since-version");
  if (header === undefined || (scope.method !== "GET" && scope.method !== "HEAD") || !scope.canRead) return undefined;
  if (/^\d+$/.test(header.trim()) && scope.library.version <= Number(header)) return respond(scope, 304, null);
  return undefined;
}

function requireRead(scope: LibraryScope): void {
  if (!scope.canRead) throw new ZoteroApiError(403, "Forbidden");
}

async function libraryRoute(scope: LibraryScope): Promise<Response> {
  const [, , area, key, sub, subsub] = scope.segments;
  switch (area) {
    case "items": {
      if (key === undefined) return itemsRoot(scope);
      if (key === "top" || key === "trash") {
        if (sub !== undefined) throw notFound();
        allow(scope, ["GET"]);
        return listItems(scope, { kind: key });
      }
      if (sub === undefined) return singleItem(scope, key);
      if (sub === "children" && subsub === undefined) {
        allow(scope, ["GET"]);
        if (!scope.library.get(key) || !scope.canRead) throw notFound("Item not found");
        return listItems(scope, { kind: "children", parent: key });
      }
      throw notFound();
    }
    case "collections":
      return collectionsRoute(scope, key, sub, subsub);
    case "deleted": {
      allow(scope, ["GET"]);
      requireRead(scope);
      setLibraryVersion(scope);
      const since = scope.url.searchParams.get("since");
      if (since === null) throw invalidInput("'since' parameter must be provided");
      if (!/^\d+$/.test(since.trim())) throw invalidInput("Invalid value for 'since' parameter");
      const deleted = scope.library.deletedSince(Number(since));
      return jsonAnswer(scope, { collections: deleted.collections, searches: [], items: deleted.items, tags: [], settings: [] });
    }
    case "groups":
    case "searches": {
      allow(scope, ["GET"]);
      if (area === "searches") requireRead(scope);
      const params = parseListParams(scope.url.searchParams, "other");
      scope.headers.set("Total-Results", "0");
      if (area === "searches") setLibraryVersion(scope);
      return params.format === "keys" ? respond(scope, 200, "\n", "text/plain") : jsonAnswer(scope, params.format === "versions" ? {} : []);
    }
  }
  throw notFound();
}

function writeContext(scope: LibraryScope) {
  const used = new Set<string>();
  return {
    nowMs: Date.now(),
    newKey: () => {
      for (;;) {
        const key = newObjectKey();
        if (!used.has(key) && !scope.library.items.has(key) && !scope.library.collections.has(key)) {
          used.add(key);
          return key;
        }
      }
    },
  };
}

function newObjectKey(): string {
  const alphabet = "23456789ABCDEFGHIJKLMNPQRSTUVWXYZ";
  let key = "";
  for (let i = 0; i < 8; i += 1) key += alphabet[Math.floor(Math.random() * alphabet.length)];
  return key;
}

function describeItem(scope: LibraryScope) {
  return (item: Parameters<typeof itemJson>[1]) => itemJson(scope.library, item, scope.bases, { notes: scope.canReadNotes, malformed: scope.state.malformed.has(`${scope.library.userID}/${item.key}`) });
}

async function itemsRoot(scope: LibraryScope): Promise<Response> {
  allow(scope, ["GET", "POST", "DELETE"]);
  if (scope.method === "POST") {
    const body = await readBody(scope);
    const checked = scope.library.checkLibraryUnmodifiedSince(scope.c.req.header("if-unmodified-since-version"));
    const report = scope.library.writeItems(body, { ...writeContext(scope), libraryChecked: checked }, describeItem(scope));
    setLibraryVersion(scope);
    return jsonAnswer(scope, report);
  }
  if (scope.method === "DELETE") {
    const keys = (scope.url.searchParams.get("itemKey") ?? "").replace(/^,+|,+$/g, "").split(",").filter(Boolean);
    for (const key of keys) if (!isValidKey(key)) throw invalidInput(`Invalid 'itemKey' value '${scope.url.searchParams.get("itemKey")}'`);
    if (keys.length > MAX_WRITE_OBJECTS) throw new ZoteroApiError(413, `Cannot delete more than ${MAX_WRITE_OBJECTS} items at a time`);
    scope.library.checkLibraryUnmodifiedSince(scope.c.req.header("if-unmodified-since-version"));
    scope.library.deleteItems(keys);
    setLibraryVersion(scope);
    return respond(scope, 204, null);
  }
  return listItems(scope, { kind: "all" });
}

function listItems(scope: LibraryScope, itemScope: ItemScope): Response {
  const params = parseListParams(scope.url.searchParams, "items");
  requireRead(scope);
  const notModified = checkModifiedSince(scope);
  if (notModified) return notModified;
  const { total, page } = searchItems({ library: scope.library, scope: itemScope, params, notes: scope.canReadNotes });
  return multiAnswer(scope, params, total, () =>
    params.format === "keys" ? page.map((item) => item.key) : params.format === "versions" ? Object.fromEntries(page.map((item) => [item.key, item.version])) : page.map(describeItem(scope)),
  );
}

function multiAnswer(scope: LibraryScope, params: ListParams, total: number, body: () => unknown): Response {
  setLibraryVersion(scope);
  scope.headers.set("Total-Results", String(total));
  const path = scope.url.pathname.replace(/^\/zotero/, "");
  scope.headers.set("Link", linkHeader(`${scope.bases.api}${path}`, `${scope.bases.web}${path}`, total, params));
  if (scope.method === "HEAD") return respond(scope, 200, null, params.format === "keys" ? "text/plain" : "application/json");
  const value = body();
  if (params.format === "keys") return respond(scope, 200, `${(value as string[]).join("\n")}\n`, "text/plain");
  return jsonAnswer(scope, value);
}

async function singleItem(scope: LibraryScope, key: string): Promise<Response> {
  allow(scope, ["GET", "PUT", "PATCH", "DELETE"]);
  if (scope.url.searchParams.has("format") && scope.url.searchParams.get("format") !== "json") parseSingleFormat(scope.url.searchParams.get("format")!);
  if (scope.method === "GET" || scope.method === "HEAD") {
    if (!isValidKey(key)) throw notFound();
    const item = scope.library.get(key);
    if (!item) throw notFound("Item does not exist");
    if (!scope.canRead || (item.data.itemType === "note" && !scope.canReadNotes)) throw notFound();
    setLibraryVersion(scope, item.version);
    return jsonAnswer(scope, describeItem(scope)(item));
  }
  const headerVersion = scope.c.req.header("if-unmodified-since-version");
  if (scope.method === "DELETE") {
    scope.library.deleteItem(key, headerVersion);
    setLibraryVersion(scope);
    return respond(scope, 204, null);
  }
  const body = await readBody(scope);
  scope.library.writeItem(key, body, scope.method as "PUT" | "PATCH", headerVersion, writeContext(scope));
  setLibraryVersion(scope);
  return respond(scope, 204, null);
}

function parseSingleFormat(format: string): void {
  if (format === "keys" || format === "versions") throw invalidInput(`Invalid 'format' value '${format}'`);
  parseListParams(new URLSearchParams({ format }), "items");
}

async function collectionsRoute(scope: LibraryScope, key: string | undefined, sub: string | undefined, subsub: string | undefined): Promise<Response> {
  const describe = (collection: Parameters<typeof collectionJson>[1]) => collectionJson(scope.library, collection, scope.bases);
  if (key === undefined || key === "top") {
    allow(scope, key === "top" ? ["GET"] : ["GET", "POST", "DELETE"]);
    if (scope.method === "POST") {
      const body = await readBody(scope);
      const checked = scope.library.checkLibraryUnmodifiedSince(scope.c.req.header("if-unmodified-since-version"));
      const report = scope.library.writeCollections(body, { ...writeContext(scope), libraryChecked: checked }, describe);
      setLibraryVersion(scope);
      return jsonAnswer(scope, report);
    }
    if (scope.method === "DELETE") {
      const keys = (scope.url.searchParams.get("collectionKey") ?? "").split(",").filter(Boolean);
      for (const collectionKey of keys) if (!isValidKey(collectionKey)) throw invalidInput(`Invalid 'collectionKey' value '${scope.url.searchParams.get("collectionKey")}'`);
      scope.library.checkLibraryUnmodifiedSince(scope.c.req.header("if-unmodified-since-version"));
      for (const collectionKey of keys) if (scope.library.collections.has(collectionKey)) scope.library.deleteCollection(collectionKey, String(scope.library.collections.get(collectionKey)!.version));
      setLibraryVersion(scope);
      return respond(scope, 204, null);
    }
    return listCollections(scope, { top: key === "top" });
  }
  const collection = isValidKey(key) ? scope.library.collections.get(key) : undefined;
  if (sub === undefined) {
    allow(scope, ["GET", "PUT", "PATCH", "DELETE"]);
    if (scope.method === "DELETE") {
      scope.library.deleteCollection(key, scope.c.req.header("if-unmodified-since-version"));
      setLibraryVersion(scope);
      return respond(scope, 204, null);
    }
    if (scope.method === "PUT" || scope.method === "PATCH") {
      const body = await readBody(scope);
      if (typeof body !== "object" || body === null || Array.isArray(body)) throw invalidInput("Invalid collection object");
      const header = scope.c.req.header("if-unmodified-since-version");
      const json = body as Record<string, unknown>;
      const version = header ?? json.version;
      if (collection && version === undefined) throw new ZoteroApiError(428, "Either If-Unmodified-Since-Version or object version property must be provided for key-based writes");
      const report = scope.library.writeCollections([{ ...json, key, version: version === undefined ? 0 : Number(version) }], { ...writeContext(scope), libraryChecked: true }, describe);
      const failure = report.failed[0];
      if (failure) throw new ZoteroApiError(failure.code, failure.message, failure.code === 412 ? collection?.version : undefined);
      setLibraryVersion(scope);
      return respond(scope, 204, null);
    }
    if (!collection || !scope.canRead) throw notFound("Collection not found");
    setLibraryVersion(scope, collection.version);
    return jsonAnswer(scope, describe(collection));
  }
  if (!collection) throw notFound("Collection not found");
  if (sub === "items") {
    if (subsub === "top") {
      allow(scope, ["GET"]);
      return listItems(scope, { kind: "collection", collection: key, top: true });
    }
    if (subsub !== undefined) throw notFound();
    allow(scope, ["GET", "POST"]);
    if (scope.method === "POST") {
      const text = (await scope.c.req.text()).trim();
      if (!text) throw invalidInput("POST data not provided");
      scope.library.addToCollection(key, text.split(/\s+/));
      setLibraryVersion(scope);
      return respond(scope, 204, null);
    }
    return listItems(scope, { kind: "collection", collection: key, top: false });
  }
  if (sub === "collections" && subsub === undefined) {
    allow(scope, ["GET"]);
    return listCollections(scope, { parent: key });
  }
  throw notFound();
}

function listCollections(scope: LibraryScope, options: { top?: boolean; parent?: string }): Response {
  const params = parseListParams(scope.url.searchParams, "collections");
  requireRead(scope);
  const notModified = checkModifiedSince(scope);
  if (notModified) return notModified;
  const { total, page } = searchCollections(scope.library, params, options);
  return multiAnswer(scope, params, total, () =>
    params.format === "keys"
      ? page.map((collection) => collection.key)
      : params.format === "versions"
        ? Object.fromEntries(page.map((collection) => [collection.key, collection.version]))
        : page.map((collection) => collectionJson(scope.library, collection, scope.bases)),
  );
}

