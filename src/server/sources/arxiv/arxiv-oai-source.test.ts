import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { UpstreamClient, UpstreamRequestOptions } from "@/server/sources/http/upstream-client";
import { UpstreamError } from "@/server/sources/http/upstream-error";
import {
  ArxivOaiError,
  ArxivOaiMalformedError,
  createArxivOaiSource,
  parseOaiIdentify,
  parseOaiListPage,
  parseOaiRecord,
  parseOaiSets,
  splitAuthorLine,
  texAccentsToUnicode,
} from "./arxiv-oai-source";

/** Real answers of arXiv's OAI-PMH service, recorded (see sandbox/data/PROVENANCE.md). */
const recording = (file: string) => readFileSync(fileURLToPath(new URL(`../../../../sandbox/data/recordings/oaipmh/${file}`, import.meta.url)), "utf8");

const envelope = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><responseDate>2026-03-10T12:00:00Z</responseDate><request verb="ListRecords">https://oaipmh.arxiv.org/oai</request>${body}</OAI-PMH>`;

describe("parsing arXiv's recorded answers", () => {
  it("reads a ListRecords page in arXivRaw: versions with dates and sizes, the token and its counts", () => {
    const page = parseOaiListPage(recording("SampleListRecordsResponse.xml"));
    expect(page.records.map((record) => record.id)).toEqual(["0704.0471", "0704.0716", "0704.0874", "0704.1109", "0704.1114", "0704.1586"]);
    expect(page).toMatchObject({ resumptionToken: "726959|1001", cursor: 0, completeListSize: 58011, responseDate: "2015-01-06T20:49:59Z" });
    expect(page.records[0]).toEqual({
      id: "0704.0471",
      datestamp: "2014-11-18",
      deleted: false,
      sets: ["physics:nucl-ex", "physics:nucl-th"],
      versions: [{ version: 1, submitted: "2007-04-03T22:04:11Z", sizeKb: 294, sourceType: null }],
      title: "Density dependence of the symmetry energy and the nuclear equation of state: A Dynamical and Statistical model perspective",
      authors: [
        { name: "D.V. Shetty", affiliations: [] },
        { name: "S.J. Yennello", affiliations: [] },
        { name: "G.A. Souliotis", affiliations: [] },
      ],
      authorLine: "D.V. Shetty, S.J. Yennello, and G.A. Souliotis",
      abstract: expect.stringContaining('rules out an extremely " stiff " and " soft " form of the density dependence'),
      categories: ["nucl-ex", "nucl-th"],
      comments: "16 pages, 14 figures",
      journalRef: "Phys.Rev.C76:024606,2007; Erratum-ibid.C76:039902,2007",
      doi: "10.1103/PhysRevC.76.024606 10.1103/PhysRevC.76.039902",
      reportNo: null,
      mscClass: null,
      acmClass: null,
      license: null,
      submitter: "Dinesh Shetty",
      proxy: null,
    });
    const fourVersions = page.records[1]!;
    expect(fourVersions.versions.map((version) => [version.version, version.submitted, version.sizeKb])).toEqual([
      [1, "2007-04-05T12:45:03Z", 43],
      [2, "2007-09-28T15:13:43Z", 48],
      [3, "2008-02-29T16:05:39Z", 48],
      [4, "2008-11-14T09:07:25Z", 49],
    ]);
    expect(fourVersions).toMatchObject({ mscClass: "05A15, 05A16", license: "http://arxiv.org/licenses/nonexclusive-distrib/1.0/", categories: ["math-ph", "math.MP"] });
  });

  it("reads a GetRecord with source types", () => {
    const record = parseOaiRecord(recording("SampleGetRecordResponse.xml"))!;
    expect(record.versions).toEqual([
      { version: 1, submitted: "2013-02-08T21:00:01Z", sizeKb: 853, sourceType: "D" },
      { version: 2, submitted: "2013-04-02T01:50:08Z", sizeKb: 849, sourceType: "D" },
    ]);
    expect(record.authors.map((author) => author.name)).toEqual(["Joshua Berger", "Maxim Perelstein", "Michael Saelim", "Philip Tanedo"]);
    expect(record.sets).toEqual(["physics:hep-ex", "physics:hep-ph"]);
  });

  it("turns OAI errors into typed values; noRecordsMatch is an empty page and idDoesNotExist no record", () => {
    expect(parseOaiListPage(recording("ErrorResponseNoRecordsMatch.xml"))).toEqual({ records: [], resumptionToken: null, cursor: null, completeListSize: null, tokenExpires: null, responseDate: null });
    expect(parseOaiRecord(recording("ErrorResponseIdDoesNotExist.xml"))).toBeNull();
    expect(() => parseOaiListPage(recording("ErrorResponseBadResumptionToken.xml"))).toThrow(expect.objectContaining({ name: "ArxivOaiError", code: "badResumptionToken" }));
    expect(() => parseOaiListPage(recording("ErrorResponseBadArgument.xml"))).toThrow(new ArxivOaiError("badArgument", "Verb 'ListRecords', illegal argument 'identifier'."));
    expect(() => parseOaiIdentify(recording("SampleErrorResponse.xml"))).toThrow(expect.objectContaining({ code: "badVerb" }));
  });
});

