import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import type { RecordedRequest } from "../control/request-log";
import { startSandbox } from "../server";
import { useSandbox } from "../test-support/use-sandbox";

const sandbox = useSandbox();
const API = "/arxiv/api/query?id_list=2301.13298";

async function queueFault(fault: Record<string, unknown>): Promise<void> {
  const response = await sandbox.control("POST", "/__control/faults", fault);
  expect(response.status).toBe(201);
}

async function statuses(path: string, count: number): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await sandbox.get(path);
    await response.arrayBuffer();
    result.push(response.status);
  }
  return result;
}

describe("health", () => {
  it("says ok and lists the route names", async () => {
    const response = await sandbox.get("/__control/health");
    expect(await response.json()).toEqual({ ok: true, routes: ["arxiv-api", "arxiv-pdf", "arxiv-html", "arxiv-oai", "openalex-api", "crossref-api", "oauth-google", "oauth-github", "zotero-api", "zotero-web", "llm-chat"] });
  });
});

describe("faults", () => {
  it("delays answers by latencyMs", async () => {
    await queueFault({ route: "arxiv-api", latencyMs: 300, times: 1 });
    const started = Date.now();
    const response = await sandbox.get(API);
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("answers 429 with Retry-After", async () => {
    await queueFault({ route: "arxiv-api", status: 429, retryAfter: 3, times: 1 });
    const response = await sandbox.get(API);
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("3");
    expect(await response.text()).toBe("Rate exceeded.");
  });

  it("answers 503, for `times` requests only", async () => {
    await queueFault({ route: "arxiv-api", status: 503, times: 2 });
    expect(await statuses(API, 3)).toEqual([503, 503, 200]);
  });

  it("uses queued faults in order", async () => {
    await queueFault({ route: "arxiv-api", status: 429, retryAfter: 1, times: 1 });
    await queueFault({ route: "arxiv-api", status: 503, times: 1 });
    expect(await statuses(API, 3)).toEqual([429, 503, 200]);
  });

  it("applies a fault without times to every request until cleared", async () => {
    await queueFault({ route: "arxiv-pdf", status: 500 });
    expect(await statuses("/arxiv/pdf/2301.13298", 3)).toEqual([500, 500, 500]);
    expect(await statuses(API, 1)).toEqual([200]);
    await sandbox.control("DELETE", "/__control/faults");
    expect(await statuses("/arxiv/pdf/2301.13298", 1)).toEqual([200]);
  });

  it("applies a * fault to every route", async () => {
    await queueFault({ route: "*", status: 502, times: 2 });
    expect([...(await statuses(API, 1)), ...(await statuses("/arxiv/pdf/1911.02782", 1))]).toEqual([502, 502]);
  });

  it("hangs until the client gives up", async () => {
    await queueFault({ route: "arxiv-api", hang: true, times: 1 });
    const started = Date.now();
    await expect(sandbox.get(API, { signal: AbortSignal.timeout(400) })).rejects.toThrow(/abort|timeout/i);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(await statuses(API, 1)).toEqual([200]);
  });

  it("answers 200 with a truncated, garbled body when malformed", async () => {
    await queueFault({ route: "arxiv-api", malformed: true, times: 1 });
    const response = await sandbox.get(API);
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    expect(body.startsWith("<?xml")).toBe(true);
    expect(XMLValidator.validate(body)).not.toBe(true);
    const healthy = await (await sandbox.get(API)).text();
    expect(XMLValidator.validate(healthy)).toBe(true);
  });

  it("garbles PDFs too", async () => {
    await queueFault({ route: "arxiv-pdf", malformed: true, times: 1 });
    const response = await sandbox.get("/arxiv/pdf/1911.02782");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(response.status).toBe(200);
    expect(Number(response.headers.get("content-length"))).toBe(bytes.byteLength);
    expect(Buffer.from(bytes.subarray(bytes.byteLength - 6)).toString("latin1")).not.toContain("%%EOF");
  });

  it("removes only the faults named by id, leaving the others queued", async () => {
    const mine = (await (await sandbox.control("POST", "/__control/faults", { route: "arxiv-api", status: 500, match: "mine" })).json()) as { faults: { id: number }[] };
    await sandbox.control("POST", "/__control/faults", { route: "arxiv-api", status: 503, match: "theirs" });
    await sandbox.control("DELETE", `/__control/faults?id=${mine.faults[0]!.id}`);
    const { faults } = (await (await sandbox.control("GET", "/__control/faults")).json()) as { faults: { match: string }[] };
    expect(faults.map((fault) => fault.match)).toEqual(["theirs"]);
    await sandbox.control("DELETE", "/__control/faults");
  });

  it("lists the queued faults with their uses left", async () => {
    await queueFault({ route: "arxiv-api", status: 503, times: 2 });
    await statuses(API, 1);
    const { faults } = (await (await sandbox.control("GET", "/__control/faults")).json()) as { faults: { status: number; remaining: number }[] };
    expect(faults).toMatchObject([{ status: 503, remaining: 1 }]);
  });

  it("refuses an unknown route name or an invalid fault", async () => {
    const unknown = await sandbox.control("POST", "/__control/faults", { route: "arxiv", status: 503 });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toContain("unknown route arxiv");
    expect((await sandbox.control("POST", "/__control/faults", { route: "arxiv-api", status: "503" })).status).toBe(400);
    expect((await sandbox.control("POST", "/__control/faults", { route: "arxiv-api", wait: 5 })).status).toBe(400);
  });

  it("accepts several faults in one call", async () => {
    const response = await sandbox.control("POST", "/__control/faults", [
      { route: "arxiv-api", status: 429, times: 1 },
      { route: "arxiv-api", status: 503, times: 1 },
    ]);
    expect(response.status).toBe(201);
    expect(await statuses(API, 3)).toEqual([429, 503, 200]);
  });
});

describe("request log", () => {
  async function logged(query = ""): Promise<RecordedRequest[]> {
    return ((await (await sandbox.control("GET", `/__control/requests${query}`)).json()) as { requests: RecordedRequest[] }).requests;
  }

  it("records method, path, headers, time and status per route", async () => {
    const before = Date.now();
    await (await sandbox.get(`${API}&max_results=1`, { headers: { "User-Agent": "quire-test/1.0" } })).text();
    await (await sandbox.get("/arxiv/pdf/1911.02782", { headers: { Range: "bytes=0-9" } })).arrayBuffer();
    const api = await logged("?route=arxiv-api");
    expect(api).toHaveLength(1);
    expect(api[0]).toMatchObject({ route: "arxiv-api", method: "GET", path: `${API}&max_results=1`, status: 200 });
    expect(api[0]!.headers["user-agent"]).toBe("quire-test/1.0");
    expect(api[0]!.ms).toBeGreaterThanOrEqual(before);
    expect(new Date(api[0]!.at).getTime()).toBe(api[0]!.ms);
    const pdf = await logged("?route=arxiv-pdf");
    expect(pdf).toMatchObject([{ route: "arxiv-pdf", status: 206 }]);
    expect(pdf[0]!.headers.range).toBe("bytes=0-9");
    expect(await logged()).toHaveLength(2);
  });

  it("records requests that a fault answered, with the fault's status", async () => {
    await queueFault({ route: "arxiv-api", status: 429, times: 1 });
    await statuses(API, 2);
    expect((await logged("?route=arxiv-api")).map((r) => r.status)).toEqual([429, 200]);
  });

  it("keeps timestamps that let a test measure the spacing of requests", async () => {
    await statuses(API, 2);
    const [first, second] = await logged("?route=arxiv-api");
    expect(second!.ms).toBeGreaterThanOrEqual(first!.ms);
    expect((await logged(`?route=arxiv-api&since=${second!.ms}`)).length).toBeGreaterThanOrEqual(1);
  });

  it("forgets everything on DELETE", async () => {
    await statuses(API, 1);
    await sandbox.control("DELETE", "/__control/requests");
    expect(await logged()).toEqual([]);
  });

  it("does not record control calls", async () => {
    await sandbox.get("/__control/health");
    expect(await logged()).toEqual([]);
  });
});

describe("closing", () => {
  it("closes promptly while a request hangs", async () => {
    const other = await startSandbox({ port: 0 });
    await fetch(`${other.url}/__control/faults`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ route: "arxiv-api", hang: true }) });
    const pending = fetch(`${other.url}${API}`).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await pending).toBeInstanceOf(Error);
  });
});
