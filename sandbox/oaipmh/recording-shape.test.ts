/**
 * The sandbox's OAI-PMH answers have the shape of arXiv's recorded real ones
 * (data/recordings/oaipmh): the same elements in the same order, the same namespaces and the
 * same attribute sets, record by record. Where arXiv's current service (whose code the sandbox
 * follows) differs from the 2015 recordings, the test names the difference.
 */
import { readFileSync } from "node:fs";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { dataPath, getCorpus } from "../corpus";
import { getRealOaiCorpus, OaiRepository } from "./oai-repository";
import { answerOai } from "./protocol";

interface Shape {
  name: string;
  attributes: Record<string, string>;
  children: Shape[];
}

const ordered = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: "", parseTagValue: false });

/** Elements with their attributes (values kept for namespaces only) and element children; text left out. */
function shapeOf(xml: string): Shape {
  const convert = (node: Record<string, unknown>): Shape | null => {
    const name = Object.keys(node).find((key) => key !== ":@" && key !== "#text" && key !== "?xml");
    if (!name) return null;
    const attributes = Object.fromEntries(Object.entries((node[":@"] as Record<string, string> | undefined) ?? {}).map(([key, value]) => [key, key.startsWith("xmlns") || key === "xsi:schemaLocation" ? value : "*"]));
    const children = ((node[name] as Record<string, unknown>[]) ?? []).map(convert).filter((child): child is Shape => child !== null);
    return { name, attributes, children };
  };
  const roots = (ordered.parse(xml) as Record<string, unknown>[]).map(convert).filter((root): root is Shape => root !== null);
  expect(roots).toHaveLength(1);
  return roots[0]!;
}

const child = (shape: Shape, name: string) => shape.children.find((candidate) => candidate.name === name)!;
const names = (shape: Shape) => shape.children.map((candidate) => candidate.name);
/** Runs of the same element collapsed to one: the order of kinds of children. */
const kinds = (shape: Shape) => names(shape).filter((name, index, all) => index === 0 || all[index - 1] !== name);

const recorded = (file: string) => shapeOf(readFileSync(dataPath(`recordings/oaipmh/${file}`), "utf8"));
const repository = new OaiRepository(getRealOaiCorpus());
const answer = (query: string) => shapeOf(answerOai([...new URLSearchParams(query)], { baseUrl: "http://sandbox.test/arxiv/oai", now: new Date(), repository, settings: { recordsPerPage: 6, identifiersPerPage: 6 } }));

const recordedRaw = [...child(recorded("SampleListRecordsResponse.xml"), "ListRecords").children.filter((node) => node.name === "record"), child(recorded("SampleGetRecordResponse.xml"), "GetRecord").children[0]!];

/** The order arXivRaw's children take in the recordings, with the optional ones its template adds where they go. */
const ARXIV_RAW_ORDER = ["id", "submitter", "version", "title", "authors", "categories", "comments", "proxy", "report-no", "acm-class", "msc-class", "journal-ref", "doi", "license", "abstract"];

function expectArxivRawLike(record: Shape): void {
  expect(kinds(record)).toEqual(["header", "metadata"]);
  const header = child(record, "header");
  expect(kinds(header)).toEqual(kinds(child(recordedRaw[0]!, "header")));
  expect(header.attributes).toEqual({});
  const raw = child(record, "metadata").children;
  expect(raw.map((node) => node.name)).toEqual(["arXivRaw"]);
  expect(raw[0]!.attributes).toEqual(child(recordedRaw[0]!, "metadata").children[0]!.attributes);
  const order = kinds(raw[0]!);
  expect(order.map((name) => ARXIV_RAW_ORDER.indexOf(name))).toEqual([...order.map((name) => ARXIV_RAW_ORDER.indexOf(name))].sort((a, b) => a - b));
  expect(order).not.toContain(-1);
  for (const required of ["id", "submitter", "version", "title", "authors", "categories", "abstract"]) expect(order).toContain(required);
  const versions = raw[0]!.children.filter((node) => node.name === "version");
  const recordedVersion = child(child(recordedRaw[5]!, "metadata").children[0]!, "version");
  for (const version of versions) {
    expect(version.attributes).toEqual(recordedVersion.attributes);
    expect(names(version).filter((name) => name !== "source_type")).toEqual(["date", "size"]);
  }
}

