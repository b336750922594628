/**
 * One Zotero user library as the Web API v3 keeps it: items (with notes and attachments as
 * children) and collections, each with the library version of its last change, the library's
 * own version, and the log of deleted keys that `/deleted?since=` reads.
 *
 * Writes follow zotero/dataserver: a write request that changes anything moves the library to
 * the next version and gives that version to every object it changed; `POST` updates existing
 * items partially (like PATCH) and needs their version (JSON `version` or the request's
 * If-Unmodified-Since-Version); a stale version fails with 412; per-object failures in a
 * multi-object write are reported in `failed` without stopping the others. Messages are the
 * server's own.
 */
import { ZoteroApiError, invalidInput } from "./api-error";
import { isoTimestamp, normaliseAccessDate, normaliseTimestamp } from "./dates";
import { LINK_MODES, isCreatorTypeOfType, isFieldOfType, isItemType, isKnownCreatorType, isKnownField, itemTypeSchema } from "./schema";

export type Creator = { creatorType: string; firstName: string; lastName: string } | { creatorType: string; name: string };
export interface Tag {
  tag: string;
  type?: number;
}
/** The editable JSON of an item without `key` and `version`, its properties in the API's order. */
export type ItemData = Record<string, unknown>;

export interface StoredItem {
  key: string;
  version: number;
  data: ItemData;
  /** Insertion order: the last tie-breaker of every sort, as the server's itemID is. */
  seq: number;
}

export interface CollectionData {
  name: string;
  parentCollection: string | false;
  relations: Record<string, unknown>;
}

export interface StoredCollection {
  key: string;
  version: number;
  data: CollectionData;
  seq: number;
}

export interface WriteReport {
  successful: Record<string, unknown>;
  success: Record<string, string>;
  unchanged: Record<string, string>;
  failed: Record<string, { key?: string; code: number; message: string }>;
}

/** Zotero's object keys: eight characters from this alphabet (no 0, 1, O). */
export const KEY_ALPHABET = "23456789ABCDEFGHIJKLMNPQRSTUVWXYZ";
const KEY_PATTERN = /^[23456789ABCDEFGHIJKLMNPQRSTUVWXYZ]{8}$/;
export const MAX_WRITE_OBJECTS = 50;

export function isValidKey(key: unknown): key is string {
  return typeof key === "string" && KEY_PATTERN.test(key);
}

/** The predicates Zotero allows in an item's `relations`. */
const ITEM_PREDICATES = new Set(["dc:relation", "dc:replaces", "owl:sameAs"]);
const CHILD_TYPES = new Set(["note", "attachment", "annotation"]);
const STRUCTURAL = new Set(["key", "version", "itemType", "parentItem", "creators", "tags", "collections", "relations", "deleted", "inPublications", "dateAdded", "dateModified"]);
const ATTACHMENT_PROPS = ["contentType", "charset", "filename", "md5", "mtime", "path"] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  return `${Array.isArray(value) ? "array" : value === null ? "NULL" : typeof value} '${typeof value === "string" ? value : JSON.stringify(value)}'`;
}

function asString(value: unknown): string {
  return value === null || value === undefined || value === false ? "" : String(value);
}

export interface WriteContext {
  nowMs: number;
  /** A new key for an object created without one. */
  newKey(): string;
}

export class ZoteroLibrary {
  readonly userID: number;
  readonly username: string;
  version = 0;
  readonly items = new Map<string, StoredItem>();
  readonly collections = new Map<string, StoredCollection>();
  /** Deleted keys with the library version of the deletion. */
  readonly deletedItems = new Map<string, number>();
  readonly deletedCollections = new Map<string, number>();
  private readonly children = new Map<string, Set<string>>();
  private seq = 0;

  constructor(userID: number, username: string) {
    this.userID = userID;
    this.username = username;
  }

  // ---- reading -------------------------------------------------------------------------

  get(key: string): StoredItem | undefined {
    return this.items.get(key);
  }

  childKeys(key: string): string[] {
    return [...(this.children.get(key) ?? [])];
  }

  parentOf(item: StoredItem): string | undefined {
    const parent = item.data.parentItem;
    return typeof parent === "string" ? parent : undefined;
  }

