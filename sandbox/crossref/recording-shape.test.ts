/**
 * The sandbox's Crossref answers have the shape of the recorded real ones: the same envelopes,
 * no keys a real record never has, every key Quire's parser reads that real journal articles
 * carry, and the same value types.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { crossrefWorkSchema } from "../../src/shared/sources/crossref/crossref-works";
import { dataPath } from "../corpus";
import { keysOf, typeMismatches } from "../test-support/json-shape";
import { getCrossrefCatalog } from "./catalog";
import { answerWork, answerWorks } from "./works-query";

type Item = Record<string, unknown>;
const directory = dataPath("recordings/crossref");
const recording = (file: string) => JSON.parse(readFileSync(`${directory}/${file}`, "utf8")) as { message: Record<string, unknown> & { items?: Item[] } };
const singles = readdirSync(directory)
  .filter((file) => /^work_.*\.json$/.test(file))
  .map((file) => recording(file));
const recordedItems = [...singles.map((single) => single.message as Item), ...readdirSync(directory).filter((file) => /^works_.*\.json$/.test(file)).flatMap((file) => recording(file).message.items ?? [])];
const recordedArticles = singles.map((single) => single.message as Item).filter((item) => item.type === "journal-article");

const listOf = (query: string) => answerWorks(new URLSearchParams(query)).json as { message: Record<string, unknown> & { items: Item[] } } & Record<string, unknown>;
const catalog = getCrossrefCatalog();
/** Every derived record. */
const derived = Array.from({ length: catalog.derivedCount }, (_, index) => catalog.record(index));

describe("Crossref envelopes", () => {
  it("a list has the recorded keys in the recorded order", () => {
    const recorded = recording("works_query_ecology_rows2.json");
    const answer = listOf("query=ecology&rows=2");
    expect(keysOf(answer)).toEqual(keysOf(recorded));
    expect(keysOf(answer.message)).toEqual(keysOf(recorded.message));
    expect(keysOf(answer.message.query)).toEqual(keysOf(recorded.message.query));
    expect(typeMismatches({ ...answer.message, items: [] }, { ...recorded.message, items: [] })).toEqual([]);
  });

  it("a cursor list adds next-cursor where the recording has it", () => {
    expect(keysOf(listOf("query=widget&cursor=*").message)).toEqual(keysOf(recording("works_query_widget_cursor_star.json").message));
  });

  it("an empty search looks like the recorded empty one", () => {
    const recorded = recording("works_search_empty_total-results-0.json");
    const answer = listOf("query.title=askldjrq3rjaw938h&rows=1");
    expect(answer).toEqual({ ...recorded, message: { ...recorded.message, facets: {} } });
  });

  it("a single work has the recorded envelope", () => {
    const answer = answerWork("10.1103/physrevd.76.013009", new URLSearchParams()).json as Record<string, unknown>;
    expect(keysOf(answer)).toEqual(keysOf(singles[0]));
    expect({ ...answer, message: null }).toEqual({ ...singles[0], message: null });
  });
});

describe("Crossref records", () => {
  it("use only keys real records have", () => {
    const known = new Set(recordedItems.flatMap((item) => Object.keys(item)));
    const invented = new Set(derived.flatMap((record) => Object.keys(record).filter((key) => !known.has(key))));
    expect([...invented]).toEqual([]);
  });

  it("carry every key Quire reads that every recorded journal article carries", () => {
    const read = Object.keys(crossrefWorkSchema.shape);
    const always = read.filter((key) => recordedArticles.every((item) => key in item));
    expect(always).toEqual(expect.arrayContaining(["DOI", "title", "URL", "container-title", "publisher", "issued", "created", "deposited", "type", "published", "volume"]));
    // The volume and issue are known only where arXiv's journal reference or the DOI gives them.
    const missing = new Set(derived.flatMap((record) => always.filter((key) => key !== "volume" && key !== "issue" && !(key in record))));
    expect([...missing]).toEqual([]);
    expect(derived.filter((record) => "volume" in record).length / derived.length).toBeGreaterThan(0.75);
  });

  it("give every value the recorded type", () => {
    const withAuthors = recordedArticles.find((item) => Array.isArray(item.author) && "abstract" in item && "page" in item && "license" in item)!;
    const mismatches = new Set(derived.flatMap((record) => typeMismatches(record, withAuthors)));
    expect([...mismatches]).toEqual([]);
    for (const recorded of recordedArticles) expect(typeMismatches(derived[0], recorded)).toEqual([]);
  });

  it("nest dates, authors and links like the recordings", () => {
    const recorded = recordedArticles.find((item) => Array.isArray(item.author))!;
    const record = derived.find((item) => "published-print" in item && "license" in item)!;
    for (const key of ["indexed", "created", "deposited"]) expect(keysOf(record[key]), key).toEqual(keysOf(recorded[key]).filter((part) => key === "indexed" || part !== "version"));
    const person = derived.flatMap((item) => item.author as Item[]).find((author) => "given" in author)!;
    expect(keysOf(person)).toEqual(["given", "family", "sequence", "affiliation"]);
    expect(keysOf(person)).toEqual(keysOf((recorded.author as Item[]).find((author) => !("ORCID" in author))));
    expect(keysOf((record.license as Item[])[0])).toEqual(keysOf((recorded.license as Item[])[0]));
    expect(keysOf((record.link as Item[])[0])).toEqual(keysOf((recorded.link as Item[])[0]));
    expect(keysOf(record.resource)).toEqual(keysOf(recorded.resource));
  });
});
