import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dataPath } from "../corpus";
import { typeMismatches } from "../test-support/json-shape";
import { collectionJson, itemJson } from "./item-json";
import type { StoredItem, ZoteroLibrary } from "./library";
import { itemFieldList, itemTemplate, itemTypeList } from "./schema";
import { seedLibrary } from "./seed";

type Json = Record<string, unknown>;
const recorded = (name: string) => readFileSync(dataPath(`recordings/zotero/${name}`), "utf8");
const recordedJson = <T = Json>(name: string) => JSON.parse(recorded(name)) as T;
const bases = { api: "http://127.0.0.1:4010/zotero", web: "http://127.0.0.1:4010/zotero-web" };

const library: ZoteroLibrary = seedLibrary(4_242_424, "shape-user", { items: 300, children: true, trashed: 0, collections: true });
const items = [...library.items.values()];
const find = (test: (item: StoredItem) => boolean) => {
  const item = items.find(test);
  if (!item) throw new Error("no such item in the seeded library");
  return itemJson(library, item, bases, { notes: true });
};
const sortedKeys = (value: unknown) => Object.keys(value as Json).sort();

describe("Zotero item JSON has the recorded shape", () => {
  const recordedItems = recordedJson<Json[]>("items_doc.json");
  const recordedOf = (itemType: string) => recordedItems.find((item) => (item.data as Json).itemType === itemType)!;

  it("journal articles: envelope, library, links, meta and every data key as recorded, with matching types", () => {
    const mine = find((item) => item.data.itemType === "journalArticle" && !library.parentOf(item));
    const real = recordedOf("journalArticle");
    expect(Object.keys(mine)).toEqual(Object.keys(real));
    expect(sortedKeys(mine.library)).toEqual(sortedKeys(real.library));
    expect(sortedKeys((mine.library as Json).links)).toEqual(["alternate"]);
    expect(sortedKeys(mine.data)).toEqual(sortedKeys(real.data));
    for (const key of Object.keys(mine.meta as Json)) expect(["creatorSummary", "parsedDate", "numChildren"]).toContain(key);
    expect(typeMismatches(mine, real)).toEqual([]);
  });

  it("books and a creator summary like the recording's", () => {
    const book = itemJson(library, { key: "ABCD2345", version: 3, seq: 1, data: { ...(recordedOf("book").data as Json), key: undefined, version: undefined } }, bases, { notes: true });
    const real = recordedOf("book");
    expect((book.meta as Json).creatorSummary).toBe((real.meta as Json).creatorSummary);
    expect(sortedKeys(book.data)).toEqual(sortedKeys(real.data));
    expect(typeMismatches(book, real)).toEqual([]);
    // Two authors: "Goodman and Jiménez"; the recording of that item says so too.
    const pair = recordedItems.find((item) => (item.meta as Json).creatorSummary === "Goodman and Jiménez")!;
    const mine = itemJson(library, { key: "ABCD2346", version: 1, seq: 2, data: pair.data as Json }, bases, { notes: true });
    expect((mine.meta as Json).creatorSummary).toBe("Goodman and Jiménez");
  });

  it("child attachments: the data keys and links of the recorded attachment", () => {
    const mine = find((item) => item.data.itemType === "attachment" && item.data.contentType === "text/html" && item.data.linkMode === "imported_url");
    const real = recordedJson("attachments_doc.json");
    expect(sortedKeys(mine.data)).toEqual(sortedKeys(real.data));
    expect(sortedKeys(mine.links)).toEqual(sortedKeys(real.links));
    expect(typeMismatches(mine, real)).toEqual([]);
  });

  it("preprints carry the arXiv translator's fields, and a parent its best PDF as links.attachment", () => {
    const mine = find((item) => item.data.itemType === "preprint" && library.childKeys(item.key).some((child) => library.get(child)!.data.contentType === "application/pdf"));
    const data = mine.data as Json;
    expect(data.repository).toBe("arXiv");
    expect(data.archiveID).toMatch(/^arXiv:\d{4}\.\d{4,5}$/);
    expect(data.DOI).toBe(`10.48550/${data.archiveID}`.replace("arXiv:", "arXiv."));
    expect(sortedKeys((mine.links as Json).attachment)).toEqual(["attachmentSize", "attachmentType", "href", "type"]);
  });

  it("collections as recorded", () => {
    const mine = collectionJson(library, [...library.collections.values()].find((collection) => collection.data.parentCollection)!, bases);
    const real = recordedJson("collection_doc.json");
    expect(sortedKeys(mine)).toEqual(sortedKeys(real));
    expect(sortedKeys(mine.data)).toEqual(sortedKeys(real.data));
    expect(sortedKeys(mine.meta)).toEqual(sortedKeys(real.meta));
    expect(sortedKeys(mine.links)).toEqual(sortedKeys(real.links));
    const top = collectionJson(library, [...library.collections.values()].find((collection) => !collection.data.parentCollection)!, bases);
    expect((top.data as Json).parentCollection).toBe(false);
    expect(typeMismatches(top, recordedJson<Json[]>("collections_doc.json")[0])).toEqual([]);
  });
});

describe("Zotero schema answers match the recordings", () => {
  it("lists every recorded item type with its label (computerProgram is 'Software' since Zotero 6)", () => {
    const mine = new Map(itemTypeList().map((type) => [type.itemType, type.localized]));
    for (const { itemType, localized } of recordedJson<{ itemType: string; localized: string }[]>("item_types.json")) {
      expect(mine.has(itemType)).toBe(true);
      if (itemType !== "computerProgram") expect(mine.get(itemType)).toBe(localized);
    }
    expect(mine.has("preprint")).toBe(true);
    expect(mine.has("attachment")).toBe(false);
  });

  it("lists every recorded field with its label", () => {
    const mine = new Map(itemFieldList().map((field) => [field.field, field.localized]));
    for (const { field, localized } of recordedJson<{ field: string; localized: string }[]>("item_fields.json")) expect([field, mine.get(field)]).toEqual([field, localized]);
  });

  it("makes the recorded book template (and every field of the type)", () => {
    const real = recordedJson("item_template.json");
    const mine = itemTemplate("book");
    for (const [key, value] of Object.entries(real)) expect(mine[key]).toEqual(value);
    expect(Object.keys(mine).slice(0, 3)).toEqual(["itemType", "title", "creators"]);
    expect(Object.keys(mine).slice(-3)).toEqual(["tags", "collections", "relations"]);
  });

  it("writes keys and versions in the recorded formats", () => {
    expect(recorded("keys_doc.txt")).toMatch(/^([23456789A-Z]{8}\n)+$/);
    const versions = recordedJson<Record<string, number>>("item_versions.json");
    expect(Object.values(versions).every((version) => Number.isInteger(version))).toBe(true);
    expect(Object.keys(recordedJson("creation_doc.json")).sort()).toEqual(["failed", "success", "unchanged"]);
  });
});
