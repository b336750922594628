import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dataPath } from "../corpus";
import { keysOf, typeMismatches } from "../test-support/json-shape";
import { orcidCheckCharacter, recordedInstitutions } from "./author-json";
import { answerAuthor, answerAuthors } from "./authors-query";
import { answerWorks, NOT_FOUND_HTML } from "./works-query";

type Author = Record<string, unknown> & {
  id: string;
  orcid: string | null;
  display_name: string;
  display_name_alternatives: string[];
  works_count: number;
  cited_by_count: number;
  ids: { openalex: string; orcid?: string };
  affiliations: { institution: { id: string; display_name: string }; years: number[] }[];
  last_known_institutions: { id: string; display_name: string }[];
  topics: { id: string; display_name: string; count: number }[];
  relevance_score?: number;
};
type Authors = { meta: { count: number; per_page: number; page: number }; results: Author[] };

function authors(query: string): Authors {
  const answer = answerAuthors(new URLSearchParams(query));
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json as Authors;
}
const works = (query: string) => answerWorks(new URLSearchParams(query)).json as { meta: { count: number }; results: { authorships: { author: { id: string } }[]; display_name: string }[] };
const recorded = JSON.parse(readFileSync(dataPath("recordings/openalex/author_A5023888391.json"), "utf8")) as Record<string, unknown>;