  isTrashed(item: StoredItem): boolean {
    return item.data.deleted === 1 || item.data.deleted === true;
  }

  /** Items deleted after `since` (the keys `/deleted` lists). */
  deletedSince(since: number): { collections: string[]; items: string[] } {
    const after = (log: Map<string, number>) => [...log].filter(([, version]) => version > since).map(([key]) => key);
    return { collections: after(this.deletedCollections), items: after(this.deletedItems) };
  }

  /** Items in a collection (top-level items only unless `withChildren`). */
  collectionItemKeys(collectionKey: string): Set<string> {
    const keys = new Set<string>();
    for (const item of this.items.values()) {
      const collections = item.data.collections;
      if (Array.isArray(collections) && collections.includes(collectionKey)) keys.add(item.key);
    }
    return keys;
  }

  // ---- low-level storing (seeding, control changes and the write paths below) -------------

  /** Stores an item as it is (no validation): seeding and server-side changes. */
  put(key: string, version: number, data: ItemData): StoredItem {
    const existing = this.items.get(key);
    const previousParent = existing ? this.parentOf(existing) : undefined;
    const item: StoredItem = { key, version, data, seq: existing?.seq ?? (this.seq += 1) };
    this.items.set(key, item);
    this.deletedItems.delete(key);
    const parent = this.parentOf(item);
    if (previousParent && previousParent !== parent) this.children.get(previousParent)?.delete(key);
    if (parent) {
      let set = this.children.get(parent);
      if (!set) this.children.set(parent, (set = new Set()));
      set.add(key);
    }
    if (version > this.version) this.version = version;
    return item;
  }

  putCollection(key: string, version: number, data: CollectionData): StoredCollection {
    const existing = this.collections.get(key);
    const collection = { key, version, data, seq: existing?.seq ?? (this.seq += 1) };
    this.collections.set(key, collection);
    this.deletedCollections.delete(key);
    if (version > this.version) this.version = version;
    return collection;
  }

  /** Removes an item and its children at `version`, logging each key as deleted. */
  remove(key: string, version: number): void {
    const item = this.items.get(key);
    if (!item) return;
    for (const child of this.childKeys(key)) this.remove(child, version);
    this.items.delete(key);
    this.children.delete(key);
    const parent = this.parentOf(item);
    if (parent) this.children.get(parent)?.delete(key);
    this.deletedItems.set(key, version);
    if (version > this.version) this.version = version;
  }

  // ---- version preconditions ---------------------------------------------------------------

  /** If-Unmodified-Since-Version on a multi-object write: 412 when the library moved on. */
  checkLibraryUnmodifiedSince(header: string | undefined): boolean {
    if (header === undefined) return false;
    if (!/^\d+$/.test(header.trim())) throw invalidInput("Invalid If-Unmodified-Since-Version value");
    const expected = Number(header);
    if (this.version > expected) throw new ZoteroApiError(412, `Library has been modified since specified version (expected ${expected}, found ${this.version})`, this.version);
    return true;
  }

  // ---- item writes -------------------------------------------------------------------------

  /**
   * POST /items: up to 50 objects; each is created, or (with a `key` that exists) updated
   * partially. One library version for the whole request.
   */
  writeItems(body: unknown, context: WriteContext & { libraryChecked: boolean }, describeItem: (item: StoredItem) => unknown): WriteReport {
    if (!Array.isArray(body)) throw invalidInput("Uploaded data must be a JSON array");
    if (body.length > MAX_WRITE_OBJECTS) throw new ZoteroApiError(413, `Cannot add more than ${MAX_WRITE_OBJECTS} items at a time`);
    const report: WriteReport = { successful: {}, success: {}, unchanged: {}, failed: {} };
    const startVersion = this.version;
    const nextVersion = startVersion + 1;
    body.forEach((json, index) => {
      try {
        if (!isObject(json)) throw invalidInput(`Invalid value for index ${index} in uploaded data; expected JSON item object`);
        const editable = isObject(json.data) ? json.data : json;
        const result = this.applyItem(editable, { ...context, mode: "post", requireVersion: context.libraryChecked ? 0 : 1, nextVersion, startVersion });
        if (result.changed) {
          report.successful[index] = describeItem(result.item);
          report.success[index] = result.item.key;
        } else {
          report.unchanged[index] = result.item.key;
        }
      } catch (error) {
        if (!(error instanceof ZoteroApiError)) throw error;
        const key = isObject(json) && typeof json.key === "string" ? json.key : "";
        report.failed[index] = key ? { key, code: error.status, message: error.message } : { code: error.status, message: error.message };
      }
    });
    return report;
  }

