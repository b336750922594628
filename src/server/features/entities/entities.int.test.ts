import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { paperEntities } from "@/server/db/schema";
import type { EntityResponse, PaperEntity } from "@/shared/entities";
import type { Paper } from "@/shared/paper";
import { useSandboxedServer } from "@/test/sandboxed-server";
import { testDatabaseKind } from "@/test/test-database";
import { createSignedInUser, type SignedInUser } from "@/test/test-users";

/**
 * POST /api/entities against the sandbox's arXiv, OpenAlex and Crossref: one entity per paper
 * whichever id it is reached by, merged from all three, also under concurrent ensures.
 */

const env = useSandboxedServer();
let user: SignedInUser;
/** Corpus papers: with a journal DOI (known to Crossref too) and without. */
let journalPaper: Paper;
let preprints: Paper[];

type Answer = Omit<EntityResponse, "error"> & { error: unknown; matched?: { source: string; id: string }[] };

async function post(body: unknown, headers: Record<string, string> = user.headers()): Promise<{ status: number; body: Answer }> {
  const response = await fetch(`${env.server.url}/api/entities`, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

async function ensured(paper: Partial<Paper> & { id: string }): Promise<PaperEntity> {
  const answer = await post({ action: "ensure", paper });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body).toMatchObject({ success: true, error: null });
  return answer.body.entity!;
}

const arxivAnswersFor = async (query: string): Promise<Paper[]> => {
  const response = await fetch(`${env.server.url}/api/search?source=arxiv&q=${encodeURIComponent(query)}&size=100`);
  return ((await response.json()) as { papers: Paper[] }).papers;
};

beforeAll(async () => {
  user = await createSignedInUser(env.server);
  const papers = [...(await arxivAnswersFor("cat:hep-ph")), ...(await arxivAnswersFor("cat:cs.LG"))];
  journalPaper = papers.find((paper) => paper.doi && !paper.doi.startsWith("10.48550"))!;
  preprints = papers.filter((paper) => !paper.doi);
  expect(journalPaper, "a corpus paper with a journal DOI").toBeDefined();
  expect(preprints.length).toBeGreaterThan(3);
}, 120_000);

describe(`POST /api/entities (${testDatabaseKind})`, () => {
  it("ensures one entity per paper, and finds it again by id", async () => {
    const paper = preprints[0]!;
    const entity = await ensured({ id: paper.id });
    expect(entity).toMatchObject({
      title: paper.title,
      primary_source: "arxiv",
      source_ids: { arxiv: paper.id },
      submission_date: paper.publishedDate,
      publication_info: {},
    });
    expect(entity.source_history).toEqual([expect.objectContaining({ source: "arxiv", id: paper.id, action: "ensure" })]);
    // Sent with a version suffix and the client's whole paper record, it is the same entity, with no new history line.
    const again = await ensured({ ...paper, id: `${paper.id}v2`, title: "Something the client made up" });
    expect(again.id).toBe(entity.id);
    expect(again.title).toBe(paper.title);
    expect(again.source_history).toHaveLength(1);
  }, 60_000);

  it("gives concurrent ensures of one paper one entity", async () => {
    const paper = preprints[1]!;
    const answers = await Promise.all(Array.from({ length: 8 }, () => post({ action: "ensure", paper: { id: paper.id } })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => answer.body.entity!.id)).size).toBe(1);
    const rows = await env.server.database.db.select().from(paperEntities).where(eq(paperEntities.arxivId, paper.id.toLowerCase()));
    expect(rows).toHaveLength(1);
  }, 60_000);

  it("enriches from OpenAlex and Crossref, and the DOI then leads to the same entity", async () => {
    const entity = await ensured({ id: journalPaper.id });
    const enriched = await post({ action: "enrich", entityId: entity.id });
    expect(enriched.status, JSON.stringify(enriched.body)).toBe(200);
    const merged = enriched.body.entity!;
    expect(merged.id).toBe(entity.id);
    expect(merged.primary_source).toBe("arxiv");
    expect(merged.source_ids).toMatchObject({ arxiv: journalPaper.id, doi: journalPaper.doi!.toLowerCase(), crossref: journalPaper.doi!.toLowerCase() });
    expect(merged.source_ids.openalex).toMatch(/^W\d+$/);
    expect(merged.publication_info.journal).toBeTruthy();
    expect(merged.publication_date).toBeTruthy();
    expect(typeof merged.metadata.citationCount).toBe("number");
    expect(merged.source_history.map((entry) => `${entry.source}:${entry.action}`)).toEqual(
      expect.arrayContaining(["arxiv:ensure", "openalex:enrich", "crossref:enrich"]),
    );
    expect(enriched.body.warnings).toEqual([]);

    const byDoi = await ensured({ id: journalPaper.doi! });
    expect(byDoi.id).toBe(entity.id);
    const byWork = await ensured({ id: merged.source_ids.openalex! });
    expect(byWork.id).toBe(entity.id);
  }, 60_000);

  it("merges a paper first met through OpenAlex with its arXiv record", async () => {
    const paper = preprints[2]!;
    const work = await (await fetch(`${env.server.url}/api/papers/work?doi=${encodeURIComponent(`10.48550/arXiv.${paper.id}`)}`)).json();
    expect(work.workId).toMatch(/^W\d+$/);
    const fromOpenAlex = await ensured({ id: work.workId });
    expect(fromOpenAlex.primary_source).toBe("openalex");
    const fromArxiv = await ensured({ id: paper.id });
    expect(fromArxiv.id).toBe(fromOpenAlex.id);
    expect(fromArxiv.primary_source).toBe("arxiv");
    expect(fromArxiv.source_ids).toMatchObject({ arxiv: paper.id, openalex: work.workId });
  }, 60_000);

  it("finds the published version by title, authors and year (search_enrich)", async () => {
    const entity = await ensured({ id: journalPaper.id });
    const answer = await post({ action: "search_enrich", entityId: entity.id, searchTerms: { title: journalPaper.title, authors: journalPaper.authors } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.matched!.map((match) => match.source)).toEqual(expect.arrayContaining(["crossref"]));
    expect(answer.body.entity!.source_ids.crossref).toBe(journalPaper.doi!.toLowerCase());
    // Terms no work matches merge nothing and say so.
    const nothing = await post({ action: "search_enrich", entityId: entity.id, searchTerms: { title: "zzqx unmatched title words", authors: "Nobody Atall" } });
    expect(nothing.status).toBe(200);
    expect(nothing.body.matched).toEqual([]);
  }, 60_000);

  it("answers 404 for an id no source knows and for an unknown entity", async () => {
    const unknownArxiv = await post({ action: "ensure", paper: { id: "0704.99999" } });
    expect(unknownArxiv.status).toBe(404);
    expect(unknownArxiv.body.error).toEqual({ code: "not_found", message: "Paper not found." });
    const unknownDoi = await post({ action: "ensure", paper: { id: "10.9999/no.such.paper" } });
    expect(unknownDoi.status).toBe(404);
    const unknownEntity = await post({ action: "enrich", entityId: "00000000-0000-4000-8000-000000000000" });
    expect(unknownEntity.status).toBe(404);
    expect(unknownEntity.body.error).toEqual({ code: "not_found", message: "Entity not found." });
    expect(await env.server.database.db.select().from(paperEntities).where(eq(paperEntities.arxivId, "0704.99999"))).toEqual([]);
  }, 60_000);

  it("refuses bad input with a clear message, and signed-out callers", async () => {
    const cases: [unknown, RegExp][] = [
      [{ action: "merge" }, /action must be one of ensure, enrich, search_enrich/],
      [{ action: "ensure" }, /paper/],
      [{ action: "ensure", paper: { id: "not a paper id" } }, /Invalid paper ID or URL/],
      [{ action: "ensure", paper: { id: "   " } }, /Invalid paper ID or URL/],
      [{ action: "enrich", entityId: "x" }, /entityId must be an entity id/],
      [{ action: "search_enrich", entityId: "00000000-0000-4000-8000-000000000000", searchTerms: { title: "" } }, /Please enter a paper title/],
      [{ action: "search_enrich", entityId: "00000000-0000-4000-8000-000000000000", searchTerms: { title: "x", year: "soon" } }, /year must be a number/],
    ];
    for (const [body, message] of cases) {
      const answer = await post(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((answer.body.error as { message: string }).message, JSON.stringify(body)).toMatch(message);
    }
    const malformed = await fetch(`${env.server.url}/api/entities`, { method: "POST", headers: user.headers(), body: "{" });
    expect(malformed.status).toBe(400);
    const signedOut = await post({ action: "ensure", paper: { id: preprints[0]!.id } }, { "Content-Type": "application/json", Origin: env.server.url });
    expect(signedOut.status).toBe(401);
  }, 60_000);

  it("reports an upstream failure in the source's words", async () => {
    await fetch(`${env.sandbox.url}/__control/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ route: "arxiv-api", status: 503, times: 3, match: preprints[3]!.id }),
    });
    const answer = await post({ action: "ensure", paper: { id: preprints[3]!.id } });
    expect(answer.status).toBe(502);
    expect((answer.body.error as { message: string }).message).toBe("ArXiv API error: 503 Service Unavailable");
  }, 60_000);

  it("keeps the record of a paper the reader looked up, and the reading history then names its entity", async () => {
    const paper = preprints[4] ?? preprints[2]!;
    const lookup = await fetch(`${env.server.url}/api/papers/lookup?id=${encodeURIComponent(paper.id)}`);
    expect(lookup.status).toBe(200);
    // Kept after the answer: wait for it.
    const deadline = Date.now() + 10_000;
    let rows: { id: string }[] = [];
    while (rows.length === 0 && Date.now() < deadline) {
      rows = await env.server.database.db.select({ id: paperEntities.id }).from(paperEntities).where(eq(paperEntities.arxivId, paper.id.replace(/v\d+$/, "").toLowerCase()));
      if (rows.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(rows).toHaveLength(1);
    const history = await fetch(`${env.server.url}/api/me/history`, {
      method: "POST",
      headers: user.headers(),
      body: JSON.stringify({ paper: (await lookup.json()).paper, viewType: "abs" }),
    });
    expect(history.status).toBe(200);
    expect((await history.json()).entry.entityId).toBe(rows[0]!.id);
    // Ensured later by id, it is the same entity.
    expect((await ensured({ id: paper.id })).id).toBe(rows[0]!.id);
  }, 60_000);
});
