import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANDING_DESCRIPTION, LANDING_TITLE } from "@/shared/landing";
import { liveDrawingOf, liveDrawnPage } from "@/test/drawn-page";
import { startTestServer, type TestServer } from "@/test/test-server";
import { testDatabaseKind } from "@/test/test-database";

const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const ENTRY = '<script type="module" crossorigin src="/assets/index-abc123.js"></script>';
const SHELL_TITLE = "<title>Quire: the shell</title>";

let server: TestServer;

beforeAll(async () => {
  // index.html as Vite builds it: its title and description, the head's scripts, the entry and its preload, #root.
  const distDir = mkdtempSync(path.join(os.tmpdir(), "quire-dist-"));
  mkdirSync(path.join(distDir, "assets"));
  writeFileSync(
    path.join(distDir, "index.html"),
    `<!doctype html><html><head><meta\n      name="description"\n      content="The shell's description."\n    />\n${SHELL_TITLE}<script src="/search-prefetch.js"></script>${ENTRY}<link rel="modulepreload" crossorigin href="/assets/react-0.js"></head><body><div id="root"></div><noscript>JS</noscript></body></html>`,
  );
  server = await startTestServer({ webDistDir: distDir });
});
afterAll(async () => {
  await server?.close();
});

const page = (pathname: string, headers: Record<string, string> = {}) => fetch(`${server.url}${pathname}`, { headers: { "user-agent": PHONE, ...headers } });

describe(`the landing page drawn by the server (${testDatabaseKind})`, () => {
  it("holds the page itself, live, under its own title and description, with the app started after it", async () => {
    // Live, not a picture: readable and usable without the app, shown on every screen.
    const { html, drawing } = await liveDrawnPage(await page("/", { "accept-encoding": "gzip" }));
    expect(drawing.startsWith("<div data-preview-content>")).toBe(true);
    expect(drawing).toMatch(/<h1 [^>]*>Find the paper\. Read it closely\. Cite it/);
    expect(drawing).toContain("searches the big scholarly indexes in a single list");
    expect(drawing).toContain('href="/search"');
    expect(drawing).toContain('href="/privacy-policy"');
    // Its title and description, named for link previews too.
    expect(html).toContain(`<title>${LANDING_TITLE}</title>`);
    expect(html).toContain(`<meta name="description" content="${LANDING_DESCRIPTION}">`);
    expect(html).toContain(`<meta property="og:title" content="${LANDING_TITLE}">`);
    expect(html).not.toContain(SHELL_TITLE);
    // The app's entry waits for the drawing to be on screen (search-prefetch.js starts it).
    expect(html).toContain('<meta name="quire-preview-app-entry" content="/assets/index-abc123.js" data-modules="/assets/react-0.js">');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain("modulepreload");
    expect(html.indexOf("quire-preview-app-entry")).toBeLessThan(html.indexOf('src="/search-prefetch.js"'));
    // Only the live page has ids, label targets and the tests' hooks; nothing runs in the drawing.
    expect(drawing).not.toMatch(/ (id|for|data-testid|aria-controls|aria-describedby|aria-labelledby)="/);
    expect(drawing).not.toContain("<script");
    expect(drawing).not.toContain("<title>");
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
  });

  it("is the same drawing for a desktop, a phone, a visitor with a session cookie and a query string", async () => {
    const drawing = liveDrawingOf(await (await page("/")).text());
    expect(liveDrawingOf(await (await page("/", { "user-agent": DESKTOP })).text())).toBe(drawing);
    expect(liveDrawingOf(await (await page("/", { cookie: "better-auth.session_token=abc.def" })).text())).toBe(drawing);
    expect(liveDrawingOf(await (await page("/?utm_source=mail")).text())).toBe(drawing);
  });

  it("leaves every other page as it was: the shell, its title, the app's entry", async () => {
    for (const pathname of ["/auth", "/privacy-policy", "/terms-of-service", "/search", "/settings", "/abs/not-a-paper", "/index.html"]) {
      const response = await page(pathname);
      expect(response.status, pathname).toBe(200);
      const html = await response.text();
      expect(liveDrawingOf(html), pathname).toBeNull();
      expect(html, pathname).toContain(ENTRY);
      expect(html, pathname).toContain(SHELL_TITLE);
      expect(html, pathname).not.toContain("quire-preview-app-entry");
    }
  });
});