  /** PUT or PATCH /items/{key}. Returns whether anything changed. */
  writeItem(key: string, body: unknown, method: "PUT" | "PATCH", headerVersion: string | undefined, context: WriteContext): boolean {
    if (!isValidKey(key)) throw new ZoteroApiError(404, "Not found");
    if (!isObject(body)) throw invalidInput(`Invalid item object (found ${describe(body)})`);
    const editable = isObject(body.data) ? body.data : body;
    const existing = this.items.get(key);
    const version = singleObjectVersion("item", existing, editable, headerVersion, method);
    if (existing === undefined && method === "PATCH" && version === false) {
      throw new ZoteroApiError(404, "Item not found (to create, use If-Unmodified-Since-Version: 0, JSON 'version' 0, or PUT method)");
    }
    if (typeof editable.key === "string" && editable.key !== key) throw new ZoteroApiError(409, "'key' property in JSON does not match item key of request");
    const startVersion = this.version;
    const { changed } = this.applyItem({ ...editable, key }, { ...context, mode: method === "PUT" ? "put" : "patch", requireVersion: 0, nextVersion: startVersion + 1, startVersion, versionChecked: true });
    return changed;
  }

  /** DELETE /items/{key} (needs If-Unmodified-Since-Version). */
  deleteItem(key: string, headerVersion: string | undefined): void {
    if (!isValidKey(key)) throw new ZoteroApiError(404, "Not found");
    const existing = this.items.get(key);
    singleObjectVersion("item", existing, undefined, headerVersion, "DELETE");
    if (existing) this.remove(key, this.version + 1);
  }

  /** DELETE /items?itemKey=A,B (If-Unmodified-Since-Version optional, checked when sent). */
  deleteItems(keys: readonly string[]): number {
    const present = keys.filter((key) => this.items.has(key));
    if (present.length === 0) return 0;
    const version = this.version + 1;
    for (const key of present) this.remove(key, version);
    return present.length;
  }

  private applyItem(
    json: Record<string, unknown>,
    options: WriteContext & { mode: "post" | "put" | "patch"; requireVersion: 0 | 1; nextVersion: number; startVersion: number; versionChecked?: boolean },
  ): { item: StoredItem; changed: boolean } {
    let key: string;
    if (json.key !== undefined) {
      if (typeof json.key !== "string") throw invalidInput("'key' must be a string");
      if (!isValidKey(json.key)) throw invalidInput(`'${json.key}' is not a valid item key`);
      key = json.key;
    } else {
      key = options.newKey();
    }
    const existing = this.items.get(key);
    if (!options.versionChecked) {
      if (json.itemKey !== undefined) throw invalidInput("'itemKey' property is now 'key'");
      if (json.itemVersion !== undefined) throw invalidInput("'itemVersion' property is now 'version'");
      if (json.version !== undefined) {
        if (typeof json.version !== "number" && !(typeof json.version === "string" && /^\d+$/.test(json.version))) throw invalidInput("'version' must be an integer");
        const given = Number(json.version);
        if (existing && existing.version > given) {
          // Unless this same request changed it.
          if (!(existing.version === options.nextVersion && options.nextVersion !== options.startVersion)) {
            throw new ZoteroApiError(412, `Item has been modified since specified version (expected ${given}, found ${existing.version})`);
          }
        } else if (given > 0 && !existing) {
          throw new ZoteroApiError(404, `Item doesn't exist (expected version ${given}; use 0 instead)`);
        }
      } else if (options.requireVersion === 1 && json.key !== undefined && existing) {
        throw new ZoteroApiError(428, "Either If-Unmodified-Since-Version or 'version' property must be provided for 'key'-based writes");
      }
    }

    // POST to an existing item is a partial update, as PATCH is.
    const partial = (options.mode === "post" || options.mode === "patch") && existing !== undefined;
    const data = buildItemData(this, existing, json, partial, options.nowMs);
    const comparable = (value: ItemData) => JSON.stringify({ ...value, dateModified: undefined });
    const changedFields = existing ? changedProperties(existing.data, data) : ["new"];
    const changed = !existing || comparable(existing.data) !== comparable(data);
    if (!changed) return { item: existing!, changed: false };

    // Date Modified follows the change unless only collections/relations/trash moved, or the client set it.
    const onlyOrganising = changedFields.every((name) => name === "collections" || name === "relations" || name === "deleted");
    const givenModified = typeof json.dateModified === "string" ? normaliseTimestamp(json.dateModified) : null;
    if (existing && !onlyOrganising && !(givenModified && givenModified !== existing.data.dateModified)) data.dateModified = isoTimestamp(options.nowMs);
    return { item: this.put(key, options.nextVersion, data), changed: true };
  }

