/**
 * The sandbox's OpenAlex answers have the shape of the recorded real ones: the same envelope,
 * the same work keys in the same order, the same nesting and value types, and every field
 * Quire's parser reads.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { openAlexWorkSchema } from "../../src/shared/sources/openalex/openalex-works";
import { dataPath } from "../corpus";
import { keysOf, typeMismatches } from "../test-support/json-shape";
import { getOpenAlexCatalog } from "./catalog";
import { answerWorks } from "./works-query";

type Work = Record<string, unknown>;
const recording = (file: string) => JSON.parse(readFileSync(dataPath(`recordings/openalex/${file}`), "utf8")) as { meta: Record<string, unknown>; results: Work[]; group_by: unknown[] };

const paperqa = recording("works_filter_title.search_paperqa.json");
const chemistry = recording("works_filter_title.search_augmenting-llms-chemistry-tools.json");
const recordedPreprint = paperqa.results[0]!;
const recordedArticle = chemistry.results.find((work) => work.type === "article")!;

function search(query: string): { meta: Record<string, unknown>; results: Work[]; group_by: unknown[] } {
  return answerWorks(new URLSearchParams(query)).json as { meta: Record<string, unknown>; results: Work[]; group_by: unknown[] };
}

const catalog = getOpenAlexCatalog();
const sandboxPreprint = search("filter=type:preprint,title.search:segmentation&per_page=1").results[0]!;
const sandboxArticle = search("filter=doi:10.1103/physrevd.76.013009,title.search:diphoton").results[0]!;

describe("OpenAlex list envelope", () => {
  it("has the recorded keys in the recorded order, with the same types", () => {
    const answer = search("filter=title.search:segmentation");
    expect(keysOf(answer)).toEqual(keysOf(paperqa));
    expect(keysOf(answer.meta)).toEqual(keysOf(paperqa.meta));
    expect(typeMismatches(answer.meta, paperqa.meta)).toEqual([]);
    expect(answer.group_by).toEqual([]);
  });

  it("adds next_cursor before groups_count and a null page with cursor=*", () => {
    expect(keysOf(search("cursor=*").meta)).toEqual(["count", "db_response_time_ms", "page", "per_page", "next_cursor", "groups_count"]);
  });
});

describe("OpenAlex works", () => {
  it("a preprint has exactly the keys of the recorded arXiv preprint, in order", () => {
    expect(keysOf(sandboxPreprint)).toEqual(keysOf(recordedPreprint));
  });

  it("a journal article has the keys of the recorded journal article (but fulltext_origin), in order", () => {
    expect(keysOf(sandboxArticle)).toEqual(keysOf(recordedArticle).filter((key) => key !== "fulltext_origin"));
  });

  it("nests the same objects with the same keys", () => {
    for (const [sandbox, recorded] of [
      [sandboxPreprint, recordedPreprint],
      [sandboxArticle, recordedArticle],
    ] as const) {
      for (const key of ["primary_location", "open_access", "citation_normalized_percentile", "cited_by_percentile_year", "biblio", "primary_topic", "best_oa_location"]) {
        expect(keysOf(sandbox[key]), key).toEqual(keysOf(recorded[key]));
      }
      const first = (value: unknown) => (value as unknown[])[0];
      for (const key of ["authorships", "concepts", "topics", "keywords", "locations", "counts_by_year"]) {
        if ((sandbox[key] as unknown[]).length > 0) expect(keysOf(first(sandbox[key])), key).toEqual(keysOf(first(recorded[key])));
      }
      const cited = search("sort=cited_by_count:desc&per_page=1").results[0]!;
      expect(keysOf((cited.counts_by_year as unknown[])[0])).toEqual(keysOf((recorded.counts_by_year as unknown[])[0]));
      expect(keysOf(recorded.ids)).toEqual(expect.arrayContaining(keysOf(sandbox.ids)));
      expect(keysOf((sandbox.primary_location as Work).source)).toEqual(keysOf((recorded.primary_location as Work).source));
      expect(keysOf(first(sandbox.authorships) && (first(sandbox.authorships) as Work).author)).toEqual(keysOf((first(recorded.authorships) as Work).author));
    }
  });

  it("gives every value the recorded type", () => {
    expect(typeMismatches(sandboxPreprint, recordedPreprint)).toEqual([]);
    expect(typeMismatches(sandboxArticle, recordedArticle)).toEqual([]);
  });

  it("has every field Quire's parser reads, for every work in the catalogue", () => {
    const read = Object.keys(openAlexWorkSchema.shape);
    const missing = new Set<string>();
    for (const doc of [0, 1, 2, catalog.corpusSize - 1, ...Array.from({ length: 40 }, (_, index) => Math.floor((index * catalog.corpusSize) / 40))]) {
      const work = search(`filter=openalex:${catalog.workIds[doc]}`).results[0]!;
      for (const key of read) if (!(key in work)) missing.add(key);
    }
    expect([...missing]).toEqual([]);
  });

  it("looks like the recording in the details: arXiv source, lower-case DOIs, abstract positions", () => {
    const location = sandboxPreprint.primary_location as { source: Work; landing_page_url: string; pdf_url: string };
    expect(location.source).toEqual((recordedPreprint.primary_location as { source: Work }).source);
    expect(location.landing_page_url).toMatch(/^https:\/\/arxiv\.org\/abs\/\d{4}\.\d{4,5}$/);
    expect(location.pdf_url).toBe(location.landing_page_url.replace("/abs/", "/pdf/"));
    expect(sandboxPreprint.doi).toMatch(/^https:\/\/doi\.org\/10\.48550\/arxiv\.\d{4}\.\d{4,5}$/);
    expect(sandboxArticle.doi).toBe((sandboxArticle.doi as string).toLowerCase());
    const positions = Object.values(sandboxPreprint.abstract_inverted_index as Record<string, number[]>).flat().sort((a, b) => a - b);
    expect(positions).toEqual(positions.map((_, index) => index));
  });
});
