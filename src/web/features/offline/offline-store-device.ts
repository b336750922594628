import { deviceFileName } from "@/shared/device-file-name";
import { DEVICE_PDF_DIRECTORY, OFFLINE_MESSAGES } from "@/shared/offline";
import type { Paper } from "@/shared/paper";
import type { DeviceFilesystem } from "@/web/lib/platform";
import { isKeptPaper, type KeptPaper, type OfflineStore } from "./offline-store";

const RECORD_SUFFIX = ".json";

/** `pdf_cache/Name.pdf` -> `pdf_cache/Name.json`: the paper's record beside its PDF. */
const recordPath = (fileName: string) => `${DEVICE_PDF_DIRECTORY}/${fileName.replace(/\.pdf$/i, "")}${RECORD_SUFFIX}`;
const pdfFilePath = (fileName: string) => `${DEVICE_PDF_DIRECTORY}/${fileName}`;

/**
 * Kept papers in the native app's `pdf_cache` directory: each PDF under the spec's name (surname,
 * et_al, year, title slug) with a JSON record of the paper beside it.
 */
export function deviceOfflineStore(files: DeviceFilesystem): OfflineStore {
  async function list(): Promise<KeptPaper[]> {
    const entries = await files.list(DEVICE_PDF_DIRECTORY);
    const pdfs = new Map(entries.filter((entry) => entry.name.toLowerCase().endsWith(".pdf")).map((entry) => [entry.name, entry.size]));
    const records = await Promise.all(
      entries
        .filter((entry) => entry.name.endsWith(RECORD_SUFFIX))
        .map(async (entry) => {
          try {
            const kept = JSON.parse(await files.readText(`${DEVICE_PDF_DIRECTORY}/${entry.name}`)) as KeptPaper;
            // A record whose PDF went missing is not a kept paper.
            const size = kept.fileName ? pdfs.get(kept.fileName) : undefined;
            return size === undefined ? null : { ...kept, fileSize: kept.fileSize || size };
          } catch {
            return null;
          }
        }),
    );
    return records.filter((kept): kept is KeptPaper => Boolean(kept?.paper?.id)).sort((a, b) => b.savedAt.localeCompare(a.savedAt));
  }

  /** The spec's name, with `_2`, `_3`... when another paper already has it. */
  async function freeName(paper: Paper): Promise<string> {
    const base = deviceFileName(paper);
    const kept = await list();
    const taken = new Set(kept.filter((entry) => entry.paper.id !== paper.id).map((entry) => entry.fileName));
    let name = base;
    for (let index = 2; taken.has(name); index += 1) name = base.replace(/\.pdf$/, `_${index}.pdf`);
    return name;
  }

  return {
    list,
    async write(paper, pdf, pdfPath) {
      const fileName = await freeName(paper);
      const kept: KeptPaper = { paper, pdfPath, fileSize: pdf.byteLength, savedAt: new Date().toISOString(), fileName };
      try {
        await files.write(pdfFilePath(fileName), pdf);
        await files.write(recordPath(fileName), JSON.stringify(kept));
      } catch (error) {
        await files.delete(pdfFilePath(fileName)).catch(() => undefined);
        await files.delete(recordPath(fileName)).catch(() => undefined);
        throw error;
      }
      return kept;
    },
    async remove(paperId) {
      for (const kept of await list()) {
        if (!isKeptPaper(kept, paperId)) continue;
        // A kept file without a storage path cannot be found: said as the file-not-found message.
        if (!kept.fileName) throw new Error(OFFLINE_MESSAGES.fileNotFound);
        await files.delete(pdfFilePath(kept.fileName));
        await files.delete(recordPath(kept.fileName));
      }
    },
    async clear() {
      for (const entry of await files.list(DEVICE_PDF_DIRECTORY)) await files.delete(`${DEVICE_PDF_DIRECTORY}/${entry.name}`);
    },
    async readPdf(kept) {
      if (!kept.fileName) return null;
      try {
        return await files.read(pdfFilePath(kept.fileName));
      } catch {
        return null;
      }
    },
  };
}