  // ---- collections -------------------------------------------------------------------------

  writeCollections(body: unknown, context: WriteContext & { libraryChecked: boolean }, describeCollection: (collection: StoredCollection) => unknown): WriteReport {
    if (!Array.isArray(body)) throw invalidInput("Uploaded data must be a JSON array");
    if (body.length > MAX_WRITE_OBJECTS) throw new ZoteroApiError(413, `Cannot add more than ${MAX_WRITE_OBJECTS} collections at a time`);
    const report: WriteReport = { successful: {}, success: {}, unchanged: {}, failed: {} };
    const nextVersion = this.version + 1;
    body.forEach((json, index) => {
      try {
        if (!isObject(json)) throw invalidInput(`Invalid value for index ${index} in uploaded data; expected JSON collection object`);
        const editable = isObject(json.data) ? json.data : json;
        const key = editable.key === undefined ? context.newKey() : String(editable.key);
        if (editable.key !== undefined && !isValidKey(editable.key)) throw invalidInput(`'${String(editable.key)}' is not a valid collection key`);
        const existing = this.collections.get(key);
        if (editable.version !== undefined) {
          const given = Number(editable.version);
          if (existing && existing.version > given) throw new ZoteroApiError(412, `Collection has been modified since specified version (expected ${given}, found ${existing.version})`);
          if (!existing && given > 0) throw new ZoteroApiError(404, `Collection doesn't exist (expected version ${given}; use 0 instead)`);
        } else if (!context.libraryChecked && editable.key !== undefined && existing) {
          throw new ZoteroApiError(428, "Either If-Unmodified-Since-Version or 'version' property must be provided for 'key'-based writes");
        }
        for (const property of Object.keys(editable)) {
          if (!["key", "version", "name", "parentCollection", "relations"].includes(property)) throw invalidInput(`Invalid property '${property}'`);
        }
        const name = editable.name ?? existing?.data.name;
        if (typeof name !== "string" || name.trim() === "") throw invalidInput("Collection name cannot be empty");
        const parent = editable.parentCollection === undefined ? (existing?.data.parentCollection ?? false) : editable.parentCollection;
        if (parent !== false && parent !== null && parent !== "") {
          if (!isValidKey(parent)) throw invalidInput(`'${String(parent)}' is not a valid collection key`);
          if (!this.collections.has(parent)) throw new ZoteroApiError(409, `Parent collection ${parent} doesn't exist`);
          if (parent === key) throw new ZoteroApiError(409, `Cannot make collection a child of itself`);
        }
        const relations = isObject(editable.relations) ? editable.relations : (existing?.data.relations ?? {});
        const data: CollectionData = { name: name.trim(), parentCollection: parent === null || parent === "" ? false : parent, relations };
        if (existing && JSON.stringify(existing.data) === JSON.stringify(data)) {
          report.unchanged[index] = key;
          return;
        }
        const collection = this.putCollection(key, nextVersion, data);
        report.successful[index] = describeCollection(collection);
        report.success[index] = key;
      } catch (error) {
        if (!(error instanceof ZoteroApiError)) throw error;
        const key = isObject(json) && typeof json.key === "string" ? json.key : "";
        report.failed[index] = key ? { key, code: error.status, message: error.message } : { code: error.status, message: error.message };
      }
    });
    return report;
  }

