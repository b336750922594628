import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { paperSchema } from "@/shared/paper";
import { abstractFromInvertedIndex, openAlexWorkSchema, openAlexWorkToPaper, parseOpenAlexList } from "./openalex-works";

const folder = fileURLToPath(new URL("../../../../sandbox/data/recordings/openalex", import.meta.url));
const recordings = readdirSync(folder)
  .filter((name) => name.endsWith(".json") && !name.includes("manifest"))
  .map((name) => ({ name, json: JSON.parse(readFileSync(path.join(folder, name), "utf8")) as Record<string, unknown> }));

describe("OpenAlex parsers on every recorded response", () => {
  for (const { name, json } of recordings) {
    if (Array.isArray(json.results)) {
      it(`list ${name}`, () => {
        const list = parseOpenAlexList(json);
        expect(list.count).toBeGreaterThanOrEqual(list.papers.length);
        for (const paper of list.papers) expect(() => paperSchema.parse(paper)).not.toThrow();
      });
    } else if (typeof json.id === "string" && /\/W\d+$/.test(json.id)) {
      it(`work ${name}`, () => {
        const paper = paperSchema.parse(openAlexWorkToPaper(openAlexWorkSchema.parse(json)));
        expect(paper.id).toMatch(/^W\d+$/);
        expect(paper.source).toBe("openalex");
        // Raw affiliation strings carry e-mail addresses; they must not reach the client.
        expect(JSON.stringify(paper)).not.toMatch(/@[a-z0-9-]+\.[a-z]{2,}/i);
      });
    }
  }
});

describe("openAlexWorkToPaper", () => {
  const work = recordings.find(({ name }) => name === "work_W2741809807.json")!.json;
  const snapshot = recordings.find(({ name }) => name === "work_W2741809807_snapshot-era.json")!.json;

  it("maps the 2025 record", () => {
    const paper = openAlexWorkToPaper(openAlexWorkSchema.parse(work));
    expect(paper).toMatchObject({
      id: "W2741809807",
      doi: "10.7717/peerj.4375",
      journal: "PeerJ",
      publisher: "PeerJ, Inc.",
      volume: "6",
      pages: "e4375",
      pdfUrl: "https://peerj.com/articles/4375.pdf",
      license: "cc-by",
    });
    expect(paper.title).toMatch(/state of OA/i);
    expect(paper.abstract.split(" ").length).toBeGreaterThan(50);
    expect(paper.authorDetails?.[0]).toMatchObject({ name: "Heather Piwowar", orcid: "0000-0003-1613-5981" });
  });

  it("maps the snapshot-era record of the same work to the same essentials (schema drift)", () => {
    const now = openAlexWorkToPaper(openAlexWorkSchema.parse(work));
    const then = openAlexWorkToPaper(openAlexWorkSchema.parse(snapshot));
    expect(then.id).toBe(now.id);
    expect(then.doi).toBe(now.doi);
    expect(then.authors.slice(0, 3)).toEqual(now.authors.slice(0, 3));
  });

  it("gives an empty abstract when the index is null", () => {
    const paper = openAlexWorkToPaper(openAlexWorkSchema.parse({ ...work, abstract_inverted_index: null }));
    expect(paper.abstract).toBe("");
  });
});

describe("abstractFromInvertedIndex", () => {
  it("puts words back in order", () => {
    expect(abstractFromInvertedIndex({ world: [1], hello: [0, 2] })).toBe("hello world hello");
    expect(abstractFromInvertedIndex(null)).toBe("");
  });
});
