/**
 * The JSON the API answers with for an item or a collection: `key`, `version`, `library`,
 * `links`, `meta` and `data`, in the layout of the recorded responses
 * (data/recordings/zotero, checked in zotero-shapes.test.ts). Links point at the sandbox itself
 * (`<sandbox>/zotero/...` for the API, `<sandbox>/zotero-web/...` for the website), so a client
 * that follows them stays inside the sandbox.
 */
import { parseZoteroDate, parsedDateText } from "./dates";
import type { Creator, StoredCollection, StoredItem, ZoteroLibrary } from "./library";
import { DATE_FIELDS, primaryCreatorType } from "./schema";
import { hash53 } from "../lib/stable-random";

export interface Bases {
  /** "<origin>/zotero" */
  api: string;
  /** "<origin>/zotero-web" */
  web: string;
}

export interface ItemJsonOptions {
  /** Whether the key may read notes (numChildren then counts them). */
  notes: boolean;
  /** Render this item broken (a control-API fault for the app's bad-input tests). */
  malformed?: boolean;
}

function libraryJson(library: ZoteroLibrary, bases: Bases) {
  return { type: "user", id: library.userID, name: library.username, links: { alternate: { href: `${bases.web}/${encodeURIComponent(library.username)}`, type: "text/html" } } };
}

function lastNameOf(creator: Creator): string {
  return "name" in creator ? creator.name : creator.lastName;
}

/** "Vaswani et al.", "Asero and Antonicelli", "Doyle": the primary creators (else editors, else contributors). */
export function creatorSummary(itemType: string, creators: readonly Creator[]): string | undefined {
  const primary = primaryCreatorType(itemType);
  let chosen = creators.filter((creator) => creator.creatorType === primary);
  if (chosen.length === 0) chosen = creators.filter((creator) => creator.creatorType === "editor");
  if (chosen.length === 0) chosen = creators.filter((creator) => creator.creatorType === "contributor");
  const names = chosen.map(lastNameOf).filter(Boolean);
  if (names.length === 0) return undefined;
  if (names.length === 1) return names[0];
  if (names.length === 2) return `${names[0]} and ${names[1]}`;
  return `${names[0]} et al.`;
}

export function itemDate(data: Record<string, unknown>): string {
  for (const field of DATE_FIELDS) if (typeof data[field] === "string" && data[field]) return data[field] as string;
  return "";
}

/** A stored file's size, fixed by its MD5 (the sandbox keeps no files). */
export function fileSize(md5: string): number {
  return 40_000 + (hash53(md5) % 4_000_000);
}

export function itemJson(library: ZoteroLibrary, item: StoredItem, bases: Bases, options: ItemJsonOptions): Record<string, unknown> {
  const { data } = item;
  const itemType = String(data.itemType);
  const parent = library.parentOf(item);
  const self = `${bases.api}/users/${library.userID}/items/${item.key}`;
  const links: Record<string, unknown> = {
    self: { href: self, type: "application/json" },
    alternate: { href: `${bases.web}/${encodeURIComponent(library.username)}/items/${item.key}`, type: "text/html" },
  };
  const meta: Record<string, unknown> = {};

  if (parent) links.up = { href: `${bases.api}/users/${library.userID}/items/${parent}`, type: "application/json" };
  if (itemType === "attachment" && String(data.linkMode).startsWith("imported") && typeof data.md5 === "string") {
    const enclosure: Record<string, unknown> = { type: data.contentType, href: `${self}/file/view` };
    if (data.contentType === "application/pdf") Object.assign(enclosure, { title: data.filename, length: fileSize(data.md5) });
    links.enclosure = enclosure;
  }

  if (itemType !== "note" && itemType !== "attachment") {
    const summary = creatorSummary(itemType, (data.creators as Creator[]) ?? []);
    if (summary) meta.creatorSummary = summary;
    const date = parseZoteroDate(itemDate(data));
    if (date) meta.parsedDate = parsedDateText(date);
  }

  if (!parent) {
    let numChildren = 0;
    let bestAttachment: StoredItem | undefined;
    for (const childKey of library.childKeys(item.key)) {
      const child = library.get(childKey);
      if (!child || library.isTrashed(child)) continue;
      if (child.data.itemType === "note" && !options.notes) continue;
      numChildren += 1;
      if (!bestAttachment && child.data.itemType === "attachment" && child.data.contentType === "application/pdf" && typeof child.data.md5 === "string") bestAttachment = child;
    }
    meta.numChildren = numChildren;
    if (bestAttachment) {
      links.attachment = {
        href: `${bases.api}/users/${library.userID}/items/${bestAttachment.key}`,
        type: "application/json",
        attachmentType: "application/pdf",
        attachmentSize: fileSize(bestAttachment.data.md5 as string),
      };
    }
  } else if (itemType === "attachment" && data.contentType === "application/pdf") {
    // A PDF attachment's children are its annotations (none in the sandbox).
    meta.numChildren = 0;
  }

  const body: Record<string, unknown> = { key: item.key, version: item.version, ...data };
  if (options.malformed) Object.assign(body, { title: 42, creators: "corrupt", tags: null, dateModified: "not a date" });
  return { key: item.key, version: item.version, library: libraryJson(library, bases), links, meta: options.malformed ? { numChildren: "many" } : meta, data: body };
}

export function collectionJson(library: ZoteroLibrary, collection: StoredCollection, bases: Bases): Record<string, unknown> {
  const self = `${bases.api}/users/${library.userID}/collections/${collection.key}`;
  const links: Record<string, unknown> = {
    self: { href: self, type: "application/json" },
    alternate: { href: `${bases.web}/${encodeURIComponent(library.username)}/collections/${collection.key}`, type: "text/html" },
  };
  const { parentCollection } = collection.data;
  if (parentCollection) links.up = { href: `${bases.api}/users/${library.userID}/collections/${parentCollection}`, type: "application/atom+xml" };
  let numCollections = 0;
  for (const other of library.collections.values()) if (other.data.parentCollection === collection.key) numCollections += 1;
  let numItems = 0;
  for (const item of library.items.values()) {
    if (library.isTrashed(item)) continue;
    const collections = item.data.collections;
    if (Array.isArray(collections) && collections.includes(collection.key)) numItems += 1;
  }
  return {
    key: collection.key,
    version: collection.version,
    library: libraryJson(library, bases),
    links,
    meta: { numCollections, numItems },
    data: { key: collection.key, version: collection.version, ...collection.data },
  };
}
