import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getCorpus } from "../../../../sandbox/corpus";
import { arxivIndexRepository } from "@/server/features/arxiv-index/arxiv-index.repository";
import { indexRow } from "@/server/features/arxiv-index/index-document";
import { liveDrawingOf, liveDrawnPage } from "@/test/drawn-page";
import { useSandboxedServer } from "@/test/sandboxed-server";
import { testDatabaseKind } from "@/test/test-database";

const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";
const ENTRY = '<script type="module" crossorigin src="/assets/index-abc123.js"></script>';

function builtIndex(): string {
  // index.html as Vite builds it: its title and description, the entry script and #root.
  const distDir = mkdtempSync(path.join(os.tmpdir(), "quire-dist-"));
  mkdirSync(path.join(distDir, "assets"));
  writeFileSync(
    path.join(distDir, "index.html"),
    `<!doctype html><html><head><meta\n      name="description"\n      content="Quire searches arXiv."\n    />\n<title>Quire: find papers</title><script src="/search-prefetch.js"></script>${ENTRY}</head><body><div id="root"></div><noscript>JS</noscript></body></html>`,
  );
  return distDir;
}

const env = useSandboxedServer({ webDistDir: builtIndex });

const HELD_ID = "2401.99901";
const HOSTILE_TITLE = `Attention </script><script>alert(1)</script> & <b>bold</b> "quoted"`;

async function holdInIndex(): Promise<void> {
  const row = indexRow({
    id: HELD_ID,
    versions: [{ version: 1, submitted: "2024-01-15T10:00:00Z" }],
    title: HOSTILE_TITLE,
    authors: [{ name: "Ada Lovelace", affiliations: [] }],
    abstract: "We prove $x<y$ whenever $\\alpha > 0$, in a few steps.",
    categories: ["cs.LG"],
    comments: null,
    journalRef: null,
    doi: "10.5555/held.1",
    reportNo: null,
    license: null,
    datestamp: "2024-01-15",
  });
  await arxivIndexRepository(env.server.database.db).upsert([row]);
}

async function arxivRequestCount(): Promise<number> {
  const response = await fetch(`${env.sandbox.url}/__control/requests?route=arxiv-api`);
  return ((await response.json()) as { requests: unknown[] }).requests.length;
}

const page = (pathname: string, headers: Record<string, string> = {}) => fetch(`${env.server.url}${pathname}`, { headers: { "user-agent": PHONE, ...headers } });

describe(`a reader page drawn by the server (${testDatabaseKind})`, () => {
  it("holds the abstract of a paper in the index, escaped, with the paper's title and description, and asks arXiv nothing", async () => {
    await holdInIndex();
    // Compressed and revalidated as the search preview is; live, not a picture: readable and usable without the app.
    const { html, drawing } = await liveDrawnPage(await page(`/abs/${HELD_ID}`, { "accept-encoding": "gzip" }));
    expect(drawing).toContain('<div class="sm:hidden noscript:block" data-preview-content>');
    expect(drawing).toContain("We prove $x&lt;y$ whenever $\\alpha &gt; 0$, in a few steps.");
    expect(drawing).toContain("Ada Lovelace");
    // The unversioned page links the unversioned PDF (a versioned page keeps its version).
    expect(drawing).toContain(`href="/pdf/${HELD_ID}"`);
    expect(drawing).toContain('href="https://doi.org/10.5555/held.1"');
    // No text of the paper's runs or ends an element.
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<b>bold");
    const escapedTitle = "Attention &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt; &quot;quoted&quot;";
    expect(html).toContain(`<title>${escapedTitle} · Quire</title>`);
    expect(html).toContain('<meta name="description" content="We prove $x&lt;y$ whenever $\\alpha &gt; 0$, in a few steps.">');
    expect(html).not.toContain("Quire: find papers");
    // The app's entry waits for the drawing to be on screen (search-prefetch.js starts it).
    expect(html).toContain('<meta name="quire-preview-app-entry" content="/assets/index-abc123.js" data-modules="">');
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain(ENTRY);
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
    // /paper/{id}, /html/{id} and /pdf/{id} too (the PDF view's header: its title is the page's largest text).
    expect(liveDrawingOf(await (await page(`/paper/${HELD_ID}`)).text())).toContain("We prove");
    expect(liveDrawingOf(await (await page(`/html/${HELD_ID}`)).text())).toContain("data-preview-paper");
    const pdfPage = await (await page(`/pdf/${HELD_ID}`)).text();
    const pdfDrawing = liveDrawingOf(pdfPage)!;
    expect(pdfDrawing).toContain(`>${escapedTitle}</h1>`);
    expect(pdfDrawing).toContain(">Ada Lovelace</p>");
    expect(pdfDrawing).toContain("data-pdf-place");
    expect(pdfPage).toContain(`<title>${escapedTitle} · Quire</title>`);
    // A desktop's too: the stylesheet, not the User-Agent, hides it where the side cards stand beside the viewer.
    const desktop = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36" };
    expect(liveDrawingOf(await (await page(`/pdf/${HELD_ID}`, desktop)).text())).toContain(`>${escapedTitle}</h1>`);
    expect(await arxivRequestCount()).toBe(0);
  });

  it("draws a paper arXiv has answered for lately from the cached answer, without asking again", async () => {
    const paper = getCorpus().papers.find((candidate) => candidate.abstract.length > 50)!;
    expect((await fetch(`${env.server.url}/api/papers/lookup?id=${paper.id}`)).status).toBe(200);
    expect(await arxivRequestCount()).toBe(1);
    const drawing = liveDrawingOf(await (await page(`/abs/${paper.id}`)).text());
    expect(drawing).toContain(paper.abstract.slice(0, 40).replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;"));
    expect(await arxivRequestCount()).toBe(1);
  });

  it("serves the app shell for a paper Quire does not hold, and for ids that are no paper's (the app says not found), never asking arXiv", async () => {
    const unheld = getCorpus().papers.at(-1)!.id;
    for (const pathname of [`/abs/${unheld}`, "/abs/not-a-paper", "/abs/%E0%A4%A", "/paper/10.1234%2Fsome.doi", "/abs/", "/html/..%2F..%2Fetc", "/abs/2401.99901v7", `/pdf/${unheld}`, "/pdf/2401.99901v7"]) {
      const response = await page(pathname);
      expect(response.status, pathname).toBe(200);
      const html = await response.text();
      expect(liveDrawingOf(html), pathname).toBeNull();
      expect(html, pathname).toContain(ENTRY);
      expect(html, pathname).toContain("<title>Quire: find papers</title>");
    }
    expect(await arxivRequestCount()).toBe(0);
  });
});
