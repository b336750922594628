import type { Server } from "node:http";
import type { Duplex } from "node:stream";
import type { ServerType } from "@hono/node-server";
import { APP_NAME } from "@/shared/constants";
import { REQUEST_HEAD_MAX_BYTES } from "@/shared/share-url";

/**
 * The request line and headers Node reads before it refuses a request. Node's own 16 KiB is
 * less than a link the app's pages make themselves: Android and the installed web app share a
 * long text as `/share?text=...`, and 20,000 characters of it are 20 to 180 KB once encoded.
 */
export const httpServerOptions = { maxHeaderSize: REQUEST_HEAD_MAX_BYTES };

const tooLongPage = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Link too long · ${APP_NAME}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2937;background:#fff}
@media (prefers-color-scheme:dark){body{color:#e5e7eb;background:#111827}a{color:#93c5fd}}</style></head>
<body><h1>This link is too long to open</h1>
<p>${APP_NAME} opens links of up to ${REQUEST_HEAD_MAX_BYTES / 1024} KB. Share the paper's link on its own, or paste it on the <a href="/share">Save Paper</a> page.</p></body>
</html>
`;

/**
 * A request whose head is over the limit gets a page saying so, not Node's empty 431, which a
 * browser shows as its own error page. Other malformed requests keep Node's plain answers.
 */
export function answerOversizedRequests(server: ServerType): void {
  const http = server as Server;
  http.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === "ECONNRESET") {
      socket.destroy();
      return;
    }
    if (error.code === "HPE_HEADER_OVERFLOW") {
      const body = Buffer.from(tooLongPage);
      socket.end(
        `HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: ${body.length}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${tooLongPage}`,
      );
      return;
    }
    const status = error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? "408 Request Timeout" : "400 Bad Request";
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
  });
}
