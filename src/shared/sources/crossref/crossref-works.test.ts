import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { paperSchema } from "@/shared/paper";
import { crossrefWorkSchema, crossrefWorkToPaper, parseCrossrefList, parseCrossrefWork, plainTitle, stripJats } from "./crossref-works";

const folder = fileURLToPath(new URL("../../../../sandbox/data/recordings/crossref", import.meta.url));
const files = readdirSync(folder);
const read = (name: string) => readFileSync(path.join(folder, name), "utf8");

describe("Crossref parsers on every recorded response", () => {
  for (const name of files.filter((file) => file.startsWith("works_") && file.endsWith(".json"))) {
    it(`list ${name}`, () => {
      const list = parseCrossrefList(JSON.parse(read(name)));
      expect(list.total).toBeGreaterThanOrEqual(0);
      for (const paper of list.papers) {
        paperSchema.parse(paper);
        expect(paper.authors.every((author) => author.trim().length > 0)).toBe(true);
        expect(paper.title).not.toMatch(/<[a-z]+>/i);
      }
    });
  }
  for (const name of files.filter((file) => file.startsWith("work_") && file.endsWith(".json"))) {
    it(`work ${name}`, () => {
      const paper = parseCrossrefWork(200, read(name));
      expect(paper).not.toBeNull();
      paperSchema.parse(paper);
      expect(paper!.id).toBe(paper!.doi);
    });
  }
  for (const name of files.filter((file) => file.startsWith("work_") && file.endsWith("_404.txt"))) {
    it(`plain-text 404 ${name} gives null`, () => {
      expect(read(name).trim()).toBe("Resource not found.");
      expect(parseCrossrefWork(404, read(name))).toBeNull();
    });
  }
});

describe("crossrefWorkToPaper", () => {
  it("maps a journal article", () => {
    const paper = parseCrossrefWork(200, read("work_10.1371_journal.pone.0033693.json"))!;
    expect(paper).toMatchObject({
      id: "10.1371/journal.pone.0033693",
      source: "crossref",
      publishedDate: "2012-03-21",
      license: "http://creativecommons.org/licenses/by/4.0/",
    });
    expect(paper.authorDetails?.[0]).toMatchObject({ name: "Shankar Sadasivan", given: "Shankar", family: "Sadasivan", sequence: "first" });
  });

  it("skips authors with no name part", () => {
    const work = crossrefWorkSchema.parse({
      DOI: "10.1/x",
      title: ["T"],
      author: [{ given: "", family: "" }, { name: "Consortium" }, { family: "Curie" }],
    });
    expect(crossrefWorkToPaper(work).authors).toEqual(["Consortium", "Curie"]);
  });

  it("keeps a bare year", () => {
    const work = crossrefWorkSchema.parse({ DOI: "10.1/y", title: ["T"], issued: { "date-parts": [[1970]] } });
    expect(crossrefWorkToPaper(work).publishedDate).toBe("1970");
  });
});

describe("plainTitle", () => {
  it("drops inline markup from titles", () => {
    expect(plainTitle("<scp>T</scp>reebase: an <scp>R</scp> package for <i>E. coli</i>")).toBe("Treebase: an R package for E. coli");
  });
});

describe("stripJats", () => {
  it("keeps the words of a JATS abstract", () => {
    expect(stripJats("<jats:title>Abstract</jats:title><jats:p>Cells &amp; <jats:italic>genes</jats:italic>.</jats:p>")).toBe("Cells & genes .");
  });
});
