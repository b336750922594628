import { ArxivOaiError, type ArxivOaiPage, type ArxivOaiRecord, type createArxivOaiSource } from "@/server/sources/arxiv/arxiv-oai-source";
import { StaleResumptionTokenError, type HarvestedRecord, type HarvestPage, type HarvestSource } from "./arxiv-harvest.service";

type ArxivOaiSource = ReturnType<typeof createArxivOaiSource>;

/** An arXivRaw record as the index stores it (a deleted one: its id and datestamp). */
export function harvestedRecord(record: ArxivOaiRecord): HarvestedRecord {
  if (record.deleted) return { deleted: true, id: record.id, datestamp: record.datestamp };
  return {
    deleted: false,
    id: record.id,
    versions: record.versions.map((version) => ({ version: version.version, submitted: version.submitted, size: version.sizeKb === null ? null : `${version.sizeKb}kb` })),
    title: record.title ?? "",
    authors: record.authors,
    abstract: record.abstract ?? "",
    categories: record.categories,
    comments: record.comments,
    journalRef: record.journalRef,
    doi: record.doi,
    reportNo: record.reportNo,
    license: record.license,
    datestamp: record.datestamp,
  };
}

function harvestPage(page: ArxivOaiPage, asked: Date): HarvestPage {
  return {
    // arXiv dates every answer; without one, the moment it was asked for stands in.
    responseDate: page.responseDate ?? asked.toISOString(),
    records: page.records.map(harvestedRecord),
    resumptionToken: page.resumptionToken ? { value: page.resumptionToken, cursor: page.cursor, completeListSize: page.completeListSize } : null,
  };
}

/** arXiv's OAI-PMH (arXivRaw) as the harvest reads it. */
export function oaiHarvestSource(oai: ArxivOaiSource): HarvestSource {
  return {
    async listRecords({ set, from }) {
      const asked = new Date();
      return harvestPage(await oai.listRecords({ set: set ?? undefined, from: from ?? undefined }), asked);
    },
    async resume(token) {
      const asked = new Date();
      try {
        return harvestPage(await oai.listRecords({ resumptionToken: token }), asked);
      } catch (error) {
        if (error instanceof ArxivOaiError && error.code === "badResumptionToken") throw new StaleResumptionTokenError(error.message);
        throw error;
      }
    },
  };
}
