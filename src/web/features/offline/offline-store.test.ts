// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DeviceFile, DeviceFilesystem } from "@/web/lib/platform";
import { makePaper } from "@/web/test/paper-factory";
import { deviceOfflineStore } from "./offline-store-device";
import { keepPaper } from "./offline-store";

/** The device's files in memory; `full` makes every write fail as a full disk does. */
function memoryFiles() {
  const files = new Map<string, Uint8Array | string>();
  let full = false;
  const filesystem: DeviceFilesystem = {
    read: async (path) => {
      const data = files.get(path);
      if (data === undefined || typeof data === "string") throw new Error("File does not exist.");
      return data;
    },
    readText: async (path) => {
      const data = files.get(path);
      if (typeof data !== "string") throw new Error("File does not exist.");
      return data;
    },
    write: vi.fn(async (path: string, data: Uint8Array | string) => {
      if (full) throw new Error("No space left on device");
      files.set(path, data);
    }),
    list: async (directory) =>
      [...files.entries()]
        .filter(([name]) => name.startsWith(`${directory}/`))
        .map(([name, data]): DeviceFile => ({ name: name.slice(directory.length + 1), size: typeof data === "string" ? data.length : data.byteLength })),
    delete: async (path) => void files.delete(path),
  };
  return { files, filesystem, fill: (value: boolean) => (full = value) };
}

const PDF = new TextEncoder().encode("%PDF-1.7 a small pdf");
const paper = makePaper({ id: "1706.03762", arxivId: "1706.03762v7", title: "Attention Is All You Need", authors: ["Ashish Vaswani", "Noam Shazeer"], publishedDate: "2017-06-12" });

afterEach(() => {
  vi.useRealTimers();
});

describe("keeping a paper on the device", () => {
  it("writes the PDF under the spec's name in pdf_cache, with the paper's record beside it", async () => {
    const device = memoryFiles();
    const store = deviceOfflineStore(device.filesystem);
    const download = vi.fn(async () => PDF);
    const kept = await keepPaper(paper, { store, download });
    expect(download).toHaveBeenCalledWith("/api/pdf-proxy?paperId=1706.03762");
    expect(kept.fileName).toBe("Vaswani_et_al_2017_attention_is_all_you_need.pdf");
    expect([...device.files.keys()].sort()).toEqual([
      "pdf_cache/Vaswani_et_al_2017_attention_is_all_you_need.json",
      "pdf_cache/Vaswani_et_al_2017_attention_is_all_you_need.pdf",
    ]);
    const listed = await store.list();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ paper: { id: "1706.03762" }, fileSize: PDF.byteLength, pdfPath: "/api/pdf-proxy?paperId=1706.03762" });
    expect([...(await store.readPdf(listed[0]!))!]).toEqual([...PDF]);
  });

  it("tries 3 times 500 ms apart, then fails with a full disk and leaves nothing half-written", async () => {
    vi.useFakeTimers();
    const device = memoryFiles();
    device.fill(true);
    const store = deviceOfflineStore(device.filesystem);
    const download = vi.fn(async () => PDF);
    const saving = keepPaper(paper, { store, download });
    const failed = expect(saving).rejects.toThrow("No space left on device");
    await vi.advanceTimersByTimeAsync(499);
    expect(download).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(download).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(download).toHaveBeenCalledTimes(3);
    await failed;
    expect(device.files.size).toBe(0);
    expect(await store.list()).toEqual([]);
  });

  it("succeeds on a later try when the first fails", async () => {
    const device = memoryFiles();
    const download = vi.fn().mockRejectedValueOnce(new Error("Network error")).mockResolvedValue(PDF);
    const kept = await keepPaper(paper, { store: deviceOfflineStore(device.filesystem), download, retryMs: 1 });
    expect(download).toHaveBeenCalledTimes(2);
    expect(kept.fileSize).toBe(PDF.byteLength);
  });

  it("refuses a paper with no arXiv PDF before downloading anything", async () => {
    const download = vi.fn(async () => PDF);
    await expect(
      keepPaper(makePaper({ id: "10.1000/182", arxivId: null, source: "crossref", doi: "10.1000/182" }), { store: deviceOfflineStore(memoryFiles().filesystem), download }),
    ).rejects.toThrow("No PDF URL available for this paper");
    expect(download).not.toHaveBeenCalled();
  });

  it("names a second paper with the same name apart, lists by newest, removes by id or arXiv id", async () => {
    const device = memoryFiles();
    const store = deviceOfflineStore(device.filesystem);
    await keepPaper(paper, { store, download: async () => PDF });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const twin = makePaper({ id: "1706.99999", arxivId: "1706.99999", title: paper.title, authors: paper.authors, publishedDate: "2017-06-30" });
    const second = await keepPaper(twin, { store, download: async () => PDF });
    expect(second.fileName).toBe("Vaswani_et_al_2017_attention_is_all_you_need_2.pdf");
    expect((await store.list()).map((entry) => entry.paper.id)).toEqual(["1706.99999", "1706.03762"]);
    await store.remove("1706.03762v7");
    expect((await store.list()).map((entry) => entry.paper.id)).toEqual(["1706.99999"]);
    // A record whose PDF is gone is not listed.
    device.files.delete("pdf_cache/Vaswani_et_al_2017_attention_is_all_you_need_2.pdf");
    expect(await store.list()).toEqual([]);
  });
});
