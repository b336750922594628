/**
 * arXiv's OAI-PMH service in the sandbox, over HTTP: every verb and format, sets, date ranges,
 * paging with resumption tokens (a harvest in small pages is the whole corpus), each error,
 * changes through the control API (in OAI-PMH and in the query API), arXiv's flow control
 * through the fault queue, and Quire's own client through its upstream client.
 */
import { XMLParser } from "fast-xml-parser";
import { afterEach, describe, expect, it } from "vitest";
import pino from "pino";
import { createArxivOaiSource } from "../../src/server/sources/arxiv/arxiv-oai-source";
import { createLocalIntervalLimiter } from "../../src/server/sources/http/rate-limit";
import { createUpstreamClient } from "../../src/server/sources/http/upstream-client";
import { createAtomParser, getCorpus } from "../corpus";
import { startSandbox } from "../server";
import { addArxivPaper, addArxivVersion, arxivState, deleteArxivRecord, publishArxivPaper, resetArxiv, setArxivOai } from "../test-support/arxiv-oai";
import { useSandbox } from "../test-support/use-sandbox";

const sandbox = useSandbox();
afterEach(async () => {
  await resetArxiv(sandbox.url);
});

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  htmlEntities: true,
  isArray: (name) => ["record", "header", "setSpec", "version", "metadataFormat", "set"].includes(name),
});

type Doc = Record<string, any>;

async function oai(query: string, init?: RequestInit): Promise<{ status: number; contentType: string | null; xml: string; doc: Doc }> {
  const response = init ? await fetch(`${sandbox.url}/arxiv/oai`, init) : await sandbox.get(`/arxiv/oai?${query}`);
  const xml = await response.text();
  return { status: response.status, contentType: response.headers.get("content-type"), xml, doc: response.status === 200 ? parser.parse(xml)["OAI-PMH"] : {} };
}

const idsOf = (list: Doc | undefined): string[] => (list?.record ?? list?.header ?? []).map((item: Doc) => (item.header?.[0] ?? item).identifier.replace("oai:arXiv.org:", ""));
const headersOf = (list: Doc | undefined): Doc[] => (list?.record ?? list?.header ?? []).map((item: Doc) => item.header?.[0] ?? item);
const tokenOf = (list: Doc | undefined): string | null => {
  const token = list?.resumptionToken;
  return token && typeof token === "object" && token["#text"] ? token["#text"] : null;
};
const day = (iso: string) => iso.slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);

/** Every page of a list, following the tokens. */
async function harvest(first: string, element: "ListRecords" | "ListIdentifiers"): Promise<{ headers: Doc[]; pages: number }> {
  const headers: Doc[] = [];
  let query: string | null = first;
  let pages = 0;
  while (query) {
    const { doc } = await oai(query);
    expect(doc.error, `${query}: ${JSON.stringify(doc.error)}`).toBeUndefined();
    headers.push(...headersOf(doc[element]));
    pages += 1;
    const token = tokenOf(doc[element]);
    query = token ? `verb=${element}&resumptionToken=${encodeURIComponent(token)}` : null;
  }
  return { headers, pages };
}

