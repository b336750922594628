import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { dayString, parseDay, type OaiRecord } from "./oai-record";
import { MemoryCorpus, OaiRepository } from "./oai-repository";
import { answerOai, type OaiSettings } from "./protocol";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  isArray: (name) => ["record", "header", "setSpec", "version", "metadataFormat", "set", "author", "dc:creator", "dc:date", "dc:subject", "dc:identifier", "dc:description"].includes(name),
});

const NOW = new Date("2026-03-10T12:00:00Z");
const day = (text: string) => parseDay(text)!;

function record(id: string, datestamp: string, overrides: Partial<OaiRecord> = {}): OaiRecord {
  return {
    id,
    day: day(datestamp),
    deleted: false,
    submitter: "Ada Lovelace",
    versions: [{ version: 1, submittedMs: Date.parse(`${datestamp}T09:05:07Z`), sizeKb: 120, sourceType: null }],
    title: `Paper ${id}`,
    authorLine: "Ada Lovelace, Charles Babbage",
    authors: [
      { keyname: "Lovelace", forenames: "Ada", suffix: null, affiliations: [] },
      { keyname: "Babbage", forenames: "Charles", suffix: null, affiliations: ["Cambridge"] },
    ],
    categories: ["cs.LG", "stat.ML"],
    comments: null,
    proxy: null,
    reportNo: null,
    mscClass: null,
    acmClass: null,
    journalRef: null,
    doi: null,
    license: null,
    abstract: `Abstract of ${id}.`,
    ...overrides,
  };
}

const records: OaiRecord[] = [
  record("2601.00003", "2026-01-02"),
  record("2601.00001", "2026-01-02"),
  record("2601.00002", "2026-01-02", { categories: ["hep-th"] }),
  record("hep-th/9901001", "2026-01-02", { categories: ["hep-th"] }),
  record("2601.00010", "2026-01-05"),
  record("2601.00011", "2026-01-05", { categories: ["math.AG"] }),
  record("2601.00012", "2026-01-06", {
    deleted: true,
  }),
  record("2601.00013", "2026-01-07", {
    title: `Fish & "chips" <b>'s`,
    versions: [
      { version: 1, submittedMs: Date.parse("2024-10-07T10:45:05Z"), sizeKb: 2113, sourceType: "D" },
      { version: 2, submittedMs: Date.parse("2026-01-07T08:00:00Z"), sizeKb: 2200, sourceType: null },
    ],
    doi: "10.1000/xyz",
    journalRef: "J. Test 1 (2026) 1",
    license: "http://creativecommons.org/licenses/by/4.0/",
  }),
];

function ask(query: string, settings: OaiSettings = { recordsPerPage: 3, identifiersPerPage: 3 }, repository = new OaiRepository(new MemoryCorpus("test", records))) {
  const pairs = [...new URLSearchParams(query)];
  const xml = answerOai(pairs, { baseUrl: "http://sandbox.test/arxiv/oai", now: NOW, repository, settings });
  return { xml, doc: parser.parse(xml)["OAI-PMH"] as Record<string, any> };
}

const errorOf = (doc: Record<string, any>) => ({ code: doc.error["@code"] as string, text: doc.error["#text"] as string });
const ids = (list: Record<string, any>) => (list.record ?? list.header ?? []).map((item: any) => (item.header?.[0] ?? item).identifier.replace("oai:arXiv.org:", ""));

