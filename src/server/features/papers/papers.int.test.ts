import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paperSchema } from "@/shared/paper";
import { hasHtmlRendition } from "../../../../sandbox/arxiv/html-rendition";
import { useSandboxedServer } from "@/test/sandboxed-server";
import { testDatabaseKind } from "@/test/test-database";

const env = useSandboxedServer();

const get = async (path: string) => {
  const response = await fetch(`${env.server.url}/api${path}`);
  return { status: response.status, body: await response.json() };
};

describe(`the reader's paper routes (${testDatabaseKind})`, () => {
  it("looks papers up by arXiv id (new and old style, with a version) and by DOI", async () => {
    const modern = await get("/papers/lookup?id=2605.07811v1");
    expect(modern.status).toBe(200);
    expect(paperSchema.parse(modern.body.paper)).toMatchObject({ id: "2605.07811", source: "arxiv" });
    const legacy = await get(`/papers/lookup?id=${encodeURIComponent("hep-th/9901001")}`);
    expect(legacy.body.paper.id).toBe("hep-th/9901001");
    const byDoi = await get(`/papers/lookup?id=${encodeURIComponent("10.7717/peerj.4375")}`);
    expect(byDoi.status).toBe(200);
    expect(byDoi.body.paper.source).toBe("openalex");
  });

  it("answers 404 for unknown papers and 400 for ids that are not ids", async () => {
    expect((await get("/papers/lookup?id=2401.99999")).status).toBe(404);
    expect((await get(`/papers/lookup?id=${encodeURIComponent("10.9999/no-index-knows-this")}`)).status).toBe(404);
    for (const bad of ["https://evil.example/2401.12345", "../../etc/passwd", "%00", "9".repeat(400), "http://127.0.0.1:22/"]) {
      const answer = await get(`/papers/lookup?id=${encodeURIComponent(bad)}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.error.message).toBe("Invalid paper ID or URL");
    }
  });

  it("finds the OpenAlex work by DOI, then references (in order, paged) and citations", async () => {
    const work = await get(`/papers/work?doi=${encodeURIComponent("10.48550/arXiv.2605.07811")}`);
    expect(work.body.workId).toMatch(/^W\d+$/);
    const first = await get(`/papers/references?workId=${work.body.workId}&page=1&perPage=10`);
    expect(first.body.total).toBe(12);
    expect(first.body.papers).toHaveLength(10);
    const second = await get(`/papers/references?workId=${work.body.workId}&page=2&perPage=10`);
    expect(second.body.papers).toHaveLength(2);
    expect(new Set([...first.body.papers, ...second.body.papers].map((paper: { id: string }) => paper.id)).size).toBe(12);
    const citations = await get(`/papers/citations?workId=${work.body.workId}&page=1&perPage=20`);
    expect(citations.body.total).toBeGreaterThan(0);
    expect(citations.body.papers.length).toBe(Math.min(20, citations.body.total));
    expect((await get("/papers/work?doi=10.9999/not-known")).body.workId).toBeNull();
    expect((await get("/papers/references?workId=evil")).status).toBe(400);
  });

  it("serves the HTML rendition sanitised, with arXiv links made in-app", async () => {
    expect(hasHtmlRendition("2605.07811")).toBe(true);
    const answer = await get("/html?paperId=2605.07811");
    expect(answer.status).toBe(200);
    expect(answer.body.sourceUrl).toBe(`${env.sandbox.url}/arxiv/html/2605.07811`);
    expect(answer.body.html).toContain('<section id="S1" class="ltx_section">');
    expect(answer.body.html).toMatch(/href="\/abs\/[^"]+" data-internal="true"/);
    expect(answer.body.html).not.toMatch(/<script|onclick|onload|javascript:|tracker\.example|ltx_page_navbar/i);
  });

  it("says when there is no HTML, and refuses ids that are not arXiv ids", async () => {
    expect((await get("/html?paperId=2401.99999")).body.error.code).toBe("html_not_available");
    for (const bad of ["https://evil.example/x", "../2401.12345", "10.1000/x"]) {
      expect((await get(`/html?paperId=${encodeURIComponent(bad)}`)).status, bad).toBe(400);
    }
  });

  it("keeps an upstream failure's status in the message", async () => {
    await fetch(`${env.sandbox.url}/__control/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ route: "arxiv-html", status: 403, match: "2512.23941" }),
    });
    const answer = await get("/html?paperId=2512.23941");
    expect(answer.status).toBe(502);
    expect(answer.body.error.message).toBe("Download failed with status: 403");
  });

  describe("redirects", () => {
    // Another host, standing in for an internal address an upstream might point the server at.
    let elsewhere: Server;
    let elsewhereUrl: string;
    const hits: string[] = [];
    beforeAll(async () => {
      elsewhere = createServer((request, response) => {
        hits.push(request.url ?? "");
        response.writeHead(200, { "Content-Type": "text/html" }).end('<html><body><article class="ltx_document">secret</article></body></html>');
      });
      await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
      elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => elsewhere?.close(resolve));
    });
    const queueRedirect = (route: string, match: string, location: string) =>
      fetch(`${env.sandbox.url}/__control/faults`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ route, status: 302, location, match, times: 1 }),
      }).then((response) => expect(response.status).toBeLessThan(300));

    it("the HTML view never follows a redirect to another host", async () => {
      await queueRedirect("arxiv-html", "2512.23941", `${elsewhereUrl}/steal/2512.23941`);
      const answer = await get("/html?paperId=2512.23941");
      expect(answer.status).toBe(502);
      expect(answer.body.error.message).toBe("ArXiv API error: 502 Bad Gateway");
      expect(JSON.stringify(answer.body)).not.toContain("secret");
      expect(hits).toEqual([]);
    });

    it("a paper lookup never follows a redirect to another host", async () => {
      await queueRedirect("arxiv-api", "2605.07811", `${elsewhereUrl}/steal?id_list=2605.07811`);
      const answer = await get("/papers/lookup?id=2605.07811v2");
      expect(answer.status).toBe(502);
      expect(answer.body.error.message).toBe("ArXiv API error: 502 Bad Gateway");
      expect(hits).toEqual([]);
    });

    it("still follows a redirect within the configured host", async () => {
      expect(hasHtmlRendition("2605.07811")).toBe(true);
      await queueRedirect("arxiv-html", "2605.07811v1", `${env.sandbox.url}/arxiv/html/2605.07811`);
      const answer = await get("/html?paperId=2605.07811v1");
      expect(answer.status).toBe(200);
      expect(answer.body.html).toContain('<section id="S1" class="ltx_section">');
      expect(hits).toEqual([]);
    });
  });
});