describe("the verbs", () => {
  it("Identify, as text/xml at the sandbox's own URL", async () => {
    const { status, contentType, doc } = await oai("verb=Identify");
    expect(status).toBe(200);
    expect(contentType).toBe("text/xml");
    expect(doc.request).toEqual({ "#text": `${sandbox.url}/arxiv/oai`, "@verb": "Identify" });
    expect(doc.Identify).toMatchObject({ repositoryName: "arXiv", baseURL: `${sandbox.url}/arxiv/oai`, earliestDatestamp: "2005-09-16", deletedRecord: "persistent", granularity: "YYYY-MM-DD" });
  });

  it("ListSets and ListMetadataFormats", async () => {
    const sets = (await oai("verb=ListSets")).doc.ListSets.set.map((set: Doc) => set.setSpec[0]);
    for (const spec of ["cs", "math", "physics", "physics:hep-th", "physics:astro-ph", "cs:cs:AI", "physics:astro-ph:CO", "econ:econ:EM"]) expect(sets).toContain(spec);
    const formats = (await oai("verb=ListMetadataFormats&identifier=oai:arXiv.org:hep-th/9912999")).doc;
    expect(formats.error?.["@code"]).toBe("idDoesNotExist");
    const paper = getCorpus().papers[0]!;
    const known = (await oai(`verb=ListMetadataFormats&identifier=oai:arXiv.org:${paper.id}`)).doc;
    expect(known.ListMetadataFormats.metadataFormat.map((format: Doc) => format.metadataPrefix)).toEqual(["oai_dc", "arXiv", "arXivOld", "arXivRaw"]);
  });

  it("GetRecord in each format; arXivRaw carries every version with its date and size", async () => {
    const paper = getCorpus().papers.find((candidate) => candidate.versions.length >= 3 && candidate.source === "abs")!;
    const raw = (await oai(`verb=GetRecord&identifier=oai:arXiv.org:${paper.id}&metadataPrefix=arXivRaw`)).doc.GetRecord.record[0];
    expect(raw.header[0].identifier).toBe(`oai:arXiv.org:${paper.id}`);
    expect(raw.metadata.arXivRaw.id).toBe(paper.id);
    expect(raw.metadata.arXivRaw.version.map((version: Doc) => [version["@version"], new Date(Date.parse(version.date)).toISOString().replace(".000Z", "Z")])).toEqual(
      paper.versions.map((version) => [`v${version.version}`, version.created]),
    );
    for (const version of raw.metadata.arXivRaw.version) expect(version.size).toMatch(/^\d+kb$/);
    const arxiv = (await oai(`verb=GetRecord&identifier=oai:arXiv.org:${paper.id}&metadataPrefix=arXiv`)).doc.GetRecord.record[0].metadata.arXiv;
    expect(arxiv).toMatchObject({ id: paper.id, created: day(paper.published), updated: day(paper.updated) });
    const dc = (await oai(`verb=GetRecord&identifier=oai:arXiv.org:${paper.id}&metadataPrefix=oai_dc`)).doc.GetRecord.record[0].metadata["oai_dc:dc"];
    expect(dc["dc:identifier"]).toContain(`http://arxiv.org/abs/${paper.id}`);
    const old = (await oai(`verb=GetRecord&identifier=oai:arXiv.org:${paper.id}&metadataPrefix=arXivOld`)).doc.GetRecord.record[0].metadata.arXivOld;
    expect(old.id).toBe(paper.id);
  });

  it("ListRecords by set and date range selects on the datestamp and the categories", async () => {
    const from = "2025-06-01";
    const until = "2025-06-30";
    const expected = getCorpus()
      .papers.filter((paper) => day(paper.updated) >= from && day(paper.updated) <= until && paper.categories.includes("cs.CL"))
      .map((paper) => paper.id)
      .sort();
    expect(expected.length).toBeGreaterThan(50);
    const { headers } = await harvest(`verb=ListIdentifiers&metadataPrefix=arXivRaw&set=cs:cs:CL&from=${from}&until=${until}`, "ListIdentifiers");
    expect(headers.map((header) => header.identifier.replace("oai:arXiv.org:", "")).sort()).toEqual(expected);
    for (const header of headers) {
      expect(header.datestamp >= from && header.datestamp <= until).toBe(true);
      expect(header.setSpec).toContain("cs:cs:CL");
    }
  });

  it("takes its arguments from a POST form body too", async () => {
    const get = await oai("verb=ListIdentifiers&metadataPrefix=arXiv&set=physics:hep-th&until=2008-12-31");
    const post = await oai("", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "verb=ListIdentifiers&metadataPrefix=arXiv&set=physics%3Ahep-th&until=2008-12-31" });
    expect(idsOf(post.doc.ListIdentifiers)).toEqual(idsOf(get.doc.ListIdentifiers));
    expect(idsOf(get.doc.ListIdentifiers).length).toBeGreaterThan(10);
  });
});

