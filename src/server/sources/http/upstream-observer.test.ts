import { describe, expect, it, vi } from "vitest";
import type { UpstreamReply, UpstreamTransport } from "./upstream-agent";
import { observeTransport, type UpstreamObserver } from "./upstream-observer";

const reply = (status: number, body: () => Promise<Uint8Array>): UpstreamReply => ({
  status,
  statusText: "",
  header: () => null,
  bytes: body,
  discard: async () => {},
});

function observer() {
  const exchanges: unknown[] = [];
  const value: UpstreamObserver = { exchange: (source, ms, outcome) => exchanges.push({ source, ms, outcome }), answer: vi.fn() };
  return { value, exchanges };
}

describe("observeTransport", () => {
  it("reports each exchange once its body is read, with its status", async () => {
    const { value, exchanges } = observer();
    const send = observeTransport(async () => reply(503, async () => new Uint8Array(2)), "arxiv", value);
    const answer = await send("http://x", { headers: {}, signal: AbortSignal.timeout(1000) });
    expect(exchanges).toEqual([]);
    await answer.bytes();
    expect(exchanges).toEqual([{ source: "arxiv", ms: expect.any(Number), outcome: { status: 503 } }]);
  });

  it("reports timeouts, network failures and unreadable bodies as failures, and passes the error on", async () => {
    const { value, exchanges } = observer();
    const timeout = Object.assign(new Error("timed out"), { name: "TimeoutError" });
    const failing: UpstreamTransport = async () => {
      throw timeout;
    };
    await expect(observeTransport(failing, "openalex", value)("http://x", { headers: {}, signal: AbortSignal.timeout(1000) })).rejects.toBe(timeout);
    const garbled = observeTransport(async () => reply(200, async () => Promise.reject(new Error("bad gzip"))), "crossref", value);
    const answer = await garbled("http://x", { headers: {}, signal: AbortSignal.timeout(1000) });
    await expect(answer.bytes()).rejects.toThrow("bad gzip");
    expect(exchanges.map((exchange) => (exchange as { outcome: unknown }).outcome)).toEqual([{ failure: "timeout" }, { failure: "unreadable" }]);
  });

  it("is the transport itself when nobody observes", () => {
    const send: UpstreamTransport = async () => reply(200, async () => new Uint8Array());
    expect(observeTransport(send, "arxiv", undefined)).toBe(send);
  });
});
