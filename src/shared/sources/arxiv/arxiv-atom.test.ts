import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseArxivId } from "@/shared/arxiv-id";
import { paperSchema } from "@/shared/paper";
import { ArxivFeedError, ArxivMalformedError, arxivEntryToPaper, collapseWhitespace, parseArxivAtom } from "./arxiv-atom";

const recordings = fileURLToPath(new URL("../../../../sandbox/data/recordings/arxiv", import.meta.url));
/**
 * Recorded responses: the 2026 golden ones are `{ url, status_code, body }` JSON files; the
 * legacy and manual ones are bare Atom bodies whose status was not recorded.
 */
function recorded(folder: string): { name: string; status: number | null; body: string }[] {
  return readdirSync(path.join(recordings, folder)).flatMap((name): { name: string; status: number | null; body: string }[] => {
    const content = readFileSync(path.join(recordings, folder, name), "utf8");
    if (name.endsWith(".json")) {
      const { status_code, body } = JSON.parse(content) as { status_code: number; body: string };
      return [{ name, status: status_code, body }];
    }
    return name.endsWith(".xml") ? [{ name, status: null, body: content }] : [];
  });
}
const xmlFiles = (folder: string) => recorded(folder).map((item) => [item.name, item.body] as const);

describe("parseArxivAtom on every recorded response", () => {
  for (const folder of ["golden", "legacy", "manual"]) {
    for (const { name, status, body: xml } of recorded(folder)) {
      it(`${folder}/${name}`, () => {
        const isError = name.includes("error") || status === 400;
        const utf8Bytes = Buffer.from(xml, "utf8").toString("latin1");
        if (isError) {
          expect(() => parseArxivAtom(xml)).toThrow(ArxivFeedError);
          expect(() => parseArxivAtom(utf8Bytes, { utf8Bytes: true })).toThrow(ArxivFeedError);
          return;
        }
        const feed = parseArxivAtom(xml);
        // The server parses the body's bytes (arxiv-source.ts); the result must be the same.
        expect(parseArxivAtom(utf8Bytes, { utf8Bytes: true })).toEqual(feed);
        expect(feed.entries.length).toBeLessThanOrEqual(feed.itemsPerPage || feed.entries.length);
        expect(feed.totalResults).toBeGreaterThanOrEqual(feed.entries.length);
        for (const entry of feed.entries) {
          expect(entry.title).not.toMatch(/\n|\s{2}/);
          expect(entry.summary).not.toMatch(/\n|\s{2}/);
          expect(entry.authors.length).toBeGreaterThan(0);
          expect(entry.categories.length).toBeGreaterThan(0);
          expect(entry.categories[0]).toBe(entry.primaryCategory);
          expect(parseArxivId(entry.versionedId), entry.versionedId).not.toBeNull();
          const paper = paperSchema.parse(arxivEntryToPaper(entry));
          expect(paper.id).toBe(entry.versionedId.replace(/v\d+$/, ""));
          expect(paper.url).toMatch(/^https:\/\/arxiv\.org\/abs\//);
        }
      });
    }
  }
});

describe("parseArxivAtom details", () => {
  it("reads the optional fields of the 2026 serialisation", () => {
    const [, xml] = xmlFiles("golden").find(([name]) => name.startsWith("id_astro-ph_0601001"))!;
    const [entry] = parseArxivAtom(xml).entries;
    expect(entry).toMatchObject({
      id: "astro-ph/0601001",
      versionedId: "astro-ph/0601001v1",
      journalRef: "ActaAstron.56:1-50,2006",
      primaryCategory: "astro-ph",
      published: "2006-01-02T14:57:58Z",
    });
    expect(entry?.authors[0]).toEqual({ name: "Andrew Gould", affiliations: ["Ohio State"] });
    expect(entry?.summary).toContain("V_max<17.5");
    expect(arxivEntryToPaper(entry!).authorDetails?.[0]).toEqual({ name: "Andrew Gould", affiliation: ["Ohio State"] });
  });

  it("gives authorDetails only when some author has an affiliation: names alone are in authors", () => {
    const [, xml] = xmlFiles("legacy").find(([name]) => name.startsWith("id_list_1111.2011v2"))!;
    const [entry] = parseArxivAtom(xml).entries;
    expect(entry!.authors.every((author) => author.affiliations.length === 0)).toBe(true);
    const paper = arxivEntryToPaper(entry!);
    expect(paper.authors.length).toBeGreaterThan(0);
    expect(paper).not.toHaveProperty("authorDetails");
  });

  it("reads the DOI of the legacy serialisation and keeps the primary category first", () => {
    const [, xml] = xmlFiles("legacy").find(([name]) => name.startsWith("id_list_1111.2011v2"))!;
    const [entry] = parseArxivAtom(xml).entries;
    expect(entry?.doi).toBe("10.1103/PhysRevB.85.115117");
    expect(entry?.journalRef).toBe("Phys. Rev. B 85, 115117 (2012)");
    expect(entry?.categories).toEqual(["cond-mat.str-el", "cond-mat.stat-mech"]);
    expect(entry?.title).toBe("Quantum Criticality for Extended Nodes on a Bethe Lattice in the Large Connectivity Limit");
  });

  it("reports the error entry's message", () => {
    const [, xml] = xmlFiles("golden").find(([name]) => name.startsWith("id_abc"))!;
    expect(() => parseArxivAtom(xml)).toThrow("incorrect id format for abc");
  });

  it("answers an empty result with no entries", () => {
    const [, xml] = xmlFiles("golden").find(([name]) => name.startsWith("id_0000.0000"))!;
    expect(parseArxivAtom(xml)).toMatchObject({ totalResults: 0, entries: [] });
  });

  it.each([
    ["truncated XML", '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/abs/1'],
    ["an HTML page", "<html><body>Service Unavailable</body></html>"],
    ["plain text", "Rate exceeded."],
  ])("refuses %s as malformed", (_label, body) => {
    expect(() => parseArxivAtom(body)).toThrow(ArxivMalformedError);
  });
});

describe("collapseWhitespace", () => {
  it("makes every run of whitespace one space, as /\\s+/ would", () => {
    const samples = [
      " a  b\n c \t\u00a0d ",
      "\n\nx",
      "x \n",
      "  ",
      "",
      "one two three",
      "a \u2003 b\u3000c",
      "Deep\n  Learning for\r\n  Graphs",
      "tab\tand  \n  more",
    ];
    for (const sample of samples) expect(collapseWhitespace(sample), JSON.stringify(sample)).toBe(sample.replace(/\s+/g, " ").trim());
  });

  it("gives the same text as /\\s+/ on every recorded title and abstract", () => {
    let compared = 0;
    for (const { body } of [...recorded("legacy"), ...recorded("golden")]) {
      for (const match of body.matchAll(/<(title|summary)>([^<]*)<\/\1>/g)) {
        expect(collapseWhitespace(match[2]!)).toBe(match[2]!.replace(/\s+/g, " ").trim());
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(50);
  });
});
