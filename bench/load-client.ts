/**
 * The benchmarks' lean HTTP client (the index bench's load, the search bench's timed calls):
 * HTTP/1.1 over kept-alive sockets (node:http), the answer read to its end and not decoded. The client runs on the same cores as the servers and
 * PostgreSQL it measures, so it must cost little: 200 searches at once through `fetch` (undici:
 * web streams, Headers objects, gzip decoding) took about 0.4 s of CPU, a sixth of the burst's
 * whole, which no user's browser puts on a server's machine.
 */
import http from "node:http";

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

export type LoadAnswer = { ms: number; status: number; headers: http.IncomingHttpHeaders };

/** What Chromium sends as Accept-Encoding, over plain HTTP as over HTTPS. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** One request as a browser sends it (its codings accepted), timed until the answer's last byte. */
export function send(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<LoadAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method ?? "GET", agent, headers: { accept: "*/*", "accept-encoding": BROWSER_ACCEPT_ENCODING, ...init.headers } }, (response) => {
      response.on("error", reject);
      response.on("end", () => resolve({ ms: performance.now() - started, status: response.statusCode ?? 0, headers: response.headers }));
      response.resume();
    });
    request.on("error", reject);
    request.end(init.body);
  });
}

/** Closes the kept sockets (the servers may then stop at once). */
export function closeLoadClient(): void {
  agent.destroy();
}
