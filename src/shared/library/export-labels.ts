import { countOf } from "@/shared/plural";

/**
 * The export formats' names and the spec's export messages, apart from
 * the exporters so a page can show its Export menu without loading citation-js.
 */

export const EXPORT_FORMATS = {
  json: { label: "JSON", extension: "json", mimeType: "application/json" },
  csv: { label: "CSV", extension: "csv", mimeType: "text/csv" },
  bibtex: { label: "BibTeX", extension: "bib", mimeType: "application/x-bibtex" },
  ris: { label: "RIS", extension: "ris", mimeType: "application/x-research-info-systems" },
  "csl-json": { label: "CSL-JSON", extension: "csl.json", mimeType: "application/vnd.citationstyles.csl+json" },
} as const;
export type ExportFormat = keyof typeof EXPORT_FORMATS;

/** The spec's export messages. "No bookmarks to export" is shown for BibTeX and CSV. */
export const EXPORT_MESSAGES = {
  exported: (count: number, format: ExportFormat) => `Exported ${countOf(count, "bookmark")} as ${EXPORT_FORMATS[format].label}`,
  failed: "Export failed",
  nothingToExport: "No bookmarks to export",
} as const;

