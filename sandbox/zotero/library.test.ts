import { describe, expect, it } from "vitest";
import { ZoteroApiError } from "./api-error";
import { parseZoteroDate, parsedDateText } from "./dates";
import { itemJson } from "./item-json";
import { ZoteroLibrary, type StoredItem } from "./library";
import { linkHeader, parseListParams, searchItems, type ItemScope } from "./query";
import { seedLibrary, stableKey } from "./seed";

const bases = { api: "http://sandbox/zotero", web: "http://sandbox/zotero-web" };
let keyCounter = 0;
const context = (libraryChecked = false) => ({ nowMs: Date.UTC(2026, 0, 1), newKey: () => stableKey(`test:${(keyCounter += 1)}`), libraryChecked });
const describeItem = (library: ZoteroLibrary) => (item: StoredItem) => itemJson(library, item, bases, { notes: true });

function write(library: ZoteroLibrary, body: unknown, libraryChecked = false) {
  return library.writeItems(body, context(libraryChecked), describeItem(library));
}

function search(library: ZoteroLibrary, query: string, scope: ItemScope = { kind: "all" }, notes = true) {
  return searchItems({ library, scope, params: parseListParams(new URLSearchParams(query), "items"), notes });
}

function expectApiError(action: () => unknown, status: number, message: string | RegExp) {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(ZoteroApiError);
    expect((error as ZoteroApiError).status).toBe(status);
    expect((error as ZoteroApiError).message).toMatch(message);
    return;
  }
  throw new Error("expected a ZoteroApiError");
}

const paper = (title: string, extra: Record<string, unknown> = {}) => ({ itemType: "journalArticle", title, creators: [{ creatorType: "author", firstName: "Ada", lastName: "Lovelace" }], ...extra });

