import { INPUT_MESSAGES } from "@/server/http/validation";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PDF_FAULT_IDS } from "../../../../sandbox/arxiv/pdf-faults";
import { useSandboxedServer } from "@/test/sandboxed-server";
import { testDatabaseKind } from "@/test/test-database";

const env = useSandboxedServer();
const s2orc = new Uint8Array(readFileSync(path.join(import.meta.dirname, "../../../../sandbox/data/pdf/2020.acl-main.447_S2ORC.pdf")));

const proxy = (paperId: string, init?: RequestInit) => fetch(`${env.server.url}/api/pdf-proxy?paperId=${encodeURIComponent(paperId)}`, init);
async function pdfRequests(): Promise<{ path: string }[]> {
  const response = await fetch(`${env.sandbox.url}/__control/requests?route=arxiv-pdf`);
  return ((await response.json()) as { requests: { path: string }[] }).requests;
}
async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

describe(`GET /api/pdf-proxy (${testDatabaseKind})`, () => {
  it.each(["1911.02782", "1911.02782v1", "1911.02782.pdf", "1911.02782v1.pdf", "https://arxiv.org/abs/1911.02782", "arXiv:1911.02782"])(
    "streams the real PDF for %s",
    async (paperId) => {
      const response = await proxy(paperId);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(s2orc);
    },
    20_000,
  );

  it("asks the configured host for the cleaned id, with the version asked for", async () => {
    await (await proxy("1911.02782v1.pdf")).arrayBuffer();
    await (await proxy("1911.02782.pdf")).arrayBuffer();
    expect((await pdfRequests()).map((request) => request.path)).toEqual(["/arxiv/pdf/1911.02782v1", "/arxiv/pdf/1911.02782"]);
  });

  it("serves old-style ids", async () => {
    const response = await proxy("hep-th/9901002v1");
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  }, 20_000);

  it("passes Range on and answers 206", async () => {
    const response = await proxy("1911.02782", { headers: { Range: "bytes=100-1123" } });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 100-1123/${s2orc.byteLength}`);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(s2orc.subarray(100, 1124));
  });

  it("ignores a malformed Range and sends the whole file", async () => {
    const response = await proxy("1911.02782", { headers: { Range: "bytes=1-2,5-9;x" } });
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBe(s2orc.byteLength);
  });

  it.each([
    ["a URL to another host", "https://evil.example/pdf/1911.02782"],
    ["a URL that only mentions arxiv.org", "https://evil.example/arxiv.org/pdf/1911.02782"],
    ["a loopback URL", "http://127.0.0.1:4010/arxiv/pdf/1911.02782"],
    ["a private address", "http://10.0.0.1/pdf/1911.02782"],
    ["an arxiv.org URL with credentials", "https://user:pw@arxiv.org/pdf/1911.02782"],
    ["a ../ path", "../../etc/passwd"],
    ["a ../ path after an id", "1911.02782/../../__control/faults"],
    ["an over-long id", "1".repeat(5000)],
    ["an empty id", ""],
    ["text that is no id", "not-a-paper"],
  ])("refuses %s with the spec's message and never calls the host", async (_label, paperId) => {
    const response = await proxy(paperId);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ code: "invalid_paper_id", message: "Invalid paper ID or URL" });
    expect(await pdfRequests()).toEqual([]);
  });

  it("refuses an encoded NUL with the rule every route has, and never calls the host", async () => {
    const response = await proxy("1911.02782\u0000.pdf");
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({ code: "bad_request", message: INPUT_MESSAGES.nul });
    expect(await pdfRequests()).toEqual([]);
  });

  it("refuses a request without paperId", async () => {
    const response = await fetch(`${env.server.url}/api/pdf-proxy`);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe("Invalid paper ID or URL");
  });

  it("keeps the host's status for a paper that does not exist", async () => {
    const response = await proxy("0808.05394");
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toEqual({ code: "pdf_download_failed", message: "Download failed with status: 404" });
  });

  it("keeps a 429 from the host with its Retry-After", async () => {
    const response = await proxy(PDF_FAULT_IDS.tooManyRequests);
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("5");
    expect((await errorOf(response)).message).toBe("Download failed with status: 429");
  });

  it("refuses an answer that is not a PDF", async () => {
    const response = await proxy(PDF_FAULT_IDS.notPdf);
    expect(response.status).toBe(502);
    expect(await errorOf(response)).toEqual({ code: "not_a_pdf", message: "Failed to load PDF document" });
  });

  it("passes a truncated PDF on as it came (the viewer reports it)", async () => {
    const response = await proxy(PDF_FAULT_IDS.truncated);
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.byteLength).toBe(Math.floor(s2orc.byteLength / 2));
  });

  it("ends a body that never finishes instead of holding the connection", async () => {
    const response = await proxy(PDF_FAULT_IDS.neverFinishes);
    expect(response.status).toBe(200);
    const started = Date.now();
    await expect(response.arrayBuffer()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 30_000);

  it("refuses request headers of 6000 characters or more with the spec's message", async () => {
    const response = await proxy("1911.02782", { headers: { "X-Padding": "x".repeat(6000) } });
    expect(response.status).toBe(431);
    expect((await errorOf(response)).message).toBe("Request headers too large for PDF proxy");
    const fine = await proxy("1911.02782", { headers: { "X-Padding": "x".repeat(4000) } });
    expect(fine.status).toBe(200);
    await fine.arrayBuffer();
  });
});
