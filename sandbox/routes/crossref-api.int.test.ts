/** Crossref over HTTP: headers, DOIs in the path, the plain-text 404, deep paging, faults and the request log. */
import { describe, expect, it } from "vitest";
import type { RecordedRequest } from "../control/request-log";
import { useSandbox } from "../test-support/use-sandbox";

const sandbox = useSandbox();

interface WorkList {
  status: string;
  message: { "total-results": number; items: { DOI: string }[]; "next-cursor"?: string; "items-per-page": number };
}

describe("GET /crossref/works", () => {
  it("answers JSON with Crossref's rate-limit headers, polite with mailto and public without", async () => {
    const polite = await sandbox.get("/crossref/works?query=superconductivity&rows=3&mailto=test@example.org");
    expect(polite.status).toBe(200);
    expect(polite.headers.get("content-type")).toBe("application/json");
    expect(polite.headers.get("x-api-pool")).toBe("polite");
    expect(polite.headers.get("x-rate-limit-limit")).toBe("10");
    expect(polite.headers.get("x-rate-limit-interval")).toBe("1s");
    expect(((await polite.json()) as WorkList).message.items).toHaveLength(3);
    const publicPool = await sandbox.get("/crossref/works?query=superconductivity&rows=3");
    expect(publicPool.headers.get("x-api-pool")).toBe("public");
    expect(publicPool.headers.get("x-rate-limit-limit")).toBe("5");
    await publicPool.arrayBuffer();
  });

  it("answers the request Quire sends (query, field queries, filter, sort, order, rows, offset)", async () => {
    const params = new URLSearchParams({
      query: "graphene",
      "query.author": "Berger",
      filter: "from-pub-date:2007-01-01,until-pub-date:2009-12-31",
      sort: "published",
      order: "desc",
      rows: "20",
      offset: "0",
      mailto: "test@example.org",
    });
    const response = await sandbox.get(`/crossref/works?${params}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as WorkList).message["total-results"]).toBeGreaterThan(0);
  });

  it("pages with cursor=* to the end", async () => {
    const seen = new Set<string>();
    let cursor = "*";
    let total = 0;
    for (let page = 0; page < 40; page += 1) {
      const response = await sandbox.get(`/crossref/works?filter=prefix:10.1088&rows=40&cursor=${encodeURIComponent(cursor)}`);
      const list = (await response.json()) as WorkList;
      total = list.message["total-results"];
      if (list.message.items.length === 0) break;
      for (const item of list.message.items) seen.add(item.DOI);
      cursor = list.message["next-cursor"]!;
    }
    expect(total).toBeGreaterThan(100);
    expect(seen.size).toBe(total);
  });

  it("answers bad parameters with a 400 validation failure", async () => {
    const response = await sandbox.get("/crossref/works?rows=1001&offset=10001");
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/json");
    const body = (await response.json()) as { status: string; "message-type": string; message: { type: string }[] };
    expect(body).toMatchObject({ status: "failed", "message-type": "validation-failure" });
    expect(body.message.map((failure) => failure.type)).toEqual(["integer-not-valid", "integer-not-valid"]);
  });
});

describe("GET /crossref/works/{doi}", () => {
  it("takes the DOI with its slash as is or percent-encoded, as Quire sends it", async () => {
    const doi = "10.1023/A:1007154515475";
    for (const path of [`/crossref/works/${doi}`, `/crossref/works/${encodeURIComponent(doi)}`, `/crossref/works/${doi.split("/").map(encodeURIComponent).join("/")}?mailto=test@example.org`]) {
      const response = await sandbox.get(path);
      expect(response.status, path).toBe(200);
      const body = (await response.json()) as { "message-type": string; message: { DOI: string } };
      expect(body["message-type"]).toBe("work");
      expect(body.message.DOI).toBe("10.1023/a:1007154515475");
    }
  });

  it("answers unknown and arXiv DOIs with the plain-text 404", async () => {
    for (const doi of ["10.1371/notarealdoi", "10.48550/arXiv.2304.05376", "10.48550%2Farxiv.2312.07559"]) {
      const response = await sandbox.get(`/crossref/works/${doi}`);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe("text/plain");
      expect(await response.text()).toBe("Resource not found.");
    }
  });
});

describe("faults and the request log for crossref-api", () => {
  it("records requests under the route name and applies its faults", async () => {
    await sandbox.control("POST", "/__control/faults", [{ route: "crossref-api", status: 503, times: 1 }, { route: "crossref-api", latencyMs: 200, times: 1 }]);
    const failed = await sandbox.get("/crossref/works/10.1103/physrevd.76.013009");
    expect(failed.status).toBe(503);
    await failed.arrayBuffer();
    const started = Date.now();
    const slow = await sandbox.get("/crossref/works/10.1103/physrevd.76.013009");
    expect(slow.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    await slow.arrayBuffer();
    const log = (await (await sandbox.control("GET", "/__control/requests?route=crossref-api")).json()) as { requests: RecordedRequest[] };
    expect(log.requests.map((request) => request.status)).toEqual([503, 200]);
    const others = (await (await sandbox.control("GET", "/__control/requests?route=openalex-api")).json()) as { requests: RecordedRequest[] };
    expect(others.requests).toEqual([]);
  });

  it("a * fault reaches the new routes too", async () => {
    await sandbox.control("POST", "/__control/faults", { route: "*", status: 500, times: 2 });
    const statuses = [];
    for (const path of ["/crossref/works?rows=1", "/openalex/works?per_page=1", "/crossref/works?rows=1"]) {
      const response = await sandbox.get(path);
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses).toEqual([500, 500, 200]);
  });
});
