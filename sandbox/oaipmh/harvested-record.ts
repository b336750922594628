/**
 * A sandbox record as Quire's OAI-PMH source (src/server/sources/arxiv/arxiv-oai-source.ts)
 * reads it from an arXivRaw answer, without the HTTP and XML in between: benchmarks load the
 * scale corpus into an index with exactly what a harvest would have given.
 */
import { splitAuthorLine, type ArxivOaiRecord } from "../../src/server/sources/arxiv/arxiv-oai-source";
import { collapseWhitespace } from "../../src/shared/sources/arxiv/arxiv-atom";
import { dayString, type OaiRecord } from "./oai-record";
import { headerSetSpecs } from "./taxonomy";

const cleaned = (text: string | null): string | null => {
  if (text === null) return null;
  const collapsed = collapseWhitespace(text);
  return collapsed === "" ? null : collapsed;
};

const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");

export function asHarvestedRecord(record: OaiRecord): ArxivOaiRecord {
  const header = { id: record.id, datestamp: dayString(record.day), deleted: record.deleted, sets: headerSetSpecs(record.categories) };
  if (record.deleted) {
    return { ...header, versions: [], title: null, authors: [], authorLine: null, abstract: null, categories: [], comments: null, journalRef: null, doi: null, reportNo: null, mscClass: null, acmClass: null, license: null, submitter: null, proxy: null };
  }
  const authorLine = cleaned(record.authorLine);
  return {
    ...header,
    versions: record.versions.map((version) => ({ version: version.version, submitted: isoSeconds(version.submittedMs), sizeKb: version.sizeKb, sourceType: version.sourceType })),
    title: cleaned(record.title),
    authors: authorLine ? splitAuthorLine(authorLine) : [],
    authorLine,
    abstract: cleaned(record.abstract),
    categories: record.categories,
    comments: cleaned(record.comments),
    journalRef: cleaned(record.journalRef),
    doi: cleaned(record.doi),
    reportNo: cleaned(record.reportNo),
    // arXiv's template writes the msc-class into acm-class (xml-writer.ts), and so a harvest reads it.
    mscClass: cleaned(record.mscClass),
    acmClass: record.acmClass ? cleaned(record.mscClass) : null,
    license: cleaned(record.license),
    submitter: cleaned(record.submitter),
    proxy: cleaned(record.proxy),
  };
}
