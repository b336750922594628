/**
 * Quire's own OpenAlex and Crossref sources (URL building and parsing, src/server/sources) against
 * the sandbox over HTTP, through a plain fetch in place of Quire's cached, rate-limited client.
 */
import { describe, expect, it } from "vitest";
import { createCrossrefSource } from "../../src/server/sources/crossref/crossref-source";
import type { UpstreamClient } from "../../src/server/sources/http/upstream-client";
import { createOpenAlexSource } from "../../src/server/sources/openalex/openalex-source";
import { paperSchema } from "../../src/shared/paper";
import { useSandbox } from "../test-support/use-sandbox";

const sandbox = useSandbox();

/** Just the `get` the sources call. */
const client = {
  async get(url: string, options: { accept?: string } = {}) {
    const response = await fetch(url, { headers: { Accept: options.accept ?? "*/*" } });
    return { status: response.status, statusText: response.statusText, contentType: response.headers.get("content-type"), body: await response.text(), origin: "network" as const };
  },
} as unknown as UpstreamClient;

describe("Quire's OpenAlex source against the sandbox", () => {
  it("searches and looks works up", async () => {
    const openalex = createOpenAlexSource({ client, baseUrl: `${sandbox.url}/openalex`, mailto: "test@example.org" });
    const found = await openalex.searchWorks({ search: "retrieval augmented generation", filter: "from_publication_date:2025-01-01", sort: "relevance_score:desc", page: 1, perPage: 10 });
    expect(found.papers).toHaveLength(10);
    for (const paper of found.papers) expect(() => paperSchema.parse(paper)).not.toThrow();
    expect(found.papers[0]!.arxivId).toMatch(/^\d{4}\.\d{4,5}$/);
    const byDoi = await openalex.getWork("doi:10.48550/arxiv.2312.07559");
    expect(byDoi).toMatchObject({ id: "W4389761608", title: "PaperQA: Retrieval-Augmented Generative Agent for Scientific Research" });
    expect(await openalex.getWork("W1")).toBeNull();
  });

  it("keeps OpenAlex's words when it refuses a filter", async () => {
    const openalex = createOpenAlexSource({ client, baseUrl: `${sandbox.url}/openalex` });
    await expect(openalex.searchWorks({ filter: "nonsense:1" })).rejects.toThrow(/nonsense is not a valid field/);
  });
});

describe("Quire's Crossref source against the sandbox", () => {
  it("searches and looks works up; arXiv DOIs are not Crossref's", async () => {
    const crossref = createCrossrefSource({ client, baseUrl: `${sandbox.url}/crossref`, mailto: "test@example.org" });
    const found = await crossref.searchWorks({ bibliographic: "quantum spin liquid", sort: "relevance", order: "desc", rows: 10, offset: 0 });
    expect(found.papers.length).toBeGreaterThan(0);
    for (const paper of found.papers) expect(() => paperSchema.parse(paper)).not.toThrow();
    expect(await crossref.getWork("10.1103/PhysRevD.76.013009")).toMatchObject({ doi: "10.1103/physrevd.76.013009", journal: "Physical Review D", volume: "76" });
    expect(await crossref.getWork("10.48550/arXiv.2312.07559")).toBeNull();
  });
});