  deleteCollection(key: string, headerVersion: string | undefined): void {
    if (!isValidKey(key)) throw new ZoteroApiError(404, "Not found");
    const existing = this.collections.get(key);
    singleObjectVersion("collection", existing, undefined, headerVersion, "DELETE");
    if (!existing) return;
    const version = this.version + 1;
    this.removeCollection(key, version);
  }

  private removeCollection(key: string, version: number): void {
    for (const child of [...this.collections.values()].filter((collection) => collection.data.parentCollection === key)) this.removeCollection(child.key, version);
    this.collections.delete(key);
    this.deletedCollections.set(key, version);
    // Items leave the collection and get the new version, as the server does.
    for (const item of this.items.values()) {
      const collections = item.data.collections;
      if (Array.isArray(collections) && collections.includes(key)) {
        this.put(item.key, version, { ...item.data, collections: collections.filter((other) => other !== key) });
      }
    }
    if (version > this.version) this.version = version;
  }

  /** POST /collections/{key}/items: space-separated item keys join the collection. */
  addToCollection(collectionKey: string, itemKeys: readonly string[]): void {
    if (!this.collections.has(collectionKey)) throw new ZoteroApiError(404, "Collection not found");
    const items = itemKeys.map((key) => {
      const item = this.items.get(key);
      if (!item) throw invalidInput(`Item '${key}' not found in library`);
      if (this.parentOf(item)) throw invalidInput("Child items cannot be added to collections directly");
      return item;
    });
    const version = this.version + 1;
    for (const item of items) {
      const collections = Array.isArray(item.data.collections) ? (item.data.collections as string[]) : [];
      if (!collections.includes(collectionKey)) this.put(item.key, version, { ...item.data, collections: [...collections, collectionKey] });
    }
  }
}

function changedProperties(before: ItemData, after: ItemData): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => name !== "dateModified" && JSON.stringify(before[name]) !== JSON.stringify(after[name]));
}

/**
 * The version a single-object write (PUT, PATCH, DELETE) names, checked against the object:
 * If-Unmodified-Since-Version or the JSON `version` (both must agree), required for an
 * existing object, 412 when stale, 404 for a missing object with a version above 0.
 */
function singleObjectVersion(
  type: "item" | "collection",
  existing: { version: number } | undefined,
  json: Record<string, unknown> | undefined,
  headerValue: string | undefined,
  method: "PUT" | "PATCH" | "DELETE",
): number | false {
  const Type = type === "item" ? "Item" : "Collection";
  let header: number | false = false;
  if (headerValue !== undefined) {
    if (!/^\d+$/.test(headerValue.trim())) throw invalidInput(`Invalid If-Unmodified-Since-Version value '${headerValue}'`);
    header = Number(headerValue);
  }
  let property: number | false = false;
  if (json && json.version !== undefined) {
    if (!/^\d+$/.test(String(json.version))) throw invalidInput(`Invalid JSON 'version' property value '${String(json.version)}'`);
    property = Number(json.version);
  }
  if (method === "DELETE" && header === false) throw new ZoteroApiError(428, "If-Unmodified-Since-Version must be provided for delete requests");
  if (header !== false && property !== false && header !== property) {
    throw invalidInput(`If-Unmodified-Since-Version value does not match JSON 'version' property (${header} != ${property})`);
  }
  const version = header !== false ? header : property;
  if (!existing) {
    if (version !== false && version > 0) throw new ZoteroApiError(404, `${Type} not found (expected version ${version})`);
    return version;
  }
  if (version === false) throw new ZoteroApiError(428, "Either If-Unmodified-Since-Version or object version property must be provided for key-based writes");
  if (existing.version !== version) {
    throw new ZoteroApiError(412, `${Type} has been modified since specified version (expected ${version}, found ${existing.version})`, existing.version);
  }
  return version;
}

/**
 * Validates an item's editable JSON (the checks and messages of the server's validateJSONItem
 * and setField) and merges it into the stored data: over the existing item for a partial
 * update, from scratch otherwise. Returns the new data in the API's property order.
 */