describe("GET /authors", () => {
  it("finds authors by every word of the name, with their works_count", () => {
    const body = authors("search=Kyle Lo");
    const kyle = body.results.find((author) => author.display_name === "Kyle Lo")!;
    expect(kyle.id).toMatch(/^https:\/\/openalex\.org\/A7\d{9}$/);
    expect(works(`filter=author.id:${kyle.id}`).meta.count).toBe(kyle.works_count);
    expect((answerAuthor(kyle.id, new URLSearchParams()).json as Author).display_name).toBe("Kyle Lo");
    expect(answerAuthor("A1", new URLSearchParams())).toEqual({ status: 404, html: NOT_FOUND_HTML });
  });

  it("pages, limits per_page and matches initials", () => {
    const answer = authors("search=J Smith&per_page=5");
    expect(answer.meta.per_page).toBe(5);
    for (const author of answer.results) expect(author.display_name).toMatch(/\bJ[\w.]*\b.*Smith|Smith.*\bJ/i);
    expect(answerAuthors(new URLSearchParams("per_page=500")).status).toBe(400);
  });

  it("answers a shared name with several people, each with their own works, institutions and topics", () => {
    const answer = authors("search=Yang Liu&per_page=50");
    const yangs = answer.results.filter((author) => author.display_name === "Yang Liu");
    expect(yangs.length).toBeGreaterThan(5);
    expect(new Set(yangs.map((author) => author.id)).size).toBe(yangs.length);
    // The most prolific first, each with the works the filter finds.
    expect(yangs[0]!.works_count).toBeGreaterThanOrEqual(yangs[1]!.works_count);
    const [first, second] = yangs;
    const firstWorks = works(`filter=authorships.author.id:${first!.id.replace("https://openalex.org/", "")}&per_page=200`);
    expect(firstWorks.meta.count).toBe(first!.works_count);
    for (const work of firstWorks.results) expect(work.authorships.map((authorship) => authorship.author.id)).toContain(first!.id);
    // Both ids at once: each author's works, together.
    const both = works(`filter=authorships.author.id:${first!.id}|${second!.id}&per_page=200`);
    expect(both.meta.count).toBe(first!.works_count + second!.works_count);
    // Enough to tell them apart: topics for everyone, institutions for most.
    for (const author of yangs) {
      expect(author.topics.length).toBeGreaterThan(0);
      expect(author.topics[0]!.count).toBeGreaterThan(0);
    }
    expect(yangs.filter((author) => author.last_known_institutions.length > 0).length).toBeGreaterThan(yangs.length / 2);
    expect(new Set(yangs.map((author) => author.last_known_institutions[0]?.id)).size).toBeGreaterThan(2);
  });

  it("has the keys of the recorded author, in order, with the recorded types", () => {
    const [author] = authors("filter=has_orcid:true,works_count:>3&per_page=1").results;
    const { relevance_score: _score, ...plain } = author!;
    expect(keysOf(plain)).toEqual(keysOf(recorded));
    expect(typeMismatches(plain, recorded)).toEqual([]);
    for (const key of ["ids", "summary_stats"]) expect(keysOf(recorded[key])).toEqual(expect.arrayContaining(keysOf(plain[key])));
    for (const key of ["affiliations", "last_known_institutions", "topics", "topic_share", "x_concepts", "counts_by_year"]) {
      expect(keysOf((plain[key] as unknown[])[0]), key).toEqual(keysOf((recorded[key] as unknown[])[0]));
    }
    expect(keysOf(plain.affiliations[0]!.institution)).toEqual(keysOf((recorded.last_known_institutions as unknown[])[0]));
  });

  it("gives some authors a well-formed ORCID iD and finds them by it", () => {
    const withOrcid = authors("filter=has_orcid:true&sort=works_count:desc&per_page=3").results;
    expect(withOrcid).toHaveLength(3);
    for (const author of withOrcid) {
      expect(author.orcid).toMatch(/^https:\/\/orcid\.org\/\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/);
      const digits = author.orcid!.replace("https://orcid.org/", "").replace(/-/g, "");
      expect(orcidCheckCharacter(digits.slice(0, 15))).toBe(digits[15]);
      expect(author.ids.orcid).toBe(author.orcid);
      const bare = author.orcid!.replace("https://orcid.org/", "");
      for (const form of [author.orcid!, `orcid:${bare}`]) expect((answerAuthor(form, new URLSearchParams()).json as Author).id).toBe(author.id);
      expect(authors(`filter=orcid:${bare}`).results.map((found) => found.id)).toEqual([author.id]);
    }
    const without = authors("filter=has_orcid:false&per_page=1").results[0]!;
    expect(without.orcid).toBeNull();
    expect(without.ids).toEqual({ openalex: without.id });
    // The known check digit of ORCID's own example iD, 0000-0002-1825-0097.
    expect(orcidCheckCharacter("000000021825009")).toBe("7");
  });

  it("lists the names an author signed with and the usual reorderings", () => {
    const author = authors("search=Yang Liu&per_page=1").results[0]!;
    expect(author.display_name_alternatives).toEqual(expect.arrayContaining(["Yang Liu", "Liu Yang", "Y. Liu"]));
  });

  it("filters by institution, topic, counts and id, and refuses unknown fields as OpenAlex does", () => {
    const [institution] = recordedInstitutions();
    const at = authors(`filter=last_known_institutions.id:${institution!.id.replace("https://openalex.org/", "")}&per_page=10`);
    expect(at.meta.count).toBeGreaterThan(0);
    for (const author of at.results) expect(author.last_known_institutions[0]!.id).toBe(institution!.id);
    const vision = authors("filter=topics.id:T20001,works_count:>4&per_page=10");
    for (const author of vision.results) {
      expect(author.works_count).toBeGreaterThan(4);
      expect(author.topics.map((topic) => topic.id)).toContain("https://openalex.org/T20001");
    }
    const two = authors("search=Yang Liu&per_page=2").results.map((author) => author.id);
    expect(authors(`filter=openalex:${two.join("|")}`).results.map((author) => author.id).sort()).toEqual([...two].sort());
    expect(authors("filter=display_name.search:kyle lo").results[0]!.display_name).toBe("Kyle Lo");
    const refused = answerAuthors(new URLSearchParams("filter=nonsense:1"));
    expect(refused.status).toBe(400);
    expect((refused.json as { message: string }).message).toMatch(/^nonsense is not a valid field\. Valid fields are underscore or hyphenated versions of: /);
    expect(answerAuthors(new URLSearchParams("filter=has_orcid:maybe")).status).toBe(400);
  });
});
