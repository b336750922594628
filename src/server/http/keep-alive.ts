import type { Server } from "node:http";
import type { ServerType } from "@hono/node-server";

/**
 * How long an idle browser connection stays open. Node's default of 5 s makes a reader who
 * clicks every few seconds reconnect each time; 65 s also outlives the 60-s idle timeout of
 * the usual load balancers in front, so they never send on a connection the server has closed.
 */
export const KEEP_ALIVE_MS = 65_000;

export function keepConnectionsAlive(server: ServerType): void {
  const http = server as Server;
  http.keepAliveTimeout = KEEP_ALIVE_MS;
  // Must exceed keepAliveTimeout, or a request arriving on an idle connection can be cut off.
  http.headersTimeout = KEEP_ALIVE_MS + 1_000;
}