export function buildItemData(library: ZoteroLibrary, existing: StoredItem | undefined, json: Record<string, unknown>, partial: boolean, nowMs: number): ItemData {
  const before = existing?.data;
  const isNew = !existing;
  let isChild = before ? typeof before.parentItem === "string" : false;
  if (isChild) {
    if ((partial && json.parentItem === false) || (!partial && (json.parentItem === undefined || json.parentItem === false))) isChild = false;
  } else if (json.parentItem !== undefined && json.parentItem !== false) {
    isChild = true;
  }

  const required = partial ? [] : json.itemType === "attachment" ? ["linkMode"] : isNew ? ["itemType"] : ["itemType", "tags", "relations", ...(isChild ? [] : ["collections"])];
  for (const property of required) if (json[property] === undefined) throw invalidInput(`'${property}' property not provided`);

  const itemType = json.itemType === undefined ? String(before?.itemType ?? "") : json.itemType;
  if (typeof itemType !== "string") throw invalidInput("'itemType' must be a string");
  if (!isItemType(itemType)) throw invalidInput(`'${itemType}' is not a valid itemType`);
  if (isChild && !CHILD_TYPES.has(itemType)) throw invalidInput("Child item must be note, attachment, or annotation");
  if (itemType === "annotation") throw invalidInput("The sandbox does not store annotation items");

  // Every property is checked before anything is merged.
  for (const [property, value] of Object.entries(json)) {
    switch (property) {
      case "key":
      case "version":
        break;
      case "itemKey":
      case "itemVersion":
        throw invalidInput(`Invalid property '${property}'`);
      case "parentItem":
        if (value !== false && value !== null) {
          if (!isValidKey(value)) throw invalidInput("'parentItem' must be a valid item key or false");
          if (value === json.key) throw invalidInput(`Item ${library.userID}/${value} cannot be a child of itself`);
          const parent = library.get(value);
          if (!parent) throw invalidInput(`Parent item ${library.userID}/${value} doesn't exist`);
          if (typeof parent.data.parentItem === "string") throw invalidInput(`Parent item ${library.userID}/${value} cannot be a child attachment`);
        }
        break;
      case "itemType":
        break;
      case "tags":
        if (!Array.isArray(value)) throw invalidInput("'tags' property must be an array");
        for (const tag of value) {
          if (!isObject(tag)) throw invalidInput("Tag must be an object");
          const entries = Object.entries(tag);
          if (entries.length === 0) throw invalidInput("Tag object is empty");
          for (const [name, tagValue] of entries) {
            if (name === "tag") {
              if (typeof tagValue !== "string" && typeof tagValue !== "number") throw invalidInput("Invalid tag name");
            } else if (name === "type") {
              if (!/^\d+$/.test(String(tagValue))) throw invalidInput(`Invalid tag type '${String(tagValue)}'`);
            } else {
              throw invalidInput(`Invalid tag property '${name}'`);
            }
          }
        }
        break;
      case "collections":
        if (!Array.isArray(value)) throw invalidInput("'collections' property must be an array");
        if (isChild && value.length > 0) throw invalidInput("Child items cannot be assigned to collections");
        for (const collection of value) {
          if (!isValidKey(collection)) throw invalidInput(`'${String(collection)}' is not a valid collection key`);
          if (!library.collections.has(collection)) throw new ZoteroApiError(409, `Collection ${library.userID}/${collection} doesn't exist`);
        }
        break;
      case "relations":
        if (!isObject(value) && !(Array.isArray(value) && value.length === 0)) throw invalidInput("'relations' property must be an object");
        for (const [predicate, object] of Object.entries(value as object)) {
          if (!ITEM_PREDICATES.has(predicate)) throw invalidInput(`Unsupported predicate '${predicate}'`);
          if (predicate === "owl:sameAs") continue;
          for (const uri of Array.isArray(object) ? object : [object]) {
            if (typeof uri !== "string" || !/^http:\/\/zotero\.org\/(users|groups)\/[0-9]+\/(publications\/)?items\/[A-Z0-9]{8}$/.test(uri)) {
              throw invalidInput("'relations' values currently must be Zotero item URIs");
            }
          }
        }
        break;
      case "creators":
        if (!Array.isArray(value)) throw invalidInput("'creators' property must be an array");
        validateCreators(value, itemType, isNew);
        break;
      case "note":
        if (itemType !== "note" && itemType !== "attachment") throw invalidInput("'note' property is valid only for note and attachment items");
        if (typeof value !== "string") throw invalidInput("'note' must be a string");
        break;
      case "linkMode":
        if (itemType !== "attachment" || !LINK_MODES.includes(String(value).toLowerCase() as (typeof LINK_MODES)[number])) throw invalidInput(`'${String(value)}' is not a valid linkMode`);
        if (before && before.linkMode !== undefined && String(value).toLowerCase() !== before.linkMode) throw invalidInput("Cannot change attachment linkMode");
        break;
      case "contentType":
      case "charset":
      case "filename":
      case "md5":
      case "mtime":
      case "path": {
        if (itemType !== "attachment") throw invalidInput(`'${property}' is valid only for attachment items`);
        const linkMode = String(json.linkMode ?? before?.linkMode ?? "").toLowerCase();
        if ((property === "filename" || property === "md5" || property === "mtime") && !linkMode.startsWith("imported_") && linkMode !== "embedded_image") {
          throw invalidInput(`'${property}' is valid only for imported and embedded-image attachments`);
        }
        if (property === "path" && linkMode !== "linked_file") throw invalidInput("'path' is valid only for linked file attachment items");
        if (property === "md5" && value && !/^[a-f0-9]{32}$/.test(String(value))) throw invalidInput(`'${String(value)}' is not a valid MD5 hash`);
        break;
      }
      case "deleted":
        if (typeof value !== "boolean" && value !== 0 && value !== 1) throw invalidInput("'deleted' must be a boolean");
        break;
      case "inPublications":
        if (value) throw invalidInput("The sandbox does not emulate My Publications");
        break;
      case "dateAdded":
      case "dateModified":
        if (typeof value !== "string" || normaliseTimestamp(value) === null) throw invalidInput(`'${property}' must be in ISO 8601 or UTC 'YYYY-MM-DD hh:mm:ss' format (${String(value)})`);
        break;
      case "accessDate":
        if (typeof value !== "string" || normaliseAccessDate(value, nowMs) === null) {
          throw invalidInput(`'accessDate' must be in ISO 8601 or UTC 'YYYY-MM-DD[ hh:mm:ss]' format or 'CURRENT_TIMESTAMP' (${String(value)})`);
        }
        if (!isFieldOfType("accessDate", itemType) && value !== "") throw invalidInput(`'accessDate' is not a valid field for type '${itemType}'`);
        break;
      default:
        if (!isKnownField(property)) throw invalidInput(`Invalid property '${property}'`);
        if (Array.isArray(value) || isObject(value)) throw invalidInput(`Unexpected array for property '${property}'`);
        if (asString(value) !== "" && !isFieldOfType(property, itemType)) throw invalidInput(`'${property}' is not a valid field for type '${itemType}'`);
    }
  }

  // Merge: over the stored values for a partial update, from nothing otherwise.
  const base: ItemData = partial && before ? before : {};
  const value = (name: string): unknown => (json[name] !== undefined ? json[name] : base[name]);
  const data: ItemData = {};
  const parent = value("parentItem");
  if (typeof parent === "string" && !(partial ? json.parentItem === false : json.parentItem === undefined || json.parentItem === false)) data.parentItem = parent;
  data.itemType = itemType;

  if (itemType === "note") {
    data.note = asString(value("note"));
  } else if (itemType === "attachment") {
    const linkMode = String(value("linkMode") ?? "").toLowerCase();
    data.linkMode = linkMode;
    for (const field of ["title", "accessDate", "url"]) data[field] = field === "accessDate" ? normaliseAccessDate(asString(value(field)), nowMs) ?? "" : asString(value(field));
    data.note = asString(value("note"));
    data.contentType = asString(value("contentType"));
    data.charset = asString(value("charset"));
    if (linkMode === "linked_file") data.path = asString(value("path"));
    else if (linkMode !== "linked_url") {
      data.filename = asString(value("filename"));
      data.md5 = value("md5") ? String(value("md5")) : null;
      data.mtime = value("mtime") ? Number(value("mtime")) : null;
    }
  } else {
    const schema = itemTypeSchema(itemType)!;
    schema.fields.forEach((field, index) => {
      const raw = value(field);
      data[field] = field === "accessDate" ? normaliseAccessDate(asString(raw), nowMs) ?? "" : asString(raw);
      if (index === 0) data.creators = normaliseCreators(value("creators"));
    });
  }

  const trashed = value("deleted");
  if (trashed === true || trashed === 1) data.deleted = 1;
  data.tags = normaliseTags(value("tags"));
  if (typeof data.parentItem !== "string") data.collections = Array.isArray(value("collections")) ? [...new Set(value("collections") as string[])] : [];
  const relations = value("relations");
  data.relations = isObject(relations) ? relations : {};
  const added = typeof json.dateAdded === "string" && isNew ? normaliseTimestamp(json.dateAdded) : null;
  data.dateAdded = before?.dateAdded ?? added ?? isoTimestamp(nowMs);
  const modified = typeof json.dateModified === "string" ? normaliseTimestamp(json.dateModified) : null;
  data.dateModified = modified ?? before?.dateModified ?? data.dateAdded;

  // Properties the item type does not have were refused above unless empty; drop them.
  for (const name of Object.keys(data)) if (!STRUCTURAL.has(name) && data[name] === undefined) delete data[name];
  return data;
}