describe("parsing arXiv's current service", () => {
  it("reads `expires`, the empty token that ends a list, deleted headers and character references", () => {
    const page = parseOaiListPage(
      envelope(`<ListRecords>
        <record><header status="deleted"><identifier>oai:arXiv.org:hep-th/9901001</identifier><datestamp>2026-01-02</datestamp><setSpec>physics:hep-th</setSpec></header></record>
        <record><header><identifier>oai:arXiv.org:2601.00001</identifier><datestamp>2026-01-02</datestamp><setSpec>cs:cs:LG</setSpec></header>
          <metadata><arXivRaw xmlns="http://arxiv.org/OAI/arXivRaw/"><id>2601.00001</id><submitter>A</submitter>
            <version version="v1"><date>Mon, 07 Oct 2024 10:45:05 GMT</date><size>2113kb</size><source_type>D</source_type></version>
            <title>Fish &amp; &#34;chips&#34; &#39;n</title><authors>Fr\\'ed\\'eric M{\\"u}ller (CNRS), and J. Smith, Jr.</authors><categories>cs.LG stat.ML</categories><abstract>  One
two.</abstract></arXivRaw></metadata></record>
        <resumptionToken expires='2026-03-11T00:00:00Z'>verb%3DListRecords%26skip%3D2</resumptionToken>
      </ListRecords>`),
    );
    expect(page.records[0]).toMatchObject({ id: "hep-th/9901001", deleted: true, sets: ["physics:hep-th"], versions: [], title: null, authors: [], categories: [] });
    expect(page.records[1]).toMatchObject({ title: `Fish & "chips" 'n`, abstract: "One two.", categories: ["cs.LG", "stat.ML"] });
    expect(page.records[1]!.authors).toEqual([
      { name: "Frédéric Müller", affiliations: ["CNRS"] },
      { name: "J. Smith, Jr.", affiliations: [] },
    ]);
    expect(page).toMatchObject({ resumptionToken: "verb%3DListRecords%26skip%3D2", tokenExpires: "2026-03-11T00:00:00Z", cursor: null, completeListSize: null });
    expect(parseOaiListPage(envelope("<ListRecords><resumptionToken/></ListRecords>")).resumptionToken).toBeNull();
    expect(parseOaiListPage(envelope("<ListIdentifiers><header><identifier>oai:arXiv.org:2601.00001</identifier><datestamp>2026-01-02</datestamp></header></ListIdentifiers>"), "ListIdentifiers").records[0]).toMatchObject({ id: "2601.00001", versions: [] });
  });

  it("refuses what is not OAI-PMH", () => {
    expect(() => parseOaiListPage("<html><body><h1>Retry after 10 seconds</h1></body></html>")).toThrow(ArxivOaiMalformedError);
    expect(() => parseOaiListPage(envelope("<ListRecords><record><header>"))).toThrow(ArxivOaiMalformedError);
    expect(() => parseOaiListPage(envelope("<Identify/>"))).toThrow(/no ListRecords/);
    expect(() => parseOaiListPage(envelope("<ListRecords><record><header><identifier>oai:arXiv.org:1</identifier></header></record></ListRecords>"))).toThrow(/without identifier or datestamp/);
  });

  it("reads Identify and ListSets", () => {
    const identity = parseOaiIdentify(
      envelope("<Identify><repositoryName>arXiv</repositoryName><baseURL>https://oaipmh.arxiv.org/oai</baseURL><protocolVersion>2.0</protocolVersion><adminEmail>help@arxiv.org</adminEmail><earliestDatestamp>2005-09-16</earliestDatestamp><deletedRecord>persistent</deletedRecord><granularity>YYYY-MM-DD</granularity></Identify>"),
    );
    expect(identity).toEqual({ repositoryName: "arXiv", baseUrl: "https://oaipmh.arxiv.org/oai", protocolVersion: "2.0", earliestDatestamp: "2005-09-16", deletedRecord: "persistent", granularity: "YYYY-MM-DD", adminEmails: ["help@arxiv.org"] });
    expect(parseOaiSets(envelope("<ListSets><set><setSpec>cs</setSpec><setName>Computer Science</setName></set><set><setSpec>cs:cs:AI</setSpec><setName>Artificial Intelligence</setName></set></ListSets>"))).toEqual([
      { spec: "cs", name: "Computer Science" },
      { spec: "cs:cs:AI", name: "Artificial Intelligence" },
    ]);
  });
});

