import { describe, expect, it } from "vitest";
import { parseOaiListPage } from "../../src/server/sources/arxiv/arxiv-oai-source";
import { asHarvestedRecord } from "./harvested-record";
import { getRealOaiCorpus, OaiRepository } from "./oai-repository";
import { answerOai } from "./protocol";
import { getScaleCorpus } from "./scale/scale-corpus";

function harvested(repository: OaiRepository, query: string) {
  const xml = answerOai([...new URLSearchParams(query)], { baseUrl: "http://sandbox.test/arxiv/oai", now: new Date(), repository, settings: { recordsPerPage: 400, identifiersPerPage: 400 } });
  return parseOaiListPage(xml);
}

describe("a record as a harvest reads it", () => {
  it("is what Quire's parser reads from the sandbox's arXivRaw, real corpus", () => {
    const corpus = getRealOaiCorpus();
    const repository = new OaiRepository(corpus);
    for (const from of ["2005-09-16", "2009-11-01", "2025-06-01"]) {
      const page = harvested(repository, `verb=ListRecords&metadataPrefix=arXivRaw&from=${from}`);
      expect(page.records.length).toBeGreaterThan(100);
      for (const record of page.records) expect(asHarvestedRecord(repository.get(record.id)!), record.id).toEqual(record);
    }
  }, 60_000);

  it("is what Quire's parser reads from the sandbox's arXivRaw, scale corpus (deleted records too)", () => {
    const corpus = getScaleCorpus(3000);
    const repository = new OaiRepository(corpus);
    const page = harvested(repository, "verb=ListRecords&metadataPrefix=arXivRaw&from=2019-01-01");
    expect(page.records.length).toBe(400);
    for (const record of page.records) expect(asHarvestedRecord(repository.get(record.id)!), record.id).toEqual(record);
    const deleted = Array.from({ length: corpus.size }, (_, position) => corpus.headerAt(position)).find((header) => header.deleted);
    if (deleted) expect(asHarvestedRecord(repository.get(deleted.id)!)).toMatchObject({ deleted: true, versions: [], title: null });
  }, 60_000);
});
