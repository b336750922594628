import { randomBytes } from "node:crypto";
import { z } from "zod";
import { ZOTERO_ITEM_KEYS_PER_READ, ZOTERO_MAX_PAGE_SIZE, ZOTERO_WRITE_BATCH } from "@/shared/zotero/zotero-constants";
import { parseZoteroItems, zoteroItemSchema, type ZoteroItem, type ZoteroNewItem } from "@/shared/zotero/zotero-item";
import { pathSegment } from "@/server/sources/http/upstream-path";
import { ZoteroApiError, type ZoteroAnswer, type ZoteroClient, type ZoteroClientEvents } from "./zotero-client";

/**
 * The Zotero Web API v3 calls Quire makes, on one user's library (`/users/{userId}`), with the
 * user's key. Paths and parameters are the API's own
 * (https://www.zotero.org/support/dev/web_api/v3/basics, .../syncing, .../write_requests).
 */

/** Whose library and with which key. */
export type ZoteroAccess = { apiKey: string; userId: string };

/** A page of items with the answer's headers read. */
export type ZoteroItemsPage = {
  items: ZoteroItem[];
  /** Items the page held that were not well-formed (skipped). */
  malformed: number;
  /** `Total-Results`: items the whole query matches. */
  totalResults: number;
  /** `Last-Modified-Version`: the library's version. */
  libraryVersion: number;
  /** The library has not changed since the version given as `ifModifiedSince` (304). */
  notModified: boolean;
};

export type ItemsQuery = {
  start?: number;
  limit?: number;
  q?: string;
  /** `titleCreatorYear` (default) or `everything`. */
  qmode?: "titleCreatorYear" | "everything";
  /** Zotero's itemType syntax: `journalArticle || preprint`, `-attachment`. */
  itemType?: string;
  /** Top-level items only (`/items/top`). */
  top?: boolean;
  since?: number;
  sort?: "dateAdded" | "dateModified" | "title" | "creator" | "itemType" | "date";
  direction?: "asc" | "desc";
  itemKey?: string[];
  /** Sent as If-Modified-Since-Version: a 304 answers "nothing changed". */
  ifModifiedSince?: number;
  signal?: AbortSignal;
};

const keyInfoSchema = z
  .object({
    key: z.string().optional(),
    userID: z.union([z.number(), z.string()]).transform(String),
    username: z.string().default(""),
    access: z
      .object({
        user: z.object({ library: z.boolean().optional(), write: z.boolean().optional(), notes: z.boolean().optional() }).loose().optional(),
      })
      .loose()
      .default({}),
  })
  .loose();
export type ZoteroKeyInfo = { userId: string; username: string; canRead: boolean; canWrite: boolean };

const writeResultSchema = z
  .object({
    successful: z.record(z.string(), z.unknown()).default({}),
    success: z.record(z.string(), z.string()).default({}),
    unchanged: z.record(z.string(), z.string()).default({}),
    failed: z.record(z.string(), z.object({ code: z.number().optional(), message: z.string().optional() }).loose()).default({}),
  })
  .loose();
export type ZoteroWriteResult = {
  /** Index in the batch -> key of the created (or unchanged) item. */
  created: Map<number, string>;
  /** Index in the batch -> why Zotero refused it. */
  failed: Map<number, string>;
  /** Index in the batch -> the created item as Zotero stored it (from `successful`). */
  items: Map<number, ZoteroItem>;
};

const collectionSchema = z.object({ key: z.string(), version: z.number(), data: z.object({ name: z.string(), parentCollection: z.union([z.string(), z.literal(false)]).optional() }).loose() }).loose();
export type ZoteroCollection = { key: string; version: number; name: string };

function numberHeader(answer: ZoteroAnswer, name: string): number {
  const value = Number(answer.header(name));
  return Number.isFinite(value) ? value : 0;
}

/** A write token: 32 random hex characters, so a retried write is applied once. */
export function newWriteToken(): string {
  return randomBytes(16).toString("hex");
}

