/**
 * Quire's own parsers read every sandbox answer into valid Papers: each OpenAlex work in the
 * catalogue, each Crossref record, and list answers of several kinds.
 */
import { describe, expect, it } from "vitest";
import { parseCrossrefList, parseCrossrefWork } from "../src/shared/sources/crossref/crossref-works";
import { openAlexWorkSchema, openAlexWorkToPaper, parseOpenAlexList } from "../src/shared/sources/openalex/openalex-works";
import { paperSchema } from "../src/shared/paper";
import { getCrossrefCatalog } from "./crossref/catalog";
import { answerWork as crossrefWork, answerWorks as crossrefWorks } from "./crossref/works-query";
import { getOpenAlexCatalog } from "./openalex/catalog";
import { workJson } from "./openalex/work-json";
import { answerWorks as openAlexWorks } from "./openalex/works-query";

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

describe("Quire's OpenAlex parser over the sandbox", () => {
  const catalog = getOpenAlexCatalog();

  it("reads the works of the catalogue (every third corpus work, every recorded one) into valid Papers", () => {
    const problems: string[] = [];
    for (let doc = 0; doc < catalog.size; doc += doc < catalog.corpusSize - 3 ? 3 : 1) {
      const work = workJson(catalog, doc);
      const parsed = openAlexWorkSchema.safeParse(work);
      if (!parsed.success) {
        problems.push(`${catalog.workIds[doc]}: ${parsed.error.message}`);
        continue;
      }
      const paper = paperSchema.safeParse(openAlexWorkToPaper(parsed.data));
      if (!paper.success) problems.push(`${catalog.workIds[doc]}: ${paper.error.message}`);
      else if (catalog.isCorpus(doc)) {
        const source = catalog.papers[doc]!;
        const value = paper.data;
        if (value.arxivId !== source.id) problems.push(`${catalog.workIds[doc]}: arxivId ${value.arxivId} for ${source.id}`);
        if (value.title !== collapse(source.title)) problems.push(`${catalog.workIds[doc]}: title`);
        if (value.authors.length !== source.authors.length) problems.push(`${catalog.workIds[doc]}: authors`);
        if (catalog.hasAbstract[doc] && collapse(value.abstract) !== collapse(source.abstract)) problems.push(`${catalog.workIds[doc]}: abstract`);
        if (value.categories.length === 0) problems.push(`${catalog.workIds[doc]}: no categories`);
      }
      if (problems.length > 10) break;
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it("reads list answers: search, filters, cursor pages", () => {
    for (const query of ["search=large language models&per_page=200", "filter=title.search:PaperQA", "filter=type:article,publication_year:2007&per_page=100", "cursor=*&per_page=200&filter=raw_author_name.search:Kyle Lo"]) {
      const json = openAlexWorks(new URLSearchParams(query)).json as { meta: { count: number }; results: unknown[] };
      const list = parseOpenAlexList(json);
      expect(list.count, query).toBe(json.meta.count);
      expect(list.papers, query).toHaveLength(json.results.length);
      for (const paper of list.papers) expect(() => paperSchema.parse(paper)).not.toThrow();
    }
  });
});

describe("Quire's Crossref parser over the sandbox", () => {
  const catalog = getCrossrefCatalog();

  it("reads every record into a valid Paper", () => {
    const problems: string[] = [];
    for (let index = 0; index < catalog.size; index += 1) {
      const { doi } = catalog.facts[index]!;
      const answer = crossrefWork(doi, new URLSearchParams());
      try {
        const paper = paperSchema.parse(parseCrossrefWork(answer.status, JSON.stringify(answer.json)));
        if (paper.doi !== catalog.record(index).DOI) problems.push(`${doi}: doi ${paper.doi}`);
        if (index < catalog.derivedCount && (!paper.publishedDate || !paper.journal === (catalog.record(index)["container-title"] as string[]).length > 0)) problems.push(`${doi}: date or journal`);
      } catch (error) {
        problems.push(`${doi}: ${(error as Error).message}`);
      }
      if (problems.length > 10) break;
    }
    expect(problems).toEqual([]);
  });

  it("reads list answers and the 404", () => {
    for (const query of ["query=quantum&rows=200", "query.bibliographic=graphene&filter=has-abstract:true", "cursor=*&rows=500", "filter=from-pub-date:2008,until-pub-date:2009&sort=published&order=asc&rows=100"]) {
      const json = crossrefWorks(new URLSearchParams(query)).json as { message: { "total-results": number; items: unknown[] } };
      const list = parseCrossrefList(json);
      expect(list.total, query).toBe(json.message["total-results"]);
      expect(list.papers, query).toHaveLength(json.message.items.length);
      for (const paper of list.papers) expect(() => paperSchema.parse(paper)).not.toThrow();
    }
    const missing = crossrefWork("10.48550/arXiv.2312.07559", new URLSearchParams());
    expect(parseCrossrefWork(missing.status, missing.text!)).toBeNull();
  });
});