describe("paging", () => {
  it("a harvest in small pages is the whole corpus, each record once, in datestamp order", async () => {
    await setArxivOai(sandbox.url, { recordsPerPage: 900, identifiersPerPage: 2000 });
    const corpusIds = getCorpus().papers.map((paper) => paper.id).sort();
    for (const [element, prefix] of [
      ["ListRecords", "arXivRaw"],
      ["ListIdentifiers", "oai_dc"],
    ] as const) {
      const { headers, pages } = await harvest(`verb=${element}&metadataPrefix=${prefix}`, element);
      expect(pages).toBe(Math.ceil(corpusIds.length / (element === "ListRecords" ? 900 : 2000)));
      const ids = headers.map((header) => header.identifier.replace("oai:arXiv.org:", ""));
      expect(ids.length).toBe(corpusIds.length);
      expect([...ids].sort()).toEqual(corpusIds);
      const stamps = headers.map((header) => header.datestamp);
      expect(stamps).toEqual([...stamps].sort());
    }
  }, 300_000);

  it("a token still works after a restart: it holds the whole request", async () => {
    await setArxivOai(sandbox.url, { identifiersPerPage: 50 });
    const first = await oai("verb=ListIdentifiers&metadataPrefix=arXiv&set=math");
    const token = tokenOf(first.doc.ListIdentifiers)!;
    const next = await oai(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}`);
    const other = await startSandbox({ port: 0 });
    try {
      await setArxivOai(other.url, { identifiersPerPage: 50 });
      const elsewhere = await fetch(`${other.url}/arxiv/oai?verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}`).then((response) => response.text());
      expect(idsOf(parser.parse(elsewhere)["OAI-PMH"].ListIdentifiers)).toEqual(idsOf(next.doc.ListIdentifiers));
    } finally {
      await other.close();
    }
  });
});

describe("errors answer 200 with arXiv's codes", () => {
  it.each([
    ["verb=Harvest", "badVerb"],
    ["verb=ListRecords&metadataPrefix=arXiv&from=01-01-2020", "badArgument"],
    ["verb=ListRecords&metadataPrefix=arXiv&set=physics:hep", "badArgument"],
    ["verb=ListRecords&metadataPrefix=dublin", "cannotDisseminateFormat"],
    ["verb=GetRecord&metadataPrefix=arXiv&identifier=oai:arXiv.org:0000.00001", "idDoesNotExist"],
    ["verb=ListRecords&metadataPrefix=arXiv&from=2026-11-01&set=q-fin", "noRecordsMatch"],
    ["verb=ListRecords&resumptionToken=726959%7C1001", "badResumptionToken"],
  ])("%s -> %s", async (query, code) => {
    const { status, doc } = await oai(query);
    expect(status).toBe(200);
    expect(doc.error["@code"]).toBe(code);
  });
});

describe("changes through the control API", () => {
  it("show in an incremental harvest from their day, in GetRecord, and in the query API", async () => {
    const papers = getCorpus().papers.filter((paper) => paper.source === "daily-listing" && paper.categories.includes("cs.CL"));
    const [revised, published, removed] = papers;
    const atom = createAtomParser();
    const feed = async (query: string) => atom.parse(await (await sandbox.get(`/arxiv/api/query?${query}`)).text()).feed;
    const byTitle = `search_query=${encodeURIComponent(`ti:"${removed!.title.replace(/"/g, "")}"`)}&max_results=50`;
    const entryIds = (found: Doc) => (found.entry ?? []).map((entry: Doc) => entry.id);
    expect(entryIds(await feed(byTitle))).toContain(`http://arxiv.org/abs/${removed!.id}v1`);

    const version = await addArxivVersion(sandbox.url, revised!.id, { comment: "v2: fixed a typo" });
    expect(version).toEqual({ id: revised!.id, version: 2, datestamp: today(), deleted: false });
    await publishArxivPaper(sandbox.url, published!.id, { doi: "10.1000/changed.1", journalRef: "J. Sandbox 1 (2026) 1" });
    await deleteArxivRecord(sandbox.url, removed!.id);
    const added = await addArxivPaper(sandbox.url, { title: "A paper made by a test", authors: ["Ada Lovelace", { name: "Charles Babbage", affiliations: ["Cambridge"] }], abstract: "It exists to be harvested.", categories: ["cs.CL", "cs.LG"] });
    expect((await arxivState(sandbox.url)).changes).toBe(4);

    const { doc } = await oai(`verb=ListRecords&metadataPrefix=arXivRaw&from=${today()}`);
    const records: Doc[] = doc.ListRecords.record;
    expect(records.map((record) => record.header[0].identifier.replace("oai:arXiv.org:", "")).sort()).toEqual([revised!.id, published!.id, removed!.id, added.id].sort());
    const byId = new Map(records.map((record) => [record.header[0].identifier.replace("oai:arXiv.org:", ""), record]));
    expect(byId.get(revised!.id)!.metadata.arXivRaw.version.map((v: Doc) => v["@version"])).toEqual(["v1", "v2"]);
    expect(byId.get(revised!.id)!.metadata.arXivRaw.comments).toBe("v2: fixed a typo");
    expect(byId.get(published!.id)!.metadata.arXivRaw).toMatchObject({ doi: "10.1000/changed.1", "journal-ref": "J. Sandbox 1 (2026) 1" });
    expect(byId.get(removed!.id)).toEqual({ header: [expect.objectContaining({ "@status": "deleted", datestamp: today() })] });
    expect(byId.get(added.id)!.metadata.arXivRaw).toMatchObject({ title: "A paper made by a test", authors: "Ada Lovelace, Charles Babbage (Cambridge)", categories: "cs.CL cs.LG" });
    // Nothing before today changed: a harvest up to yesterday does not see the changed records.
    const earlier = await harvest("verb=ListIdentifiers&metadataPrefix=arXiv&set=cs:cs:CL&from=2025-01-01&until=2026-11-01", "ListIdentifiers");
    expect(earlier.headers.some((header) => [revised!.id, published!.id, removed!.id].includes(header.identifier.replace("oai:arXiv.org:", "")))).toBe(false);

    const listed = await feed(`id_list=${revised!.id},${published!.id},${removed!.id},${added.id}`);
    expect(listed.entry.map((entry: Doc) => entry.id)).toEqual([`http://arxiv.org/abs/${revised!.id}v2`, `http://arxiv.org/abs/${published!.id}v1`, `http://arxiv.org/abs/${added.id}v1`]);
    expect(listed.entry[0]["arxiv:comment"]).toBe("v2: fixed a typo");
    expect(listed.entry[1]["arxiv:doi"]).toBe("10.1000/changed.1");
    // The search index is not rebuilt: a deleted paper drops out of searches.
    expect(entryIds(await feed(byTitle))).not.toContain(`http://arxiv.org/abs/${removed!.id}v1`);

    await resetArxiv(sandbox.url);
    expect((await oai(`verb=ListRecords&metadataPrefix=arXivRaw&from=${today()}`)).doc.error["@code"]).toBe("noRecordsMatch");
    expect((await feed(`id_list=${removed!.id}`)).entry).toHaveLength(1);
  });

  it("refuses changes it cannot make", async () => {
    const paper = getCorpus().papers[0]!;
    const post = (body: unknown) => sandbox.control("POST", "/__control/arxiv/changes", body);
    expect((await post({ change: "new-version", id: "2612.99999" })).status).toBe(404);
    expect((await post({ change: "publish", id: paper.id })).status).toBe(400);
    expect((await post({ change: "new-version", id: paper.id, date: "1990-01-01" })).status).toBe(400);
    expect((await post({ change: "new-paper", id: paper.id, title: "t", authors: ["a"], abstract: "a", categories: ["cs.AI"] })).status).toBe(409);
    expect((await post({ change: "new-paper", title: "t", authors: ["a"], abstract: "a", categories: ["not-a-category"] })).status).toBe(400);
    expect((await post({ change: "teleport", id: paper.id })).status).toBe(400);
    await deleteArxivRecord(sandbox.url, paper.id, { date: "2026-01-05" });
    expect((await post({ change: "new-version", id: paper.id })).status).toBe(409);
  });
});