export function createZoteroApi(client: ZoteroClient) {
  const library = (access: ZoteroAccess) => `/users/${pathSegment(access.userId)}`;

  async function items(access: ZoteroAccess, query: ItemsQuery = {}, events?: ZoteroClientEvents): Promise<ZoteroItemsPage> {
    const answer = await client.request(
      {
        path: `${library(access)}/items${query.top ? "/top" : ""}`,
        apiKey: access.apiKey,
        query: {
          format: "json",
          start: query.start,
          limit: Math.min(query.limit ?? 25, ZOTERO_MAX_PAGE_SIZE),
          q: query.q?.trim() || undefined,
          qmode: query.qmode,
          itemType: query.itemType,
          since: query.since,
          sort: query.sort,
          direction: query.direction,
          itemKey: query.itemKey?.join(","),
        },
        headers: query.ifModifiedSince !== undefined ? { "if-modified-since-version": String(query.ifModifiedSince) } : undefined,
        signal: query.signal,
      },
      events,
    );
    if (answer.status === 304) {
      return { items: [], malformed: 0, totalResults: 0, libraryVersion: query.ifModifiedSince ?? 0, notModified: true };
    }
    const { items: parsed, malformed } = parseZoteroItems(answer.body);
    return {
      items: parsed,
      malformed,
      totalResults: answer.header("total-results") !== null ? numberHeader(answer, "total-results") : parsed.length,
      libraryVersion: numberHeader(answer, "last-modified-version"),
      notModified: false,
    };
  }

  return {
    /**
     * What a key may do and whose it is (`GET /keys/{key}`); null when Zotero does not know the
     * key (revoked or mistyped).
     */
    async keyInfo(apiKey: string, signal?: AbortSignal): Promise<ZoteroKeyInfo | null> {
      try {
        const answer = await client.request({ path: `/keys/${pathSegment(apiKey)}`, apiKey, signal });
        const info = keyInfoSchema.parse(answer.body);
        return {
          userId: info.userID,
          username: info.username,
          canRead: info.access.user?.library !== false,
          canWrite: info.access.user?.write === true,
        };
      } catch (error) {
        if (error instanceof ZoteroApiError && (error.kind === "not_found" || error.kind === "unauthorized")) return null;
        if (error instanceof z.ZodError) throw new ZoteroApiError("bad_request", 502, "Zotero sent an unreadable key description");
        throw error;
      }
    },

    /** Revokes a key at Zotero (`DELETE /keys/{key}`); a key Zotero no longer knows counts as revoked. */
    async revokeKey(apiKey: string): Promise<void> {
      try {
        await client.request({ method: "DELETE", path: `/keys/${pathSegment(apiKey)}`, apiKey });
      } catch (error) {
        if (error instanceof ZoteroApiError && (error.kind === "not_found" || error.kind === "unauthorized")) return;
        throw error;
      }
    },

    /** The spec's credential check: `GET /users/{id}/items?limit=1` with the key as a bearer token. */
    async validate(access: ZoteroAccess): Promise<{ libraryVersion: number; totalResults: number }> {
      const page = await items(access, { limit: 1 });
      return { libraryVersion: page.libraryVersion, totalResults: page.totalResults };
    },

    items,

    /** Items by key, at most 50 a request. */
    async itemsByKey(access: ZoteroAccess, keys: readonly string[], signal?: AbortSignal, events?: ZoteroClientEvents): Promise<{ items: ZoteroItem[]; malformed: number }> {
      const found: ZoteroItem[] = [];
      let malformed = 0;
      for (let i = 0; i < keys.length; i += ZOTERO_ITEM_KEYS_PER_READ) {
        const chunk = keys.slice(i, i + ZOTERO_ITEM_KEYS_PER_READ);
        const page = await items(access, { itemKey: chunk, limit: chunk.length, signal }, events);
        found.push(...page.items);
        malformed += page.malformed;
      }
      return { items: found, malformed };
    },

    /** Every item's version (`format=versions`), optionally only those changed since a library version. */
    async itemVersions(access: ZoteroAccess, options: { since?: number; top?: boolean; itemType?: string; signal?: AbortSignal } = {}, events?: ZoteroClientEvents) {
      const answer = await client.request(
        {
          path: `${library(access)}/items${options.top ? "/top" : ""}`,
          apiKey: access.apiKey,
          query: { format: "versions", since: options.since, itemType: options.itemType },
          signal: options.signal,
        },
        events,
      );
      const versions = z.record(z.string(), z.number()).safeParse(answer.body);
      if (!versions.success) throw new ZoteroApiError("bad_request", 502, "Zotero sent an unreadable version list");
      return { versions: versions.data, libraryVersion: numberHeader(answer, "last-modified-version") };
    },

    /** Keys of items deleted since a library version (`GET /deleted?since=`). */
    async deletedSince(access: ZoteroAccess, since: number, signal?: AbortSignal, events?: ZoteroClientEvents): Promise<{ items: string[]; libraryVersion: number }> {
      const answer = await client.request({ path: `${library(access)}/deleted`, apiKey: access.apiKey, query: { since }, signal }, events);
      const body = z.object({ items: z.array(z.string()).default([]) }).loose().safeParse(answer.body);
      if (!body.success) throw new ZoteroApiError("bad_request", 502, "Zotero sent an unreadable deletion list");
      return { items: body.data.items, libraryVersion: numberHeader(answer, "last-modified-version") };
    },

    /** Keys of items moved to the trash (or changed there) since a library version (`/items/trash?since=&format=versions`). */
    async trashedSince(access: ZoteroAccess, since: number, signal?: AbortSignal, events?: ZoteroClientEvents): Promise<{ keys: string[]; libraryVersion: number }> {
      const answer = await client.request({ path: `${library(access)}/items/trash`, apiKey: access.apiKey, query: { since, format: "versions" }, signal }, events);
      const versions = z.record(z.string(), z.number()).safeParse(answer.body);
      if (!versions.success) throw new ZoteroApiError("bad_request", 502, "Zotero sent an unreadable trash list");
      return { keys: Object.keys(versions.data), libraryVersion: numberHeader(answer, "last-modified-version") };
    },

    /** One item, with its current version; null when it does not exist. */
    async item(access: ZoteroAccess, key: string): Promise<ZoteroItem | null> {
      try {
        const answer = await client.request({ path: `${library(access)}/items/${pathSegment(key)}`, apiKey: access.apiKey });
        const parsed = zoteroItemSchema.safeParse(answer.body);
        if (!parsed.success) throw new ZoteroApiError("bad_request", 502, "Zotero sent an unreadable item");
        return parsed.data;
      } catch (error) {
        if (error instanceof ZoteroApiError && error.kind === "not_found") return null;
        throw error;
      }
    },

    /**
     * Creates items, at most 50 per write, each write with its own write token (a write retried
     * after a lost answer is applied once).
     */
    async createItems(access: ZoteroAccess, newItems: readonly ZoteroNewItem[]): Promise<ZoteroWriteResult> {
      const created = new Map<number, string>();
      const failed = new Map<number, string>();
      const stored = new Map<number, ZoteroItem>();
      for (let offset = 0; offset < newItems.length; offset += ZOTERO_WRITE_BATCH) {
        const batch = newItems.slice(offset, offset + ZOTERO_WRITE_BATCH);
        const answer = await client.request({
          method: "POST",
          path: `${library(access)}/items`,
          apiKey: access.apiKey,
          headers: { "zotero-write-token": newWriteToken() },
          body: batch,
        });
        const result = writeResultSchema.safeParse(answer.body);
        if (!result.success) throw new ZoteroApiError("bad_request", 502, "Zotero sent an unreadable write result");
        for (const [index, key] of [...Object.entries(result.data.success), ...Object.entries(result.data.unchanged)]) created.set(offset + Number(index), key);
        for (const [index, failure] of Object.entries(result.data.failed)) failed.set(offset + Number(index), failure.message ?? `Zotero refused the item (${failure.code ?? "?"})`);
        for (const [index, value] of Object.entries(result.data.successful)) {
          const parsed = zoteroItemSchema.safeParse(value);
          if (parsed.success) stored.set(offset + Number(index), parsed.data);
        }
      }
      return { created, failed, items: stored };
    },

    /** Changes some fields of an item; 412 (stale version) throws ZoteroApiError "precondition". */
    async updateItem(access: ZoteroAccess, key: string, version: number, patch: Record<string, unknown>): Promise<void> {
      await client.request({
        method: "PATCH",
        path: `${library(access)}/items/${pathSegment(key)}`,
        apiKey: access.apiKey,
        headers: { "if-unmodified-since-version": String(version) },
        body: patch,
      });
    },

    /** Deletes an item at the version it was read at; 412 throws ZoteroApiError "precondition". */
    async deleteItem(access: ZoteroAccess, key: string, version: number): Promise<void> {
      await client.request({
        method: "DELETE",
        path: `${library(access)}/items/${pathSegment(key)}`,
        apiKey: access.apiKey,
        headers: { "if-unmodified-since-version": String(version) },
      });
    },

    /** Every collection of the library (pages of 100). */
    async collections(access: ZoteroAccess): Promise<ZoteroCollection[]> {
      const all: ZoteroCollection[] = [];
      for (let start = 0; ; start += ZOTERO_MAX_PAGE_SIZE) {
        const answer = await client.request({ path: `${library(access)}/collections`, apiKey: access.apiKey, query: { start, limit: ZOTERO_MAX_PAGE_SIZE } });
        const page = z.array(collectionSchema).safeParse(answer.body);
        if (!page.success) throw new ZoteroApiError("bad_request", 502, "Zotero sent an unreadable collection list");
        all.push(...page.data.map((entry) => ({ key: entry.key, version: entry.version, name: entry.data.name })));
        const total = answer.header("total-results") !== null ? numberHeader(answer, "total-results") : all.length;
        if (page.data.length < ZOTERO_MAX_PAGE_SIZE || all.length >= total) return all;
      }
    },

    /** Creates a top-level collection and answers its key. */
    async createCollection(access: ZoteroAccess, name: string): Promise<string> {
      const answer = await client.request({
        method: "POST",
        path: `${library(access)}/collections`,
        apiKey: access.apiKey,
        headers: { "zotero-write-token": newWriteToken() },
        body: [{ name, parentCollection: false }],
      });
      const result = writeResultSchema.safeParse(answer.body);
      const key = result.success ? (result.data.success["0"] ?? result.data.unchanged["0"]) : undefined;
      if (!key) throw new ZoteroApiError("bad_request", 502, `Zotero did not create the collection ${name}`);
      return key;
    },
  };
}

export type ZoteroApi = ReturnType<typeof createZoteroApi>;