describe("OAI-PMH verbs", () => {
  it("Identify describes arXiv's repository", () => {
    const { doc } = ask("verb=Identify");
    expect(doc.request).toEqual({ "#text": "http://sandbox.test/arxiv/oai", "@verb": "Identify" });
    expect(doc.responseDate).toBe("2026-03-10T12:00:00Z");
    expect(doc.Identify).toMatchObject({ repositoryName: "arXiv", protocolVersion: "2.0", earliestDatestamp: "2005-09-16", deletedRecord: "persistent", granularity: "YYYY-MM-DD", adminEmail: "help@arxiv.org" });
  });

  it("ListMetadataFormats lists arXiv's four formats, for the repository or one item", () => {
    const prefixes = (doc: Record<string, any>) => doc.ListMetadataFormats.metadataFormat.map((format: any) => format.metadataPrefix);
    expect(prefixes(ask("verb=ListMetadataFormats").doc)).toEqual(["oai_dc", "arXiv", "arXivOld", "arXivRaw"]);
    expect(prefixes(ask("verb=ListMetadataFormats&identifier=oai:arXiv.org:hep-th/9901001").doc)).toHaveLength(4);
    expect(errorOf(ask("verb=ListMetadataFormats&identifier=oai:arXiv.org:2601.99999").doc)).toMatchObject({ code: "idDoesNotExist" });
  });

  it("ListSets lists every set at once", () => {
    const { doc } = ask("verb=ListSets");
    expect(doc.ListSets.set[0]).toEqual({ setSpec: ["physics"], setName: "Physics" });
    expect(doc.ListSets.set.length).toBeGreaterThan(180);
  });

  it("GetRecord gives arXivRaw's versions with their dates and sizes, escaped as arXiv escapes", () => {
    const { xml, doc } = ask("verb=GetRecord&identifier=oai:arXiv.org:2601.00013&metadataPrefix=arXivRaw");
    expect(xml).toContain("<title>Fish &amp; &#34;chips&#34; &lt;b&gt;&#39;s</title>");
    const raw = doc.GetRecord.record[0].metadata.arXivRaw;
    expect(raw["@xmlns"]).toBe("http://arxiv.org/OAI/arXivRaw/");
    expect(raw.version).toEqual([
      { "@version": "v1", date: "Mon, 07 Oct 2024 10:45:05 GMT", size: "2113kb", source_type: "D" },
      { "@version": "v2", date: "Wed, 07 Jan 2026 08:00:00 GMT", size: "2200kb" },
    ]);
    expect(raw).toMatchObject({ id: "2601.00013", submitter: "Ada Lovelace", authors: "Ada Lovelace, Charles Babbage", categories: "cs.LG stat.ML", doi: "10.1000/xyz", "journal-ref": "J. Test 1 (2026) 1" });
    expect(doc.GetRecord.record[0].header[0]).toEqual({ identifier: "oai:arXiv.org:2601.00013", datestamp: "2026-01-07", setSpec: ["cs:cs:LG", "stat:stat:ML"] });
  });

  it("GetRecord in arXiv and oai_dc splits the authors", () => {
    const arxiv = ask("verb=GetRecord&identifier=oai:arXiv.org:2601.00013&metadataPrefix=arXiv").doc.GetRecord.record[0].metadata.arXiv;
    expect(arxiv).toMatchObject({ created: "2024-10-07", updated: "2026-01-07" });
    expect(arxiv.authors.author[1]).toEqual({ keyname: "Babbage", forenames: "Charles", affiliation: "Cambridge" });
    const dc = ask("verb=GetRecord&identifier=oai:arXiv.org:2601.00013&metadataPrefix=oai_dc").doc.GetRecord.record[0].metadata["oai_dc:dc"];
    expect(dc["dc:creator"]).toEqual(["Lovelace, Ada", "Babbage, Charles"]);
    expect(dc["dc:date"]).toEqual(["2024-10-07", "2026-01-07"]);
    expect(dc["dc:identifier"]).toEqual(["http://arxiv.org/abs/2601.00013", "J. Test 1 (2026) 1", "doi:10.1000/xyz"]);
    expect(dc["dc:subject"]).toEqual(["Machine Learning"]);
  });

  it("a deleted record is its header with status deleted", () => {
    const { doc } = ask("verb=GetRecord&identifier=oai:arXiv.org:2601.00012&metadataPrefix=arXivRaw");
    expect(doc.GetRecord.record[0]).toEqual({ header: [{ "@status": "deleted", identifier: "oai:arXiv.org:2601.00012", datestamp: "2026-01-06", setSpec: ["cs:cs:LG", "stat:stat:ML"] }] });
  });
});

