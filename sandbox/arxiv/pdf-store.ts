/**
 * PDFs for arxiv.org/pdf/<id>: the real files for the papers we have them for, a generated one
 * (pdf-generator.ts) for every other corpus paper. Generated files are kept in a small LRU
 * cache; concurrent requests for the same file share one generation.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dataPath, getCorpus, readPdfPapers, type Paper } from "../corpus";
import { canonicalArxivId, parseArxivId } from "./arxiv-ids";

export interface PdfFile {
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
  /** When this version was submitted: the Last-Modified arXiv would send. */
  lastModified: Date;
  paper: Paper;
  version: number;
  generated: boolean;
}

/** Bounds for the generated-PDF cache (a generated file is 10 to 40 KB). */
const CACHE_MAX_ENTRIES = 200;
const CACHE_MAX_BYTES = 16 * 1024 * 1024;

const generated = new Map<string, PdfFile>();
let generatedBytes = 0;
const inFlight = new Map<string, Promise<PdfFile>>();
let realPdfs: Map<string, string> | undefined;
const realBytes = new Map<string, Uint8Array<ArrayBuffer>>();

/** Paper id -> file under sandbox/data for the papers with a real PDF. */
function realPdfFiles(): Map<string, string> {
  realPdfs ??= new Map(readPdfPapers().map((row) => [row.id, row.pdfFile]));
  return realPdfs;
}

/**
 * Reads the id part of a /pdf/ path: `2301.13298`, `2301.13298v1`, `2301.13298.pdf`,
 * `hep-th/9901001v2.pdf`. Undefined when it is no arXiv id.
 */
export function parsePdfPath(path: string): { id: string; version?: number } | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  const parsed = parseArxivId(decoded.replace(/\.pdf$/i, ""));
  if (!parsed) return undefined;
  const id = canonicalArxivId(parsed.id);
  return parsed.version === undefined ? { id } : { id, version: parsed.version };
}

function remember(key: string, file: PdfFile): void {
  generated.set(key, file);
  generatedBytes += file.bytes.byteLength;
  for (const [oldKey, oldFile] of generated) {
    if (generated.size <= CACHE_MAX_ENTRIES && generatedBytes <= CACHE_MAX_BYTES) break;
    generated.delete(oldKey);
    generatedBytes -= oldFile.bytes.byteLength;
  }
}

function etagOf(bytes: Uint8Array): string {
  return `"${createHash("sha1").update(bytes).digest("hex").slice(0, 20)}"`;
}

/** The PDF for an id path, or undefined for an unknown paper or version. */
export async function findPdf(path: string): Promise<PdfFile | undefined> {
  const requested = parsePdfPath(path);
  if (!requested) return undefined;
  const paper = getCorpus().byId.get(requested.id);
  if (!paper) return undefined;
  const version = requested.version ?? paper.version;
  if (version < 1 || version > paper.version) return undefined;
  const lastModified = new Date(paper.versions.find((v) => v.version === version)?.created ?? paper.updated);

  const realFile = realPdfFiles().get(paper.id);
  if (realFile) {
    let bytes = realBytes.get(paper.id);
    if (!bytes) {
      bytes = new Uint8Array(readFileSync(dataPath(realFile)));
      realBytes.set(paper.id, bytes);
    }
    return { bytes, etag: etagOf(bytes), lastModified, paper, version, generated: false };
  }

  const key = `${paper.id}v${version}`;
  const cached = generated.get(key);
  if (cached) {
    // Refresh its place in the LRU order.
    generated.delete(key);
    generated.set(key, cached);
    return cached;
  }
  let pending = inFlight.get(key);
  if (!pending) {
    // pdf-lib is loaded with the first generated PDF rather than at sandbox start.
    pending = import("./pdf-generator")
      .then(({ generatePaperPdf }) => generatePaperPdf(paper, version))
      .then((bytes) => {
        const file: PdfFile = { bytes, etag: etagOf(bytes), lastModified, paper, version, generated: true };
        remember(key, file);
        return file;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/** For tests and the health output: how many generated PDFs are cached and their size. */
export function generatedPdfCacheStats(): { entries: number; bytes: number } {
  return { entries: generated.size, bytes: generatedBytes };
}