describe("the recordings' own shape is what the test assumes", () => {
  it("orders arXivRaw's children as ARXIV_RAW_ORDER does", () => {
    for (const record of recordedRaw) {
      const order = kinds(child(record, "metadata").children[0]!);
      expect(order.map((name) => ARXIV_RAW_ORDER.indexOf(name))).toEqual([...order.map((name) => ARXIV_RAW_ORDER.indexOf(name))].sort((a, b) => a - b));
    }
  });
});

describe("the sandbox's answers have the recordings' shape", () => {
  it("the envelope: namespaces, schema location, responseDate, request, then the verb's element", () => {
    const real = recorded("SampleGetRecordResponse.xml");
    const paper = getCorpus().papers.find((candidate) => candidate.versions.length > 1 && candidate.source === "oaipmh")!;
    const ours = answer(`verb=GetRecord&identifier=oai:arXiv.org:${paper.id}&metadataPrefix=arXivRaw`);
    expect(ours.name).toBe(real.name);
    expect(ours.attributes).toEqual(real.attributes);
    expect(names(ours)).toEqual(names(real));
    expect(Object.keys(child(ours, "request").attributes).sort()).toEqual(Object.keys(child(real, "request").attributes).sort());
  });

  it("GetRecord in arXivRaw: header, metadata, arXivRaw with versions, in the recorded order", () => {
    for (const paper of getCorpus().papers.filter((candidate) => candidate.source === "oaipmh" || candidate.source === "abs").slice(0, 200)) {
      const record = child(child(answer(`verb=GetRecord&identifier=oai:arXiv.org:${paper.id}&metadataPrefix=arXivRaw`), "GetRecord"), "record");
      expectArxivRawLike(record);
    }
  });

  it("ListRecords: records then the token; arXiv's current token carries `expires` where the 2015 one had cursor and completeListSize", () => {
    const real = child(recorded("SampleListRecordsResponse.xml"), "ListRecords");
    const ours = child(answer("verb=ListRecords&metadataPrefix=arXivRaw&from=2007-01-01"), "ListRecords");
    expect(kinds(ours)).toEqual(kinds(real));
    for (const record of ours.children.filter((node) => node.name === "record")) expectArxivRawLike(record);
    expect(Object.keys(child(real, "resumptionToken").attributes).sort()).toEqual(["completeListSize", "cursor"]);
    expect(Object.keys(child(ours, "resumptionToken").attributes)).toEqual(["expires"]);
  });

  it("ListIdentifiers: headers as the records' headers", () => {
    const ours = child(answer("verb=ListIdentifiers&metadataPrefix=arXivRaw&from=2007-01-01"), "ListIdentifiers");
    expect(kinds(ours)).toEqual(["header", "resumptionToken"]);
    for (const header of ours.children.filter((node) => node.name === "header")) expect(kinds(header)).toEqual(kinds(child(recordedRaw[0]!, "header")));
  });

  it.each([
    ["ErrorResponseBadResumptionToken.xml", "verb=ListRecords&resumptionToken=3"],
    ["ErrorResponseIdDoesNotExist.xml", "verb=GetRecord&identifier=oai:arXiv.org:0813.2274&metadataPrefix=arXivRaw"],
    ["ErrorResponseBadArgument.xml", "verb=ListRecords&identifier=oai:arXiv.org:0813.2274&metadataPrefix=arXivRaw"],
    ["SampleErrorResponse.xml", "verb=wah"],
  ])("an error as in %s: the same code, the request with the same arguments", (file, query) => {
    const real = recorded(file);
    const ours = answer(query);
    expect(names(ours)).toEqual(names(real));
    expect(child(ours, "error").attributes).toEqual(child(real, "error").attributes);
    expect(child(ours, "request").attributes).toEqual(child(real, "request").attributes);
  });

  it("noRecordsMatch has the recorded shape; an unknown set is now badArgument, as arXiv's current service answers", () => {
    const real = recorded("ErrorResponseNoRecordsMatch.xml");
    const ours = answer("verb=ListRecords&metadataPrefix=arXivRaw&set=q-fin&from=2026-11-01");
    expect(names(ours)).toEqual(names(real));
    expect(Object.keys(child(ours, "request").attributes)).toEqual(expect.arrayContaining(Object.keys(child(real, "request").attributes)));
    const unknownSet = answerOai([...new URLSearchParams("verb=ListRecords&metadataPrefix=arXivRaw&set=moo")], { baseUrl: "http://sandbox.test/arxiv/oai", now: new Date(), repository, settings: { recordsPerPage: 6, identifiersPerPage: 6 } });
    expect(unknownSet).toContain("<error code='badArgument'>");
  });
});
