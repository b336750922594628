import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useSandboxedServer } from "@/test/sandboxed-server";
import { testDatabaseKind } from "@/test/test-database";
import { SEARCH_PREVIEW_WAIT_MS } from "./search-preview";

const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";

function builtIndex(): string {
  // index.html as Vite builds it: the entry script and #root as the server looks for them.
  const distDir = mkdtempSync(path.join(os.tmpdir(), "quire-dist-"));
  mkdirSync(path.join(distDir, "assets"));
  writeFileSync(
    path.join(distDir, "index.html"),
    '<!doctype html><html><head><script src="/search-prefetch.js"></script><script type="module" crossorigin src="/assets/index-abc123.js"></script><link rel="modulepreload" crossorigin href="/assets/react-0.js"></head><body><div id="root"></div><noscript>JS</noscript></body></html>',
  );
  return distDir;
}

const env = useSandboxedServer({ webDistDir: builtIndex });

async function arxivRequestCount(): Promise<number> {
  const response = await fetch(`${env.sandbox.url}/__control/requests?route=arxiv-api`);
  return ((await response.json()) as { requests: unknown[] }).requests.length;
}

const page = (query: string, userAgent = DESKTOP, headers: Record<string, string> = {}) =>
  fetch(`${env.server.url}/search?${query}`, { headers: { "user-agent": userAgent, ...headers } });

const PREVIEW_ELEMENT = '<div id="quire-preview" inert aria-hidden="true">';

/** The preview element's inner HTML. */
function previewOf(html: string): string {
  const start = html.indexOf(PREVIEW_ELEMENT);
  expect(start).toBeGreaterThan(html.indexOf('<div id="root"></div>'));
  return html.slice(start + PREVIEW_ELEMENT.length, html.lastIndexOf("<noscript>"));
}

describe(`a /search?q= page drawn by the server (${testDatabaseKind})`, () => {
  it("holds the page with its first rows, from the one upstream call the page's own request then shares", async () => {
    const response = await page("q=ti%3Atransformer%20AND%20cat%3Acs.CL");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    const preview = previewOf(html);
    // Laid out for a desktop screen, shown only on one, marked as holding the results.
    expect(preview).toContain('<div class="hidden lg:block" data-preview-content>');
    expect(preview).toContain("Search Papers");
    expect(preview).toContain('value="ti:transformer AND cat:cs.CL"');
    const answer = (await (await fetch(`${env.server.url}/api/search?q=ti%3Atransformer%20AND%20cat%3Acs.CL`)).json()) as {
      papers: { title: string }[];
      total: number;
    };
    expect(preview).toContain(`of ${answer.total} results`);
    // The first rows (a first screen's worth), the first carrying the paint-timing mark.
    const first = answer.papers[0]!.title.replaceAll("&", "&amp;").replaceAll("<", "&lt;");
    expect(preview).toContain(first);
    expect(preview.match(/elementtiming="first-paper"/g)).toHaveLength(1);
    expect(preview.match(/<tr/g)!.length).toBeLessThanOrEqual(1 + 6);
    expect(await arxivRequestCount()).toBe(1);
    // Only the live page has ids, label targets and the tests' hooks; nothing runs in the preview.
    expect(preview).not.toMatch(/ (id|for|data-testid)="/);
    expect(preview).not.toContain("data-paper-row");
    expect(preview).not.toContain("<script");
    expect(preview).not.toContain("<title>");
    // The app's entry and the modules it imports are named for search-prefetch.js, which fetches
    // and starts them once the preview is drawn: none is fetched beside the drawing.
    expect(html).toContain('<meta name="quire-preview-app-entry" content="/assets/index-abc123.js" data-modules="/assets/react-0.js">');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain("modulepreload");
    expect(html.indexOf("quire-preview-app-entry")).toBeLessThan(html.indexOf('src="/search-prefetch.js"'));
  });

  // The next ones search OpenAlex and Crossref: arXiv allows one request every 3 seconds.
  it("lays the page out for a phone when the browser says it is one", async () => {
    const preview = previewOf(await (await page("source=openalex&q=graph", PHONE)).text());
    expect(preview).toContain('<div class="sm:hidden" data-preview-content>');
    expect(preview).toContain('<article class="rounded-xl border');
  });

  it("draws a visitor without a session cookie as signed out, as the app will (the sign-in hint above the rows); one with it as still being asked", async () => {
    const hint = "Sign in to save your search history and sync across devices.";
    const anonymous = previewOf(await (await page("source=crossref&q=graph")).text());
    expect(anonymous).toContain(hint);
    expect(anonymous.indexOf(hint)).toBeLessThan(anonymous.indexOf("Showing 1"));
    const withCookie = previewOf(await (await page("source=crossref&q=graph", DESKTOP, { cookie: "theme=dark; better-auth.session_token=abc.def" })).text());
    expect(withCookie).toContain("Search Papers");
    expect(withCookie).not.toContain(hint);
  });

  it("goes out without the rows, results loading, when the search is slower than the wait", async () => {
    await fetch(`${env.sandbox.url}/__control/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ route: "openalex-api", latencyMs: 4000 }),
    });
    const started = performance.now();
    const html = await (await page("source=openalex&q=diffusion")).text();
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(SEARCH_PREVIEW_WAIT_MS - 50);
    expect(elapsed).toBeLessThan(3000);
    const preview = previewOf(html);
    expect(preview).toContain('<div class="hidden lg:block">');
    expect(preview).not.toContain("data-preview-content");
    expect(preview).toContain("Searching…");
  });

  it("is compressed for a browser that accepts it, and whole", async () => {
    const response = await page("source=crossref&q=attention", DESKTOP, { "accept-encoding": "br" });
    expect(response.headers.get("content-encoding")).toBe("br");
    const html = await response.text();
    expect(html).toContain("data-preview-content");
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
  });

  it("shows only the page's frame for a query the API refuses (the app brings the message), and nothing without a search", async () => {
    const refused = previewOf(await (await page("q=ti%3A(unbalanced")).text());
    expect(refused).toContain("Search Papers");
    expect(refused).not.toContain("data-preview-content");
    for (const query of ["q=%20", "page=0"]) {
      const html = await (await page(query)).text();
      expect(html, query).not.toContain("quire-preview");
      expect(html, query).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    }
    expect(await arxivRequestCount()).toBe(0);
  });
});