function validateCreators(creators: unknown[], itemType: string, isNew: boolean): void {
  for (const creator of creators) {
    if (!isObject(creator) || creator.creatorType === undefined) throw invalidInput("creator object must contain 'creatorType'");
    const blank = (name: string) => creator[name] === undefined || String(creator[name]).trim() === "";
    if (blank("name") && blank("firstName") && blank("lastName")) {
      // The template's single empty creator is ignored on creation.
      if (creators.length === 1 && isNew) continue;
      throw invalidInput("creator object must contain 'firstName'/'lastName' or 'name'");
    }
    for (const [name, value] of Object.entries(creator)) {
      switch (name) {
        case "creatorType":
          if (typeof value !== "string" || !isKnownCreatorType(value)) throw invalidInput(`'${String(value)}' is not a valid creator type`);
          if (!isCreatorTypeOfType(value, itemType)) throw invalidInput(`'${value}' is not a valid creator type for item type '${itemType}'`);
          break;
        case "firstName":
          if (creator.lastName === undefined) throw invalidInput("'lastName' creator field must be set if 'firstName' is set");
          if (creator.name !== undefined) throw invalidInput("'firstName' and 'name' creator fields are mutually exclusive");
          break;
        case "lastName":
          if (creator.firstName === undefined) throw invalidInput("'firstName' creator field must be set if 'lastName' is set");
          if (creator.name !== undefined) throw invalidInput("'lastName' and 'name' creator fields are mutually exclusive");
          break;
        case "name":
          if (creator.firstName !== undefined) throw invalidInput("'firstName' and 'name' creator fields are mutually exclusive");
          if (creator.lastName !== undefined) throw invalidInput("'lastName' and 'name' creator fields are mutually exclusive");
          break;
        default:
          throw invalidInput(`Invalid creator property '${name}'`);
      }
    }
  }
}

function normaliseCreators(value: unknown): Creator[] {
  if (!Array.isArray(value)) return [];
  const creators: Creator[] = [];
  for (const creator of value as Record<string, unknown>[]) {
    if (creator.name !== undefined) {
      const name = String(creator.name).trim();
      if (name) creators.push({ creatorType: String(creator.creatorType), name });
    } else {
      const firstName = asString(creator.firstName).trim();
      const lastName = asString(creator.lastName).trim();
      // Creators left empty end the list, as the server's loop does.
      if (!firstName && !lastName) break;
      creators.push({ creatorType: String(creator.creatorType), firstName, lastName });
    }
  }
  return creators;
}

function normaliseTags(value: unknown): Tag[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const tags: Tag[] = [];
  for (const tag of value as Record<string, unknown>[]) {
    const name = asString(tag.tag).trim();
    if (!name) continue;
    const type = tag.type === undefined || Number(tag.type) === 0 ? undefined : Number(tag.type);
    const id = `${name}\u0000${type ?? 0}`;
    if (seen.has(id)) continue;
    seen.add(id);
    tags.push(type === undefined ? { tag: name } : { tag: name, type });
  }
  return tags;
}
