import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { splitWords, stem } from "../../src/shared/arxiv-query/text-analysis";
import { dataPath } from "../corpus";
import { getOpenAlexCatalog } from "./catalog";
import { abstractOf } from "./abstract";
import { answerWork, answerWorks, encodeCursor, NOT_FOUND_HTML } from "./works-query";

type Work = Record<string, unknown> & { id: string; display_name: string; publication_date: string; publication_year: number; cited_by_count: number; relevance_score?: number };
interface List {
  meta: { count: number; page: number | null; per_page: number; next_cursor?: string | null; groups_count: number | null; db_response_time_ms: number };
  results: Work[];
  group_by: { key: string; key_display_name: string; count: number }[];
}
interface ErrorBody {
  error: string;
  message: string;
}

const catalog = getOpenAlexCatalog();

function list(query: string): List {
  const answer = answerWorks(new URLSearchParams(query));
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json as List;
}
function refused(query: string, status = 400): ErrorBody {
  const answer = answerWorks(new URLSearchParams(query));
  expect(answer.status).toBe(status);
  return answer.json as ErrorBody;
}
const ids = (answer: List) => answer.results.map((work) => work.id.replace("https://openalex.org/", ""));
/** Stemmed words of a work's title, abstract and author names, the way searches see them. */
function words(work: Work, fields: ("title" | "abstract" | "author")[]): Set<string> {
  const texts: string[] = [];
  if (fields.includes("title")) texts.push(work.display_name);
  if (fields.includes("abstract")) texts.push(abstractOf(work));
  const stemmed = new Set(texts.flatMap((text) => splitWords(text).map(stem)));
  if (fields.includes("author")) for (const authorship of work.authorships as { author: { display_name: string }; raw_author_name: string }[]) for (const word of splitWords(`${authorship.author.display_name} ${authorship.raw_author_name}`)) stemmed.add(word);
  return stemmed;
}
const has = (work: Work, word: string, fields: ("title" | "abstract" | "author")[] = ["title", "abstract"]) => words(work, fields).has(fields.includes("author") && fields.length === 1 ? word : stem(word));

/** The corpus work for an arXiv id. */
function workOf(arxivId: string): Work {
  const doc = catalog.papers.findIndex((paper) => paper.id === arxivId);
  return answerWork(catalog.workIds[doc]!, new URLSearchParams()).json as Work;
}
const mostCited = (() => {
  let best = 0;
  for (let doc = 1; doc < catalog.corpusSize; doc += 1) if (catalog.citedByCount[doc]! > catalog.citedByCount[best]!) best = doc;
  return catalog.workIds[best]!;
})();

