import { readFileSync } from "node:fs";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { generatedPageCount } from "../arxiv/pdf-generator";
import { dataPath, getCorpus } from "../corpus";
import { drawnText } from "../test-support/pdf-text";
import { useSandbox } from "../test-support/use-sandbox";

const sandbox = useSandbox();
const s2orc = new Uint8Array(readFileSync(dataPath("pdf/2020.acl-main.447_S2ORC.pdf")));
const longEval = new Uint8Array(readFileSync(dataPath("pdf/2023.eacl-main.121_LongEval.pdf")));

async function bytesOf(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer());
}

describe("real PDFs", () => {
  it("serves the fixture files byte for byte", async () => {
    for (const [path, expected] of [
      ["/arxiv/pdf/1911.02782", s2orc],
      ["/arxiv/pdf/2301.13298v1", longEval],
      ["/arxiv/pdf/2301.13298.pdf", longEval],
    ] as const) {
      const response = await sandbox.get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("accept-ranges")).toBe("bytes");
      expect(response.headers.get("content-length")).toBe(String(expected.byteLength));
      expect(Buffer.compare(await bytesOf(response), expected)).toBe(0);
    }
  });
});

describe("generated PDFs", () => {
  it("are valid PDFs with the paper's title, authors and abstract on page 1", async () => {
    const paper = getCorpus().byId.get("0704.0001")!;
    const response = await sandbox.get("/arxiv/pdf/0704.0001");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const bytes = await bytesOf(response);
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe(paper.title);
    expect(doc.getPageCount()).toBe(generatedPageCount("0704.0001"));
    const text = drawnText(bytes).join(" ");
    expect(text).toContain("Calculation of prompt diphoton production cross sections at Tevatron and");
    expect(text).toContain("C. Bal\u00e1zs, E. L. Berger");
    expect(text).toContain("A fully differential calculation in perturbative quantum chromodynamics");
    expect(text).toContain("arXiv:0704.0001v2");
  });

  it("have 3 to 8 pages and are the same bytes on every request", async () => {
    const counts = new Set<number>();
    for (const id of ["2503.11731", "0704.0025", "hep-th/9901002", "1707.08567", "2604.06893"]) {
      const first = await bytesOf(await sandbox.get(`/arxiv/pdf/${id}`));
      const second = await bytesOf(await sandbox.get(`/arxiv/pdf/${id}`));
      expect(Buffer.compare(first, second)).toBe(0);
      const pages = (await PDFDocument.load(first)).getPageCount();
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(pages).toBeLessThanOrEqual(8);
      counts.add(pages);
    }
    expect(counts.size).toBeGreaterThan(1);
  });

  it("stamp the requested version", async () => {
    const text = drawnText(await bytesOf(await sandbox.get("/arxiv/pdf/0704.0001v1"))).join(" ");
    expect(text).toContain("arXiv:0704.0001v1");
  });

  it("serve old-style ids with and without version and .pdf", async () => {
    for (const path of ["/arxiv/pdf/hep-th/9901002", "/arxiv/pdf/hep-th/9901002v1", "/arxiv/pdf/hep-th/9901002v1.pdf"]) {
      const response = await sandbox.get(path);
      expect(`${path} ${response.status}`).toBe(`${path} 200`);
      await response.arrayBuffer();
    }
  });
});

describe("ranges and HEAD", () => {
  it("answers a range with 206 and exactly those bytes", async () => {
    const response = await sandbox.get("/arxiv/pdf/1911.02782", { headers: { Range: "bytes=100-1123" } });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 100-1123/${s2orc.byteLength}`);
    expect(response.headers.get("content-length")).toBe("1024");
    expect(Buffer.compare(await bytesOf(response), s2orc.subarray(100, 1124))).toBe(0);
  });

  it("answers open and suffix ranges", async () => {
    const tail = await sandbox.get("/arxiv/pdf/1911.02782", { headers: { Range: "bytes=-500" } });
    expect(tail.status).toBe(206);
    expect(Buffer.compare(await bytesOf(tail), s2orc.subarray(s2orc.byteLength - 500))).toBe(0);
    const rest = await sandbox.get("/arxiv/pdf/2301.13298", { headers: { Range: `bytes=${longEval.byteLength - 10}-` } });
    expect(rest.status).toBe(206);
    expect((await bytesOf(rest)).byteLength).toBe(10);
  });

  it("answers 416 for a range past the end", async () => {
    const response = await sandbox.get("/arxiv/pdf/1911.02782", { headers: { Range: `bytes=${s2orc.byteLength}-` } });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe(`bytes */${s2orc.byteLength}`);
  });

  it("answers ranges of generated PDFs too", async () => {
    const whole = await bytesOf(await sandbox.get("/arxiv/pdf/0704.0002"));
    const part = await sandbox.get("/arxiv/pdf/0704.0002", { headers: { Range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect(Buffer.compare(await bytesOf(part), whole.subarray(0, 100))).toBe(0);
  });

  it("answers HEAD with the headers and no body", async () => {
    const response = await sandbox.get("/arxiv/pdf/1911.02782", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(s2orc.byteLength));
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect((await bytesOf(response)).byteLength).toBe(0);
  });

  it("sends an ETag and Last-Modified", async () => {
    const response = await sandbox.get("/arxiv/pdf/0704.0001");
    await response.arrayBuffer();
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{20}"$/);
    expect(response.headers.get("last-modified")).toBe(new Date("2007-07-24T20:10:27Z").toUTCString());
  });
});

describe("unknown papers", () => {
  it.each(["/arxiv/pdf/0808.05394", "/arxiv/pdf/0704.0001v3", "/arxiv/pdf/not-an-id", "/arxiv/pdf/"])("answers %s with 404", async (path) => {
    const response = await sandbox.get(path);
    expect(response.status).toBe(404);
    await response.arrayBuffer();
  });
});