describe("library versions and writes", () => {
  it("gives one new library version to everything one request changes, and none to an unchanged write", () => {
    const library = new ZoteroLibrary(1, "u");
    const report = write(library, [paper("One"), paper("Two")]);
    expect(Object.keys(report.success)).toEqual(["0", "1"]);
    expect(library.version).toBe(1);
    const [a, b] = Object.values(report.success);
    expect([library.get(a!)!.version, library.get(b!)!.version]).toEqual([1, 1]);

    const again = write(library, [{ key: a, version: 1, title: "One" }]);
    expect(again.unchanged).toEqual({ 0: a });
    expect(library.version).toBe(1);

    const changed = write(library, [{ key: a, version: 1, title: "One, revised" }]);
    expect(changed.success).toEqual({ 0: a });
    expect(library.version).toBe(2);
    expect(library.get(a!)!.version).toBe(2);
    expect(library.get(b!)!.version).toBe(1);
    expect((report.successful["0"] as { data: { dateAdded: string } }).data.dateAdded).toBe("2026-01-01T00:00:00Z");
  });

  it("refuses a stale library version (412) and key writes without a version (428), per object", () => {
    const library = new ZoteroLibrary(1, "u");
    const [key] = Object.values(write(library, [paper("One")]).success);
    write(library, [paper("Two")]);
    expectApiError(() => library.checkLibraryUnmodifiedSince("1"), 412, "Library has been modified since specified version (expected 1, found 2)");
    expect(library.checkLibraryUnmodifiedSince("2")).toBe(true);
    const report = write(library, [
      { key, title: "no version" },
      { key, version: 0, title: "stale" },
      { key: "ZZZZZZZZ", version: 5, itemType: "book" },
    ]);
    expect(report.failed).toEqual({
      0: { key, code: 428, message: "Either If-Unmodified-Since-Version or 'version' property must be provided for 'key'-based writes" },
      1: { key, code: 412, message: "Item has been modified since specified version (expected 0, found 1)" },
      2: { key: "ZZZZZZZZ", code: 404, message: "Item doesn't exist (expected version 5; use 0 instead)" },
    });
    // With the library version checked, a key-based write needs no version.
    expect(write(library, [{ key, title: "checked" }], true).success).toEqual({ 0: key });
  });

  it("refuses malformed items, unknown fields and bad item types with 400, and more than 50 objects with 413", () => {
    const library = new ZoteroLibrary(1, "u");
    const report = write(library, [
      "not an object",
      { title: "no type" },
      { itemType: "nope" },
      paper("x", { foo: "bar" }),
      { itemType: "book", publicationTitle: "Journal" },
      paper("x", { creators: [{ creatorType: "inventor", lastName: "L", firstName: "F" }] }),
      paper("x", { creators: [{ creatorType: "author", name: "A", lastName: "B" }] }),
      paper("x", { tags: "ml" }),
      paper("x", { collections: ["ABCD2345"] }),
      paper("x", { dateAdded: "yesterday" }),
      { itemType: "note", note: "<p>ok</p>", parentItem: "ABCD2345" },
    ]);
    expect(Object.fromEntries(Object.entries(report.failed).map(([index, failure]) => [index, `${failure.code} ${failure.message}`]))).toEqual({
      0: "400 Invalid value for index 0 in uploaded data; expected JSON item object",
      1: "400 'itemType' property not provided",
      2: "400 'nope' is not a valid itemType",
      3: "400 Invalid property 'foo'",
      4: "400 'publicationTitle' is not a valid field for type 'book'",
      5: "400 'inventor' is not a valid creator type for item type 'journalArticle'",
      6: "400 'lastName' and 'name' creator fields are mutually exclusive",
      7: "400 'tags' property must be an array",
      8: "409 Collection 1/ABCD2345 doesn't exist",
      9: "400 'dateAdded' must be in ISO 8601 or UTC 'YYYY-MM-DD hh:mm:ss' format (yesterday)",
      10: "400 Parent item 1/ABCD2345 doesn't exist",
    });
    expect(library.version).toBe(0);
    expectApiError(() => write(library, Array.from({ length: 51 }, (_, index) => paper(`p${index}`))), 413, "Cannot add more than 50 items at a time");
    expectApiError(() => write(library, { itemType: "book" }), 400, "Uploaded data must be a JSON array");
  });

  it("PUT replaces, PATCH merges; both need the current version (428, 412)", () => {
    const library = new ZoteroLibrary(1, "u");
    const [key] = Object.values(write(library, [paper("Title", { extra: "arXiv:1706.03762", tags: [{ tag: "ml" }] })]).success) as [string];
    expectApiError(() => library.writeItem(key, { title: "x" }, "PATCH", undefined, context()), 428, /must be provided for key-based writes/);
    expectApiError(() => library.writeItem(key, { title: "x" }, "PATCH", "0", context()), 412, "Item has been modified since specified version (expected 0, found 1)");
    expectApiError(() => library.writeItem(key, { title: "x", version: 2 }, "PATCH", "1", context()), 400, /does not match JSON 'version' property \(1 != 2\)/);
    library.writeItem(key, { title: "Patched" }, "PATCH", "1", context());
    expect(library.get(key)!.data).toMatchObject({ title: "Patched", extra: "arXiv:1706.03762", tags: [{ tag: "ml" }] });
    expectApiError(() => library.writeItem(key, { itemType: "journalArticle", title: "Put" }, "PUT", "2", context()), 400, "'tags' property not provided");
    library.writeItem(key, { itemType: "journalArticle", title: "Put", tags: [], collections: [], relations: {}, version: 2 }, "PUT", undefined, context());
    expect(library.get(key)!.data).toMatchObject({ title: "Put", extra: "", creators: [], tags: [] });
    expect(library.get(key)!.version).toBe(3);
    expectApiError(() => library.writeItem("ABCD2345", { title: "x" }, "PATCH", undefined, context()), 404, /to create, use If-Unmodified-Since-Version: 0/);
  });

  it("deletes items with their children into the delete log, which `since` reads", () => {
    const library = new ZoteroLibrary(1, "u");
    const [parent] = Object.values(write(library, [paper("Parent")]).success) as [string];
    const [note] = Object.values(write(library, [{ itemType: "note", note: "<p>child</p>", parentItem: parent }]).success) as [string];
    expect(library.childKeys(parent)).toEqual([note]);
    expectApiError(() => library.deleteItem(parent, undefined), 428, "If-Unmodified-Since-Version must be provided for delete requests");
    expectApiError(() => library.deleteItem(parent, "0"), 412, "Item has been modified since specified version (expected 0, found 1)");
    library.deleteItem(parent, "1");
    expect(library.items.size).toBe(0);
    expect(library.version).toBe(3);
    expect(library.deletedSince(2).items.sort()).toEqual([parent, note].sort());
    expect(library.deletedSince(3).items).toEqual([]);
  });
});