describe("GET /works: search", () => {
  it("finds works with every word in the title or abstract, most relevant first, with relevance_score", () => {
    const answer = list("search=graph neural network&per_page=50");
    expect(answer.meta.count).toBeGreaterThan(50);
    expect(answer.results).toHaveLength(50);
    for (const work of answer.results) {
      for (const word of ["graph", "neural", "network"]) expect(has(work, word), `${work.id} ${word}`).toBe(true);
      expect(typeof work.relevance_score).toBe("number");
    }
    const scores = answer.results.map((work) => work.relevance_score!);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("ignores stop words and case, and matches word forms", () => {
    expect(list("search=the Transformers").meta.count).toBe(list("search=transformer").meta.count);
  });

  it("understands OR, NOT and quoted phrases", () => {
    const either = list("search=diffusion OR segmentation").meta.count;
    const diffusion = list("search=diffusion").meta.count;
    const segmentation = list("search=segmentation").meta.count;
    const both = list("search=diffusion segmentation").meta.count;
    expect(either).toBe(diffusion + segmentation - both);
    expect(list("search=diffusion NOT segmentation").meta.count).toBe(diffusion - both);
    const phrase = list('search="large language models"&per_page=200');
    expect(phrase.meta.count).toBeLessThan(list("search=large language models").meta.count);
    for (const work of phrase.results) expect(`${work.display_name} ${abstractOf(work)}`.toLowerCase().replace(/[^a-z]+/g, " ")).toContain("large language model");
  });

  it("refuses ! and | in search, as OpenAlex does", () => {
    expect(refused("search=!graph").message).toBe("The search parameter does not support the ! operator. Problem value: !graph");
    expect(refused("search=graph|tree").message).toBe("The search parameter does not support the | operator. Problem value: graph|tree");
  });

  it("finds the recorded real works too", () => {
    const answer = list("filter=title.search:PaperQA");
    expect(ids(answer)).toEqual(["W4389761608"]);
    expect(answer.results[0]!.relevance_score).toBeGreaterThan(0);
  });
});

describe("GET /works: filters", () => {
  it("title.search and display_name.search look at titles only", () => {
    const answer = list("filter=title.search:segmentation&per_page=200");
    expect(answer.meta.count).toBeGreaterThan(20);
    for (const work of answer.results) expect(has(work, "segmentation", ["title"])).toBe(true);
    expect(list("filter=display_name.search:segmentation").meta.count).toBe(answer.meta.count);
  });

  it("abstract.search matches only works whose abstract OpenAlex has", () => {
    const answer = list("filter=abstract.search:hallucination&per_page=200");
    expect(answer.meta.count).toBeGreaterThan(5);
    for (const work of answer.results) {
      expect(work.abstract_inverted_index).not.toBeNull();
      expect(has(work, "hallucination", ["abstract"])).toBe(true);
    }
  });

  it("title_and_abstract.search and default.search equal the search parameter", () => {
    const count = list("search=photometric redshift").meta.count;
    expect(list("filter=title_and_abstract.search:photometric redshift").meta.count).toBe(count);
    expect(list("filter=default.search:photometric redshift").meta.count).toBe(count);
  });

  it("raw_author_name.search needs every word of the name among the authors", () => {
    const answer = list("filter=raw_author_name.search:Kyle Lo");
    expect(answer.meta.count).toBeGreaterThanOrEqual(2);
    for (const work of answer.results) expect(has(work, "kyle", ["author"]) && has(work, "lo", ["author"])).toBe(true);
  });

  it("publication_year takes a year, a range, > and <", () => {
    const check = (filter: string, test: (year: number) => boolean) => {
      const answer = list(`filter=publication_year:${filter}&per_page=200`);
      expect(answer.meta.count, filter).toBeGreaterThan(0);
      for (const work of answer.results) expect(test(work.publication_year), `${filter} ${work.publication_year}`).toBe(true);
      return answer.meta.count;
    };
    const y2007 = check("2007", (year) => year === 2007);
    const y2008 = check("2008", (year) => year === 2008);
    expect(check("2007-2008", (year) => year >= 2007 && year <= 2008)).toBe(y2007 + y2008);
    check(">2025", (year) => year > 2025);
    check("<2000", (year) => year < 2000);
    expect(list("filter=publication_year:2007|2008").meta.count).toBe(y2007 + y2008);
    expect(refused("filter=publication_year:soon").message).toBe("Value for param publication_year must be a number.");
  });

  it("from_publication_date and to_publication_date bound the date, both ends included", () => {
    const answer = list("filter=from_publication_date:2025-04-01,to_publication_date:2025-04-30&per_page=200");
    expect(answer.meta.count).toBeGreaterThan(10);
    for (const work of answer.results) expect(work.publication_date >= "2025-04-01" && work.publication_date <= "2025-04-30").toBe(true);
    expect(refused("filter=from_publication_date:2025-02-30").message).toMatch(/^Value for param from_publication_date must be a valid date/);
  });

  it("doi takes bare DOIs and doi.org URLs, several joined by |", () => {
    expect(ids(list("filter=doi:10.1103/PhysRevD.76.013009"))).toHaveLength(1);
    const two = list("filter=doi:https://doi.org/10.1103/physrevd.76.013009|10.48550/arxiv.2301.13298|10.7717/peerj.4375");
    expect(two.meta.count).toBe(2);
    expect(two.results.map((work) => work.doi).sort()).toEqual(["https://doi.org/10.1103/physrevd.76.013009", "https://doi.org/10.7717/peerj.4375"]);
  });

  it("cites: gives the works that cite a work, as many as its cited_by_count", () => {
    const cited = answerWork(mostCited, new URLSearchParams()).json as Work;
    const citing = list(`filter=cites:${mostCited}&per_page=200`);
    expect(citing.meta.count).toBe(cited.cited_by_count);
    expect(citing.meta.count).toBeGreaterThan(20);
    for (const work of citing.results) expect(work.referenced_works).toContain(`https://openalex.org/${mostCited}`);
  });

  it("cited_by: gives the works a work cites (its referenced_works)", () => {
    const citing = list(`filter=cites:${mostCited}`).results[0]!;
    const references = list(`filter=cited_by:${citing.id.replace("https://openalex.org/", "")}&per_page=200`);
    expect(references.results.map((work) => work.id).sort()).toEqual([...(citing.referenced_works as string[])].sort());
    expect(references.meta.count).toBe(citing.referenced_works_count);
  });

  it("openalex and ids.openalex pick works by id, OR-ed with |", () => {
    const answer = list(`filter=openalex:W4389761608|${mostCited}`);
    expect(ids(answer).sort()).toEqual(["W4389761608", mostCited].sort());
    expect(list(`filter=ids.openalex:https://openalex.org/${mostCited}`).meta.count).toBe(1);
  });

  it("is_oa, type and has_abstract select on those facts; ! negates; commas AND", () => {
    const all = list("").meta.count;
    const preprints = list("filter=type:preprint").meta.count;
    const articles = list("filter=type:article").meta.count;
    expect(list("filter=type:!preprint").meta.count).toBe(all - preprints);
    expect(articles).toBeGreaterThan(1000);
    expect(list("filter=type:preprint|article").meta.count).toBe(preprints + articles);
    const closed = list("filter=is_oa:false");
    expect(closed.meta.count).toBeGreaterThan(0);
    for (const work of closed.results) expect((work.open_access as { is_oa: boolean }).is_oa).toBe(false);
    expect(list("filter=is_oa:true").meta.count + closed.meta.count).toBe(all);
    expect(list("filter=open_access.is_oa:false").meta.count).toBe(closed.meta.count);
    const withAbstract = list("filter=has_abstract:true").meta.count;
    expect(withAbstract / all).toBeGreaterThan(0.75);
    expect(withAbstract / all).toBeLessThan(0.85);
    const both = list("filter=type:article,publication_year:2007&per_page=200");
    for (const work of both.results) expect([work.type, work.publication_year]).toEqual(["article", 2007]);
    expect(refused("filter=is_oa:maybe").message).toBe("Value for param is_oa must be true or false.");
  });

  it("authorships.author.id and concepts.id select by author and concept", () => {
    const work = workOf("0704.0001");
    const author = (work.authorships as { author: { id: string } }[])[0]!.author.id;
    const byAuthor = list(`filter=authorships.author.id:${author.replace("https://openalex.org/", "")}`);
    expect(byAuthor.results.map((result) => result.id)).toContain(work.id);
    expect(list(`filter=author.id:${author}`).meta.count).toBe(byAuthor.meta.count);
    const vision = list("filter=concepts.id:C31972630&per_page=200");
    expect(vision.meta.count).toBeGreaterThan(1000);
    for (const result of vision.results) expect((result.concepts as { id: string }[]).map((concept) => concept.id)).toContain("https://openalex.org/C31972630");
  });

  it("refuses an unknown filter field with the list of valid ones, and a filter without a value", () => {
    const error = refused("filter=publication_yearrr:2020");
    expect(error.error).toBe("Invalid query parameters error.");
    expect(error.message).toMatch(/^publication_yearrr is not a valid field\. Valid fields are underscore or hyphenated versions of: .*title\.search/);
    expect(refused("filter=title.search").message).toMatch(/^Invalid query parameter in filter/);
  });

  it("accepts hyphenated field names", () => {
    expect(list("filter=publication-year:2007").meta.count).toBe(list("filter=publication_year:2007").meta.count);
  });
});

describe("GET /works: sort", () => {
  const order = <T>(query: string, key: (work: Work) => T): T[] => list(query).results.map(key);

  it("sorts by publication_date either way, cited_by_count and display_name", () => {
    const ascending = order("filter=type:article&sort=publication_date:asc&per_page=100", (work) => work.publication_date);
    expect(ascending).toEqual([...ascending].sort());
    const descending = order("filter=type:article&sort=publication_date:desc&per_page=100", (work) => work.publication_date);
    expect(descending).toEqual([...descending].sort().reverse());
    const cited = order("sort=cited_by_count:desc&per_page=100", (work) => work.cited_by_count);
    expect(cited).toEqual([...cited].sort((a, b) => b - a));
    const names = order("filter=publication_year:2007&sort=display_name&per_page=50", (work) => work.display_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it("sorts by relevance_score only with a search", () => {
    expect(list("search=galaxy&sort=relevance_score:desc").meta.count).toBeGreaterThan(0);
    expect(refused("filter=publication_year:2007&sort=relevance_score:desc").message).toBe(
      "Must include a search query (such as ?search=example or /filter=display_name.search:example) in order to sort by relevance_score.",
    );
    expect(refused("sort=popularity:desc").message).toMatch(/^popularity is not a valid field/);
  });
});

describe("GET /works: paging", () => {
  it("answers 25 per page by default, with the page in meta and without next_cursor", () => {
    const answer = list("filter=publication_year:2007");
    expect(answer.results).toHaveLength(25);
    expect(answer.meta).toMatchObject({ page: 1, per_page: 25, groups_count: null });
    expect("next_cursor" in answer.meta).toBe(false);
  });

  it("pages through one ordered list", () => {
    const whole = ids(list("filter=publication_year:2007&per_page=60"));
    const pages = [1, 2, 3].flatMap((page) => ids(list(`filter=publication_year:2007&per_page=20&page=${page}`)));
    expect(pages).toEqual(whole);
  });

  it("limits per_page to 200 and basic paging to the first 10,000 results", () => {
    expect(list("per_page=200").results).toHaveLength(200);
    expect(refused("per_page=201")).toEqual({ error: "Pagination error.", message: "per-page parameter must be between 1 and 200" });
    expect(refused("per-page=0").message).toBe("per-page parameter must be between 1 and 200");
    expect(list("page=50&per_page=200").results).toHaveLength(200);
    expect(refused("page=51&per_page=200").message).toMatch(/^Maximum results size of 10,000 records is exceeded\. Cursor pagination is required/);
    expect(refused("page=0").message).toBe("Page parameter must be greater than 0.");
    expect(refused("page=two").message).toBe("Param page must be a number.");
  });

  it("pages with cursor=* to the end, where next_cursor is null", () => {
    const seen: string[] = [];
    let cursor: string | null = "*";
    let pages = 0;
    let count = 0;
    while (cursor) {
      const answer: List = list(`filter=title.search:segmentation&per_page=40&cursor=${encodeURIComponent(cursor)}`);
      expect(answer.meta.page).toBeNull();
      count = answer.meta.count;
      seen.push(...ids(answer));
      cursor = answer.meta.next_cursor ?? null;
      pages += 1;
      expect(pages).toBeLessThan(100);
    }
    expect(seen).toHaveLength(count);
    expect(new Set(seen).size).toBe(count);
    const paged = [1, 2, 3, 4, 5].flatMap((page) => ids(list(`filter=title.search:segmentation&per_page=200&page=${page}`)));
    expect(seen).toEqual(paged);
  });

  it("answers results [] and next_cursor null past the end, also beyond 10,000 records", () => {
    const count = list("filter=type:article").meta.count;
    const full = list(`filter=type:article&per_page=${Math.min(200, count)}&cursor=${encodeURIComponent(encodeCursor(count - 200, "W1"))}`);
    expect(full.results).toHaveLength(200);
    expect(full.meta.next_cursor).toEqual(expect.any(String));
    const after = list(`filter=type:article&per_page=200&cursor=${encodeURIComponent(full.meta.next_cursor!)}`);
    expect(after).toMatchObject({ results: [], meta: { count, next_cursor: null, page: null } });
    const deep = list(`per_page=200&cursor=${encodeURIComponent(encodeCursor(10_200, "W1"))}`);
    expect(deep.results).toHaveLength(200);
  });

  it("refuses a broken cursor and page with cursor", () => {
    expect(refused("cursor=bm90LWEtY3Vyc29y")).toEqual({ error: "Pagination error.", message: "Invalid cursor value" });
    expect(refused("cursor=*&page=2").message).toBe("Cannot use page parameter with cursor.");
  });
});

describe("GET /works: select, group_by, sample", () => {
  it("select keeps the named top-level fields, in the order named", () => {
    const answer = list("search=galaxy&select=display_name,id,relevance_score,open_access");
    expect(Object.keys(answer.results[0]!)).toEqual(["display_name", "id", "relevance_score", "open_access"]);
  });

  it("select refuses nested and unknown fields, listing the valid ones", () => {
    expect(refused("select=open_access.is_oa").message).toMatch(/^open_access\.is_oa is not a valid select field\. Valid fields for select are: id, doi, title, display_name, relevance_score/);
    expect(refused("select=DOESNTEXIST").message).toMatch(/abstract_inverted_index, cited_by_api_url, counts_by_year, updated_date, created_date\.$/);
    expect(refused("select=id&group_by=type").message).toBe("select does not work with group_by.");
  });

  it("group_by counts the matching works per key", () => {
    const answer = list("group_by=type");
    expect(answer.results).toEqual([]);
    expect(answer.meta.groups_count).toBe(answer.group_by.length);
    expect(answer.group_by.reduce((sum, group) => sum + group.count, 0)).toBe(answer.meta.count);
    expect(answer.group_by[0]).toEqual({ key: "https://openalex.org/types/preprint", key_display_name: "preprint", count: expect.any(Number) });
    const years = list("filter=type:article&group_by=publication_year");
    expect(years.group_by.every((group) => /^\d{4}$/.test(group.key))).toBe(true);
    expect(refused("group_by=title.search").message).toBe("Cannot group by date, number, or search fields.");
    expect(refused("group_by=nonsense").message).toMatch(/^nonsense is not a valid field/);
  });

  it("sample gives that many matching works, the same ones for the same seed", () => {
    const first = ids(list("filter=type:article&sample=15&seed=42&per_page=50"));
    expect(first).toHaveLength(15);
    expect(ids(list("filter=type:article&sample=15&seed=42&per_page=50"))).toEqual(first);
    expect(refused("sample=10&sort=cited_by_count:desc").message).toBe("sample does not work with sort.");
  });
});

describe("GET /works: parameters and keys", () => {
  it("accepts mailto and api_key; refuses api_key=invalid with 401 and unknown parameters with 400", () => {
    expect(list("mailto=someone@example.org&api_key=abc&per_page=1").results).toHaveLength(1);
    const unauthorised = answerWorks(new URLSearchParams("api_key=invalid"));
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.json).toEqual({ error: expect.any(String), message: expect.any(String) });
    expect(refused("query=graph").message).toMatch(/^query is not a valid parameter\. Valid parameters are: /);
  });
});

describe("GET /works/{id}", () => {
  it("finds a work by W id, openalex.org URL, doi: and doi.org DOI, whatever the case", () => {
    const forms = [mostCited, mostCited.toLowerCase(), `https://openalex.org/${mostCited}`];
    const work = answerWork(mostCited, new URLSearchParams()).json as Work;
    for (const form of forms) expect((answerWork(form, new URLSearchParams()).json as Work).id).toBe(work.id);
    const doi = (work.doi as string).replace("https://doi.org/", "");
    for (const form of [`doi:${doi}`, `https://doi.org/${doi}`, `https://doi.org/${doi.toUpperCase()}`]) expect((answerWork(form, new URLSearchParams()).json as Work).id).toBe(work.id);
  });

  it("serves the recorded works as recorded, at their ids and DOIs", () => {
    const recorded = JSON.parse(readFileSync(dataPath("recordings/openalex/work_W2741809807.json"), "utf8")) as unknown;
    expect(answerWork("W2741809807", new URLSearchParams()).json).toEqual(recorded);
    expect(answerWork("https://doi.org/10.7717/peerj.4375", new URLSearchParams()).json).toEqual(recorded);
    const byDoi = JSON.parse(readFileSync(dataPath("recordings/openalex/work_by_doi_10.1023_a_1007154515475.json"), "utf8")) as unknown;
    expect(answerWork("doi:10.1023/A:1007154515475", new URLSearchParams()).json).toEqual(byDoi);
  });

  it("answers an unknown work with the 404 HTML page, and select like a list", () => {
    expect(answerWork("W1", new URLSearchParams())).toEqual({ status: 404, html: NOT_FOUND_HTML });
    expect(answerWork("doi:10.1046/j.1365-2699.2003.00795", new URLSearchParams("select=open_access,doi")).status).toBe(404);
    expect(answerWork("mag:123", new URLSearchParams()).status).toBe(404);
    expect(Object.keys(answerWork(mostCited, new URLSearchParams("select=open_access,doi")).json as object)).toEqual(["open_access", "doi"]);
  });
});
