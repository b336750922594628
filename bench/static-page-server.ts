import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";

/**
 * The lighthouse suite's baseline: one paper's abstract page as arXiv serves it, plain static
 * HTML with its styles inline and no script, from a bare Node server. Run in its own process
 * (bench/sandbox-process.ts) as Quire's server is, it answers every path with that page:
 * what a page a phone opens from a link costs when it is nothing but its text.
 *
 * The paper comes as JSON in STATIC_PAGE_PAPER (id, title, authors, abstract), the same paper
 * Quire draws on its /abs page in the same run.
 */
type StaticPaper = { id: string; title: string; authors: string[]; abstract: string; published?: string };

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function abstractPage(paper: StaticPaper): string {
  const authors = paper.authors.map((name) => `<a href="/a/${encodeURIComponent(name)}">${escape(name)}</a>`).join(", ");
  const submitted = paper.published ? `<p class="dateline">[Submitted on ${escape(paper.published.slice(0, 10))}]</p>` : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>[${escape(paper.id)}] ${escape(paper.title)}</title>
<meta name="description" content="${escape(paper.abstract.slice(0, 300))}">
<style>
body{margin:0;font:16px/1.5 -apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1a1a1a;background:#fff}
header{background:#b31b1b;color:#fff;padding:.5rem 1rem}
header a{color:#fff;font-weight:700;text-decoration:none}
main{display:flex;flex-wrap:wrap;gap:2rem;max-width:72rem;margin:0 auto;padding:1rem}
article{flex:1 1 30rem;min-width:0}
aside{flex:0 1 14rem}
h1{font-size:1.5rem;line-height:1.3;margin:.5rem 0}
.authors a,aside a{color:#0645ad}
.dateline{color:#555;font-size:.875rem;margin:0}
blockquote{margin:1rem 0;padding:0}
aside h2{font-size:1rem;margin:0 0 .5rem}
aside ul{margin:0;padding-left:1.25rem}
</style>
</head>
<body>
<header><a href="/">arXiv</a></header>
<main>
<article>
${submitted}
<h1>${escape(paper.title)}</h1>
<p class="authors">Authors: ${authors}</p>
<blockquote><strong>Abstract:</strong> ${escape(paper.abstract)}</blockquote>
</article>
<aside>
<h2>Access Paper:</h2>
<ul>
<li><a href="/pdf/${escape(paper.id)}">View PDF</a></li>
<li><a href="/html/${escape(paper.id)}">HTML (experimental)</a></li>
<li><a href="/format/${escape(paper.id)}">Other Formats</a></li>
</ul>
</aside>
</main>
</body>
</html>
`;
}

function main() {
  const paper = JSON.parse(process.env.STATIC_PAGE_PAPER ?? "null") as StaticPaper | null;
  if (!paper?.id || !paper.title) throw new Error("STATIC_PAGE_PAPER names no paper");
  // Compressed once, as a static host keeps its files.
  const html = Buffer.from(abstractPage(paper));
  const gzipped = gzipSync(html);
  const server = createServer((request, response) => {
    if (request.url === "/favicon.ico") {
      response.writeHead(404).end();
      return;
    }
    const gzip = /\bgzip\b/.test(request.headers["accept-encoding"] ?? "");
    const body = gzip ? gzipped : html;
    response.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      ...(gzip ? { "content-encoding": "gzip" } : {}),
      "content-length": body.length,
      "cache-control": "no-cache",
      vary: "accept-encoding",
    });
    response.end(body);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, "127.0.0.1", () => {
    console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}

main();