describe("item queries", () => {
  const library = new ZoteroLibrary(7, "q");
  const keys = Object.values(
    write(library, [
      paper("Attention Is All You Need", { date: "2017-06-12", tags: [{ tag: "nlp" }], creators: [{ creatorType: "author", firstName: "Ashish", lastName: "Vaswani" }] }),
      { itemType: "preprint", title: "BERT", date: "2018", tags: [{ tag: "nlp" }, { tag: "ml" }], creators: [{ creatorType: "author", firstName: "Jacob", lastName: "Devlin" }] },
      { itemType: "book", title: "Deep Learning", date: "2016", creators: [{ creatorType: "author", firstName: "Ian", lastName: "Goodfellow" }] },
    ]).success,
  ) as string[];
  const [attention, bert, book] = keys as [string, string, string];
  write(library, [{ itemType: "note", note: "<p>Transformers explained</p>", parentItem: book }]);
  write(library, [{ key: bert, version: 1, deleted: 1 }]);

  it("filters by itemType (|| and -), q (title, creator, year), tag, since; trash is left out unless asked", () => {
    const keysOf = (query: string, scope?: ItemScope) => search(library, query, scope).page.map((item) => item.key);
    expect(keysOf("itemType=journalArticle || book", { kind: "top" }).sort()).toEqual([attention, book].sort());
    expect(keysOf("itemType=-note", { kind: "top" }).sort()).toEqual([attention, book].sort());
    expect(keysOf("q=vaswani")).toEqual([attention]);
    expect(keysOf("q=2016")).toEqual([book]);
    expect(keysOf('q="is all"')).toEqual([attention]);
    expect(keysOf("q=transformers")).toHaveLength(1);
    // In /top a matching child brings its parent.
    expect(keysOf("q=transformers", { kind: "top" })).toEqual([book]);
    expect(keysOf("tag=nlp")).toEqual([attention]);
    expect(keysOf("tag=nlp&includeTrashed=1").sort()).toEqual([attention, bert].sort());
    expect(keysOf("", { kind: "trash" })).toEqual([bert]);
    // since compares the version of what is returned: the child note (2) in /items, the parent (1) in /top.
    expect(keysOf("since=1&itemType=note")).toHaveLength(1);
    expect(keysOf("since=1", { kind: "top" })).toEqual([]);
    expect(keysOf("since=2&includeTrashed=1", { kind: "top" })).toEqual([bert]);
    expect(search(library, "", { kind: "all" }, false).total).toBe(2);
  });

  it("sorts (dateModified desc by default, title asc), pages, and links as the server does", () => {
    expect(search(library, "sort=title", { kind: "top" }).page.map((item) => item.data.title)).toEqual(["Attention Is All You Need", "Deep Learning"]);
    expect(search(library, "sort=date&direction=desc", { kind: "top" }).page.map((item) => item.data.date)).toEqual(["2017-06-12", "2016"]);
    const params = parseListParams(new URLSearchParams("limit=2&start=4&q=a b"), "items");
    expect(linkHeader("http://s/zotero/users/7/items", "http://s/zotero-web/users/7/items", 9, params)).toBe(
      '<http://s/zotero/users/7/items?limit=2&q=a+b>; rel="first", <http://s/zotero/users/7/items?limit=2&q=a+b&start=2>; rel="prev", <http://s/zotero/users/7/items?limit=2&q=a+b&start=6>; rel="next", <http://s/zotero/users/7/items?limit=2&q=a+b&start=8>; rel="last", <http://s/zotero-web/users/7/items>; rel="alternate"',
    );
    expect(linkHeader("http://s/i", "http://w/i", 5, parseListParams(new URLSearchParams(""), "items"))).toBe('<http://w/i>; rel="alternate"');
  });

  it("checks parameters as the API does", () => {
    expect(parseListParams(new URLSearchParams("limit=500"), "items").limit).toBe(100);
    expect(parseListParams(new URLSearchParams("limit=0"), "items").limit).toBe(25);
    expect(parseListParams(new URLSearchParams("format=versions"), "items").limit).toBe(0);
    expect(parseListParams(new URLSearchParams("sort=dateAdded"), "items").direction).toBe("desc");
    expect(parseListParams(new URLSearchParams("sort=title"), "items").direction).toBe("asc");
    expectApiError(() => parseListParams(new URLSearchParams("sort=color"), "items"), 400, "Invalid 'sort' value 'color'");
    expectApiError(() => parseListParams(new URLSearchParams("since=abc"), "items"), 400, "Invalid value for 'since' parameter");
    expectApiError(() => parseListParams(new URLSearchParams("itemKey=abc"), "items"), 400, "Invalid 'itemKey' value 'abc'");
    expectApiError(() => parseListParams(new URLSearchParams("format=xml"), "items"), 400, "Invalid 'format' value 'xml'");
    expectApiError(() => search(library, "itemType=paper"), 400, "Invalid itemType 'paper'");
  });
});