describe("lists and resumption tokens", () => {
  it("follow arXiv's tokens: skip grows within a day, moves `from` to the next day across one", () => {
    const first = ask("verb=ListIdentifiers&metadataPrefix=arXivRaw");
    // Sorted by datestamp, then id; new-style ids before old-style ones.
    expect(ids(first.doc.ListIdentifiers)).toEqual(["2601.00001", "2601.00002", "2601.00003"]);
    const token = first.doc.ListIdentifiers.resumptionToken;
    expect(token["#text"]).toBe("verb%3DListIdentifiers%26metadataPrefix%3DarXivRaw%26skip%3D3");
    expect(token["@expires"]).toBe("2026-03-11T00:00:00Z");

    const second = ask(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token["#text"])}`);
    expect(second.doc.request["@resumptionToken"]).toBe(token["#text"]);
    expect(ids(second.doc.ListIdentifiers)).toEqual(["hep-th/9901001", "2601.00010", "2601.00011"]);
    // The page crossed into 2026-01-05 and sent its two records there; the next record is on 2026-01-06.
    expect(second.doc.ListIdentifiers.resumptionToken["#text"]).toBe("verb%3DListIdentifiers%26metadataPrefix%3DarXivRaw%26from%3D2026-01-06%26skip%3D0");

    const third = ask(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(second.doc.ListIdentifiers.resumptionToken["#text"])}`);
    expect(ids(third.doc.ListIdentifiers)).toEqual(["2601.00012", "2601.00013"]);
    expect(third.doc.ListIdentifiers.header[0]["@status"]).toBe("deleted");
    // A resumed list ends with an empty token.
    expect(third.xml).toContain("<resumptionToken/>");
  });

  it("a full harvest in pages of any size gives every record once, in order", () => {
    const everyId = [...records].sort((a, b) => a.day - b.day || (a.id < b.id ? -1 : 1)).map((item) => item.id);
    for (const size of [1, 2, 3, 4, 7, 8, 100]) {
      const seen: string[] = [];
      let query = "verb=ListRecords&metadataPrefix=arXiv";
      for (let page = 0; page < 20; page += 1) {
        const { doc } = ask(query, { recordsPerPage: size, identifiersPerPage: size });
        seen.push(...ids(doc.ListRecords));
        const token = doc.ListRecords.resumptionToken;
        if (!token || token === "" || !token["#text"]) break;
        query = `verb=ListRecords&resumptionToken=${encodeURIComponent(token["#text"])}`;
      }
      expect(seen, `page size ${size}`).toEqual(everyId);
    }
  });

  it("a list that fits one page has no token", () => {
    const { xml, doc } = ask("verb=ListRecords&metadataPrefix=oai_dc&from=2026-01-05&until=2026-01-05");
    expect(ids(doc.ListRecords)).toEqual(["2601.00010", "2601.00011"]);
    expect(xml).not.toContain("resumptionToken");
    expect(doc.request).toMatchObject({ "@verb": "ListRecords", "@metadataPrefix": "oai_dc", "@from": "2026-01-05", "@until": "2026-01-05" });
  });

  it("select by set at every level", () => {
    const list = (set: string) => ids(ask(`verb=ListIdentifiers&metadataPrefix=arXiv&set=${set}`, { recordsPerPage: 100, identifiersPerPage: 100 }).doc.ListIdentifiers);
    expect(list("physics")).toEqual(["2601.00002", "hep-th/9901001"]);
    expect(list("physics:hep-th")).toEqual(["2601.00002", "hep-th/9901001"]);
    expect(list("math:math:AG")).toEqual(["2601.00011"]);
    expect(list("stat")).toHaveLength(5);
  });

  it("see a change at its new datestamp, once", () => {
    const repository = new OaiRepository(new MemoryCorpus("test", records));
    repository.put({ ...records[1]!, day: day("2026-01-06"), doi: "10.1/changed" });
    const settings = { recordsPerPage: 100, identifiersPerPage: 100 };
    expect(ids(ask("verb=ListIdentifiers&metadataPrefix=arXiv", settings, repository).doc.ListIdentifiers)).toEqual([
      "2601.00002",
      "2601.00003",
      "hep-th/9901001",
      "2601.00010",
      "2601.00011",
      "2601.00001",
      "2601.00012",
      "2601.00013",
    ]);
    expect(ids(ask("verb=ListRecords&metadataPrefix=arXiv&from=2026-01-06&until=2026-01-06", settings, repository).doc.ListRecords)).toEqual(["2601.00001", "2601.00012"]);
  });
});