describe("flow control", () => {
  it("a queued 503 answers as arXiv's flow control does, and Quire's client waits it out", async () => {
    const queued = await sandbox.control("POST", "/__control/faults", { route: "arxiv-oai", status: 503, retryAfter: 1, times: 1 });
    expect(queued.status).toBe(201);
    const refused = await sandbox.get("/arxiv/oai?verb=Identify");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.headers.get("content-type")).toBe("text/html");
    expect(await refused.text()).toBe("<html><body>\n<h1>Retry after 1 seconds</h1>\n</body></html>\n");

    await sandbox.control("POST", "/__control/faults", { route: "arxiv-oai", status: 503, retryAfter: 1, times: 1 });
    const client = createUpstreamClient({ source: "arxiv", limiter: createLocalIntervalLimiter({ intervalMs: 0 }), cache: null, userAgent: "Quire/test", logger: pino({ level: "silent" }) });
    const source = createArxivOaiSource({ client, oaiUrl: `${sandbox.url}/arxiv/oai` });
    const since = Date.now();
    const page = await source.listRecords({ set: "physics:hep-th", until: "2008-12-31" });
    expect(page.records.length).toBeGreaterThan(10);
    const requests = (await (await sandbox.control("GET", `/__control/requests?route=arxiv-oai&since=${since}`)).json()).requests as { ms: number; status: number }[];
    expect(requests.map((request) => request.status)).toEqual([503, 200]);
    expect(requests[1]!.ms - requests[0]!.ms).toBeGreaterThanOrEqual(1000);
  });

  it("the control API's flow control refuses requests that come too close together", async () => {
    await setArxivOai(sandbox.url, { flowControl: { minIntervalMs: 60_000, retryAfterSeconds: 3 } });
    expect((await sandbox.get("/arxiv/oai?verb=Identify")).status).toBe(200);
    const refused = await sandbox.get("/arxiv/oai?verb=Identify");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("3");
  });
});

