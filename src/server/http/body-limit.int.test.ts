import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "@/test/test-database";
import { startTestServer, type TestServer } from "@/test/test-server";
import { OVERSIZED_BODY_DRAIN_FACTOR, OVERSIZED_BODY_DRAIN_MS } from "./body-limit";

/**
 * A body over the limit, over a raw socket: the 413 either keeps the connection
 * usable (the server read the rest of the body) or says `Connection: close` and closes it;
 * never announces keep-alive and then closes.
 */
const LIMIT = 4096;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { BODY_LIMIT_BYTES: String(LIMIT) } });
});
afterAll(async () => {
  await server?.close();
});

type Answer = { status: number; headers: Record<string, string>; body: string };

/** One socket to the server; reads answers as they come and notices when the server closes. */
function connect() {
  const { port } = new URL(server.url);
  const socket = net.connect(Number(port), "127.0.0.1");
  let buffer = Buffer.alloc(0);
  let closed = false;
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((resolve) => resolve());
  socket.on("data", (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake();
  });
  socket.on("close", () => {
    closed = true;
    wake();
  });
  // A reset while the client still sends is a close too.
  socket.on("error", () => undefined);
  const changed = () => new Promise<void>((resolve) => waiters.push(resolve));

  return {
    socket,
    isClosed: () => closed,
    write: (data: string | Buffer) => new Promise<void>((resolve) => (socket.writable ? socket.write(data, () => resolve()) : resolve())),
    /** The next complete answer (by its Content-Length), or null when the server closed first. */
    async answer(timeoutMs = 10_000): Promise<Answer | null> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf("\r\n\r\n");
        if (end >= 0) {
          const [statusLine, ...lines] = buffer.subarray(0, end).toString("latin1").split("\r\n");
          const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
          const length = Number(headers["content-length"] ?? 0);
          if (buffer.length >= end + 4 + length) {
            const body = buffer.subarray(end + 4, end + 4 + length).toString("utf8");
            buffer = buffer.subarray(end + 4 + length);
            return { status: Number(statusLine!.split(" ")[1]), headers, body };
          }
        }
        if (closed) return null;
        if (Date.now() > deadline) throw new Error("no answer in time");
        await Promise.race([changed(), new Promise((resolve) => setTimeout(resolve, 50))]);
      }
    },
    /** Waits up to `ms` for the server to close the connection; true when it did. */
    async closesWithin(ms: number): Promise<boolean> {
      const deadline = Date.now() + ms;
      while (!closed && Date.now() < deadline) await Promise.race([changed(), new Promise((resolve) => setTimeout(resolve, 50))]);
      return closed;
    },
  };
}

const head = (length: number) =>
  `POST /api/me/notes/2401.12345 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: keep-alive\r\n\r\n`;
const health = "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n";

describe(`a request body over the limit, over a raw socket (${testDatabaseKind})`, () => {
  it("a little over, sent whole: 413, and the same connection answers the next request", async () => {
    const client = connect();
    const size = LIMIT + 1000;
    await client.write(head(size) + "x".repeat(size));
    const answer = await client.answer();
    expect(answer?.status).toBe(413);
    expect(answer?.headers.connection).not.toBe("close");
    // Past the adapter's own half-second drain: the connection is still there.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(client.isClosed()).toBe(false);
    await client.write(health);
    expect((await client.answer())?.status).toBe(200);
    client.socket.destroy();
  });

  it("far over: 413 saying Connection: close, then the server closes", async () => {
    const client = connect();
    const size = LIMIT * OVERSIZED_BODY_DRAIN_FACTOR * 20;
    await client.write(head(size));
    void client.write("x".repeat(LIMIT));
    const answer = await client.answer();
    expect(answer?.status).toBe(413);
    expect(answer?.headers.connection).toBe("close");
    expect(JSON.parse(answer!.body)).toMatchObject({ error: { code: "payload_too_large" } });
    expect(await client.closesWithin(2_000)).toBe(true);
    client.socket.destroy();
  });

  it("a little over but never sent whole: 413 saying Connection: close once the wait is over, then the server closes", async () => {
    const client = connect();
    const size = LIMIT + 1000;
    await client.write(head(size) + "x".repeat(LIMIT));
    const started = Date.now();
    const answer = await client.answer(OVERSIZED_BODY_DRAIN_MS + 5_000);
    expect(answer?.status).toBe(413);
    expect(answer?.headers.connection).toBe("close");
    expect(Date.now() - started).toBeGreaterThanOrEqual(OVERSIZED_BODY_DRAIN_MS - 100);
    expect(await client.closesWithin(2_000)).toBe(true);
    client.socket.destroy();
  });

  it("never announces keep-alive and then closes: a 413 without Connection: close leaves the connection usable", async () => {
    for (const size of [LIMIT + 1, LIMIT * OVERSIZED_BODY_DRAIN_FACTOR, LIMIT * OVERSIZED_BODY_DRAIN_FACTOR + 1, LIMIT * 100]) {
      const client = connect();
      await client.write(head(size));
      void client.write("x".repeat(size));
      const answer = await client.answer();
      expect(answer?.status, `${size} bytes`).toBe(413);
      if (answer?.headers.connection === "close") {
        expect(await client.closesWithin(2_000), `${size} bytes`).toBe(true);
      } else {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(client.isClosed(), `${size} bytes: announced keep-alive, then closed`).toBe(false);
        await client.write(health);
        expect((await client.answer())?.status, `${size} bytes`).toBe(200);
      }
      client.socket.destroy();
    }
  });
});
