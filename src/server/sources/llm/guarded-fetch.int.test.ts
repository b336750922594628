/** The guarded fetch over real sockets: a name resolving to loopback is refused at connection time. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGuardedFetch } from "./guarded-fetch";

let server: Server;
let port = 0;
beforeAll(async () => {
  server = createServer((_request, response) => response.end("reached"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("createGuardedFetch over the network", () => {
  it("refuses a host name that resolves to a loopback address, and never reaches it", async () => {
    const failure = await createGuardedFetch({ allowPrivate: false })(`http://localhost:${port}/v1/models`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect(String((failure as { cause?: unknown }).cause)).toMatch(/private or local address \(localhost\)/);
  });

  it("reaches it when the operator allows private addresses", async () => {
    const response = await createGuardedFetch({ allowPrivate: true })(`http://localhost:${port}/v1/models`);
    expect(await response.text()).toBe("reached");
  });
});