describe("author lines", () => {
  it("split names, affiliations and numbered affiliations", () => {
    expect(splitAuthorLine("A. Author (1), B. Builder (1 and 2), C. Carter ((1) Univ X, (2) Lab Y)")).toEqual([
      { name: "A. Author", affiliations: ["Univ X"] },
      { name: "B. Builder", affiliations: ["Univ X", "Lab Y"] },
      { name: "C. Carter", affiliations: [] },
    ]);
    expect(splitAuthorLine("Igor A. Zaliznyak and John M. Tranquada").map((author) => author.name)).toEqual(["Igor A. Zaliznyak", "John M. Tranquada"]);
    expect(splitAuthorLine("The ATLAS Collaboration")).toEqual([{ name: "The ATLAS Collaboration", affiliations: [] }]);
  });

  it("turn TeX accents into letters", () => {
    expect(texAccentsToUnicode(`Schr\\"odinger, Erd\\H{o}s, {\\o}stergaard, G\\"{o}del, \\v{C}ech, Fran\\c{c}ois`)).toBe("Schrödinger, Erdős, østergaard, Gödel, Čech, François");
  });
});

describe("the source", () => {
  function fakeClient(bodies: string[], status = 200) {
    const calls: { url: string; options: UpstreamRequestOptions }[] = [];
    const client = {
      source: "arxiv",
      async get(url: string, options: UpstreamRequestOptions = {}) {
        calls.push({ url, options });
        return { status, statusText: status === 200 ? "OK" : "Service Unavailable", contentType: "text/xml", body: bodies[Math.min(calls.length - 1, bodies.length - 1)]!, origin: "network" as const };
      },
    } as unknown as UpstreamClient;
    return { client, calls };
  }

  it("asks for arXivRaw with from, until and set, then with the token alone; never cached, no deadline", async () => {
    const first = envelope(`<ListRecords><record><header><identifier>oai:arXiv.org:2601.00001</identifier><datestamp>2026-01-02</datestamp></header><metadata><arXivRaw><id>2601.00001</id><version version="v1"><date>Fri, 1 Jan 1999</date><size>1kb</size></version></arXivRaw></metadata></record><resumptionToken expires="2026-03-11T00:00:00Z">verb%3DListRecords%26skip%3D1</resumptionToken></ListRecords>`);
    const last = envelope("<ListRecords><record><header><identifier>oai:arXiv.org:2601.00002</identifier><datestamp>2026-01-03</datestamp></header></record><resumptionToken/></ListRecords>");
    const { client, calls } = fakeClient([first, last]);
    const source = createArxivOaiSource({ client, oaiUrl: "https://oaipmh.arxiv.org/oai" });
    const pages = [];
    for await (const page of source.harvest({ from: "2026-01-01", until: "2026-01-31", set: "cs" })) pages.push(page);
    expect(pages.map((page) => page.records.map((record) => record.id))).toEqual([["2601.00001"], ["2601.00002"]]);
    // A date without a time is midnight GMT, whatever the server's zone.
    expect(pages[0]!.records[0]!.versions[0]!.submitted).toBe("1999-01-01T00:00:00Z");
    expect(calls.map((call) => call.url)).toEqual([
      "https://oaipmh.arxiv.org/oai?verb=ListRecords&metadataPrefix=arXivRaw&from=2026-01-01&until=2026-01-31&set=cs",
      "https://oaipmh.arxiv.org/oai?verb=ListRecords&resumptionToken=verb%253DListRecords%2526skip%253D1",
    ]);
    for (const call of calls) {
      expect(call.options.freshMs).toBe(0);
      expect(call.options.deadlineMs).toBeUndefined();
    }
  });

  it("looks one record up, and knows when arXiv has none", async () => {
    const { client, calls } = fakeClient([recording("SampleGetRecordResponse.xml"), recording("ErrorResponseIdDoesNotExist.xml")]);
    const source = createArxivOaiSource({ client, oaiUrl: "https://oaipmh.arxiv.org/oai" });
    expect((await source.getRecord("1302.2146"))?.title).toBe("The Same-Sign Dilepton Signature of RPV/MFV SUSY");
    expect(await source.getRecord("0813.2274")).toBeNull();
    expect(calls[0]!.url).toBe("https://oaipmh.arxiv.org/oai?verb=GetRecord&identifier=oai%3AarXiv.org%3A1302.2146&metadataPrefix=arXivRaw");
  });

  it("fails with the upstream's status when flow control outlasts the client's retries", async () => {
    const { client } = fakeClient(["<html><body>\n<h1>Retry after 10 seconds</h1>\n</body></html>\n"], 503);
    const source = createArxivOaiSource({ client, oaiUrl: "https://oaipmh.arxiv.org/oai" });
    await expect(source.listRecords()).rejects.toThrow(UpstreamError);
    await expect(source.listRecords()).rejects.toMatchObject({ status: 503 });
  });

  it("keeps Identify and ListSets a day", async () => {
    const { client, calls } = fakeClient([envelope("<ListSets><set><setSpec>cs</setSpec><setName>Computer Science</setName></set></ListSets>")]);
    await createArxivOaiSource({ client, oaiUrl: "https://oaipmh.arxiv.org/oai" }).listSets();
    expect(calls[0]!.options.freshMs).toBe(24 * 60 * 60 * 1000);
  });
});