describe("Quire's client against the sandbox", () => {
  it("harvests a set page by page into typed records", async () => {
    await setArxivOai(sandbox.url, { recordsPerPage: 40 });
    const client = createUpstreamClient({ source: "arxiv", limiter: createLocalIntervalLimiter({ intervalMs: 0 }), cache: null, userAgent: "Quire/test", logger: pino({ level: "silent" }) });
    const source = createArxivOaiSource({ client, oaiUrl: `${sandbox.url}/arxiv/oai` });
    expect((await source.identify()).earliestDatestamp).toBe("2005-09-16");
    expect((await source.listSets()).map((set) => set.spec)).toContain("physics:hep-th");
    const records = [];
    let pages = 0;
    for await (const page of source.harvest({ set: "physics:hep-th" })) {
      records.push(...page.records);
      pages += 1;
    }
    const hepTh = getCorpus().papers.filter((paper) => paper.categories.includes("hep-th"));
    expect(records.map((record) => record.id).sort()).toEqual(hepTh.map((paper) => paper.id).sort());
    expect(pages).toBe(Math.ceil(hepTh.length / 40));
    for (const record of records) {
      expect(record.versions.length).toBeGreaterThan(0);
      expect(record.categories).toContain("hep-th");
      expect(record.authors.length).toBeGreaterThan(0);
      expect(record.title).toBeTruthy();
    }
    expect(await source.getRecord("0000.00001")).toBeNull();
  });
});

describe("the scale corpus", () => {
  it("is served when the sandbox starts with arxivCorpus scale:<N>, changes included", async () => {
    const scaled = await startSandbox({ port: 0, arxivCorpus: "scale:3000" });
    try {
      expect(await arxivState(scaled.url)).toMatchObject({ corpus: "scale:3000", records: 3000, changes: 0 });
      await setArxivOai(scaled.url, { identifiersPerPage: 1000 });
      const ids: string[] = [];
      let query: string | null = "verb=ListIdentifiers&metadataPrefix=arXivRaw";
      while (query) {
        const list: Doc = parser.parse(await (await fetch(`${scaled.url}/arxiv/oai?${query}`)).text())["OAI-PMH"].ListIdentifiers;
        ids.push(...idsOf(list));
        const token = tokenOf(list);
        query = token ? `verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}` : null;
      }
      expect(ids).toHaveLength(3000);
      expect(new Set(ids).size).toBe(3000);
      const id = ids[2500]!;
      const record = parser.parse(await (await fetch(`${scaled.url}/arxiv/oai?verb=GetRecord&metadataPrefix=arXivRaw&identifier=oai:arXiv.org:${id}`)).text())["OAI-PMH"].GetRecord.record[0];
      expect(record.metadata.arXivRaw.id).toBe(id);
      await addArxivVersion(scaled.url, id, { comment: "revised at scale" });
      const changed: Doc = parser.parse(await (await fetch(`${scaled.url}/arxiv/oai?verb=ListRecords&metadataPrefix=arXivRaw&from=${today()}`)).text())["OAI-PMH"].ListRecords;
      expect(idsOf(changed)).toEqual([id]);
      expect(changed.record[0].metadata.arXivRaw.comments).toBe("revised at scale");
      // The query API keeps the real corpus: deleting a scale record that shares a real paper's id leaves that paper alone.
      const shared = ids.find((candidate) => getCorpus().byId.has(candidate))!;
      await deleteArxivRecord(scaled.url, shared);
      const feed = createAtomParser().parse(await (await fetch(`${scaled.url}/arxiv/api/query?id_list=${shared}`)).text()).feed;
      expect(feed.entry).toHaveLength(1);
    } finally {
      await scaled.close();
    }
  }, 120_000);
});