describe("errors, in arXiv's words", () => {
  const cases: [string, string, string | null][] = [
    ["verb=Identify&verb=Identify", "badArgument", "Duplicate parameters not allowed"],
    ["verb=Dance", "badVerb", "Invalid verb provided"],
    ["metadataPrefix=arXiv", "badVerb", "Invalid verb provided"],
    ["verb=Identify&from=2020-01-01", "badArgument", "No other parameters allowed for Identify"],
    ["verb=ListSets&from=now", "badArgument", "No other parameters allowed"],
    ["verb=ListSets&resumptionToken=x", "badArgument", "Invalid token"],
    ["verb=ListMetadataFormats&from=now", "badArgument", "Only allowed parameters are verb, identifier"],
    ["verb=GetRecord&identifier=oai:arXiv.org:2601.00001", "badArgument", "Parameters provided did not match expected. Expected: identifier, metadataPrefix, verb"],
    ["verb=GetRecord&identifier=arXiv.org:2601.00001&metadataPrefix=arXiv", "idDoesNotExist", "All identifiers start with: oai:arXiv.org:"],
    ["verb=GetRecord&identifier=oai:arXiv.org:2601.99999&metadataPrefix=arXiv", "idDoesNotExist", "Nothing found for this ID"],
    ["verb=GetRecord&identifier=oai:arXiv.org:2601.00001&metadataPrefix=pictures", "cannotDisseminateFormat", "Did not recognize requested format"],
    ["verb=ListRecords", "badArgument", "metadataPrefix required."],
    ["verb=ListRecords&metadataPrefix=arXiv&color=green", "badArgument", "Unallowed parameter. Allowed parameters: verb, metadataPrefix, from, until, set"],
    ["verb=ListRecords&metadataPrefix=pictures", "cannotDisseminateFormat", "Did not recognize requested format"],
    ["verb=ListRecords&metadataPrefix=arXiv&from=2020-5-6", "badArgument", "from date format must be YYYY-MM-DD"],
    ["verb=ListRecords&metadataPrefix=arXiv&from=2024-11-08T19:49:17Z", "badArgument", "from date format must be YYYY-MM-DD"],
    ["verb=ListRecords&metadataPrefix=arXiv&until=2024-32-08", "badArgument", "until date format must be YYYY-MM-DD"],
    ["verb=ListRecords&metadataPrefix=arXiv&from=2024-03-05&until=2024-02-08", "badArgument", "until date must be greater than or equal to from date"],
    ["verb=ListRecords&metadataPrefix=arXiv&from=2001-03-05", "badArgument", "start date too early"],
    ["verb=ListRecords&metadataPrefix=arXiv&until=2026-03-11", "badArgument", "until date too late"],
    ["verb=ListRecords&metadataPrefix=arXiv&set=math:physics", "badArgument", "Set does not exist"],
    ["verb=ListRecords&metadataPrefix=arXiv&set=math:math:math:NA", "badArgument", "Set has too many levels"],
    ["verb=ListRecords&metadataPrefix=arXiv&from=2026-02-01", "noRecordsMatch", null],
    ["verb=ListRecords&resumptionToken=rainbow", "badResumptionToken", "Token decoding failed or format is invalid."],
    ["verb=ListRecords&resumptionToken=x&metadataPrefix=arXiv", "badArgument", "No other paramters allowed with resumptionToken"],
    ["verb=ListRecords&resumptionToken=verb%253DListIdentifiers%2526metadataPrefix%253DarXiv%2526skip%253D3", "badResumptionToken", "token from different verb"],
    ["verb=ListRecords&resumptionToken=verb%253DListRecords%2526metadataPrefix%253DarXiv%2526from%253D2020-5-6%2526skip%253D3", "badResumptionToken", "from date format must be YYYY-MM-DD"],
    ["verb=ListRecords&resumptionToken=verb%253DListRecords%2526metadataPrefix%253DarXiv%2526skip%253D300", "badResumptionToken", "No records are left where this token points"],
  ];
  it.each(cases)("%s -> %s", (query, code, reason) => {
    const { xml, doc } = ask(query);
    expect(errorOf(doc).code).toBe(code);
    if (reason) expect(errorOf(doc).text).toMatch(new RegExp(`Reason: ${reason.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    expect(xml).toContain(`<error code='${code}'>`);
    // badVerb and badArgument echo no arguments, as OAI-PMH asks.
    if (code === "badVerb" || code === "badArgument") expect(doc.request).toBe("http://sandbox.test/arxiv/oai");
    else expect(doc.request["@verb"]).toBeDefined();
  });
});

it("datestamps print as days", () => {
  expect(dayString(day("2005-09-16"))).toBe("2005-09-16");
});