describe("seeded libraries", () => {
  it("are the same for the same user and differ between users", () => {
    const options = { items: 60, children: true, trashed: 2, collections: true };
    const a = seedLibrary(1_000_001, "a", options);
    const again = seedLibrary(1_000_001, "a", options);
    const b = seedLibrary(1_000_002, "b", options);
    expect([...a.items.keys()]).toEqual([...again.items.keys()]);
    expect([...a.items.values()].map((item) => item.data.title)).toEqual([...again.items.values()].map((item) => item.data.title));
    expect([...a.items.keys()].filter((key) => b.items.has(key))).toEqual([]);
    expect([...a.items.values()].filter((item) => !a.parentOf(item))).toHaveLength(60);
    expect([...a.items.values()].filter((item) => a.isTrashed(item))).toHaveLength(2);
    expect(a.version).toBe(Math.max(...[...a.items.values()].map((item) => item.version), ...[...a.collections.values()].map((collection) => collection.version)));
  });

  it("hold arXiv ids in the forms real libraries do, and children", () => {
    const library = seedLibrary(2_000_003, "forms", { items: 1_000, children: true, trashed: 0, collections: true });
    const extras = [...library.items.values()].map((item) => String(item.data.extra ?? ""));
    expect(extras.some((extra) => /^arXiv:\d{4}\.\d{4,5}$/.test(extra))).toBe(true);
    expect(extras.some((extra) => /^arXiv:\S+ \[[a-z-]+(\.[A-Za-z-]+)?\]$/.test(extra))).toBe(true);
    expect(extras.some((extra) => /^arXiv:\S+ \[\S+\]\nversion: \d+$/.test(extra))).toBe(true);
    expect(extras.some((extra) => /^arXiv: \S+$/.test(extra))).toBe(true);
    const types = new Set([...library.items.values()].map((item) => item.data.itemType));
    for (const type of ["preprint", "journalArticle", "attachment", "note"]) expect(types.has(type)).toBe(true);
    expect(search(library, "itemType=attachment").total).toBeGreaterThan(300);
  });

  it("find a DOI only through full text (qmode=everything), which only items with a stored PDF have", () => {
    const library = seedLibrary(2_000_005, "fulltext", { items: 200, children: true, trashed: 0, collections: false });
    const tops = [...library.items.values()].filter((item) => !library.parentOf(item) && typeof item.data.DOI === "string" && item.data.DOI);
    const hasPdf = (item: StoredItem) => library.childKeys(item.key).some((child) => library.get(child)!.data.contentType === "application/pdf");
    const withPdf = tops.find(hasPdf)!;
    const withoutPdf = tops.find((item) => !hasPdf(item) && !String(item.data.title).includes(String(item.data.DOI)))!;
    const keys = (query: string) => search(library, query, { kind: "top" }).page.map((item) => item.key);
    expect(keys(`q=${encodeURIComponent(String(withPdf.data.DOI))}`)).toEqual([]);
    expect(keys(`q=${encodeURIComponent(String(withPdf.data.DOI))}&qmode=everything`)).toEqual([withPdf.key]);
    expect(keys(`q=${encodeURIComponent(String(withoutPdf.data.DOI))}&qmode=everything`)).toEqual([]);
  });

  it("an empty library has version 0 and nothing in it", () => {
    const library = seedLibrary(3_000_004, "empty", { items: 0, children: true, trashed: 0, collections: true });
    expect([library.version, library.items.size, library.collections.size]).toEqual([0, 0, 0]);
    expect(search(library, "").total).toBe(0);
  });
});

describe("dates", () => {
  it("parses the forms Zotero reads into parsedDate", () => {
    const parsed = (text: string) => {
      const date = parseZoteroDate(text);
      return date ? parsedDateText(date) : null;
    };
    expect(parsed("2023-08-02")).toBe("2023-08-02");
    expect(parsed("2015")).toBe("2015");
    expect(parsed("12/2006")).toBe("2006-12");
    expect(parsed("5/24/2019")).toBe("2019-05-24");
    expect(parsed("March 2019")).toBe("2019-03");
    expect(parsed("May 24, 2019")).toBe("2019-05-24");
    expect(parsed("no date")).toBeNull();
  });
});
