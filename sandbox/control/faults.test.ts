import { describe, expect, it } from "vitest";
import { faultInputSchema } from "./fault-schema";
import { FaultQueue, faultResponse, garble } from "./faults";

describe("FaultQueue", () => {
  it("applies a fault with `match` only to requests that contain the text", () => {
    const queue = new FaultQueue();
    queue.add({ route: "arxiv-api", status: 503, match: "ti:mine", times: 1 });
    expect(queue.take("arxiv-api", "/arxiv/api/query?search_query=ti:theirs")).toBeUndefined();
    expect(queue.take("arxiv-api", "/arxiv/api/query?search_query=ti:mine")?.status).toBe(503);
    expect(queue.take("arxiv-api", "/arxiv/api/query?search_query=ti:mine")).toBeUndefined();
  });

  it("uses faults in the order queued, each for its number of requests", () => {
    const queue = new FaultQueue();
    queue.add({ route: "arxiv-api", status: 429, times: 2 });
    queue.add({ route: "arxiv-api", status: 503, times: 1 });
    expect([1, 2, 3, 4].map(() => queue.take("arxiv-api")?.status)).toEqual([429, 429, 503, undefined]);
  });

  it("keeps a fault without times for every request", () => {
    const queue = new FaultQueue();
    queue.add({ route: "arxiv-api", latencyMs: 10 });
    expect([1, 2, 3].map(() => queue.take("arxiv-api")?.latencyMs)).toEqual([10, 10, 10]);
  });

  it("applies a * fault to any route and a named one only to its route", () => {
    const queue = new FaultQueue();
    queue.add({ route: "arxiv-pdf", status: 500, times: 1 });
    expect(queue.take("arxiv-api")).toBeUndefined();
    queue.add({ route: "*", status: 502, times: 1 });
    expect(queue.take("arxiv-api")?.status).toBe(502);
    expect(queue.take("arxiv-pdf")?.status).toBe(500);
  });

  it("forgets everything on clear", () => {
    const queue = new FaultQueue();
    queue.add({ route: "*", hang: true });
    queue.clear();
    expect(queue.take("arxiv-api")).toBeUndefined();
  });
});

describe("faultInputSchema", () => {
  it("refuses unknown keys and impossible values", () => {
    expect(faultInputSchema.safeParse({ route: "arxiv-api", stauts: 429 }).success).toBe(false);
    expect(faultInputSchema.safeParse({ route: "arxiv-api", status: 99 }).success).toBe(false);
    expect(faultInputSchema.safeParse({ route: "arxiv-api", times: 0 }).success).toBe(false);
    expect(faultInputSchema.safeParse({ route: "arxiv-api", status: 429, retryAfter: 3, times: 1 }).success).toBe(true);
  });
});

describe("faultResponse", () => {
  it("adds the fault's headers to its answer (e.g. Backoff on a 503)", () => {
    const fault = new FaultQueue().add({ route: "zotero-api", status: 503, retryAfter: 2, headers: { Backoff: "30" } });
    const response = faultResponse({ ...fault, status: 503 });
    expect([response.status, response.headers.get("backoff"), response.headers.get("retry-after")]).toEqual([503, "30", "2"]);
    expect(faultInputSchema.safeParse({ route: "zotero-api", headers: { "Bad Name": "x" } }).success).toBe(false);
  });
});

describe("garble", () => {
  it("cuts the body short, appends bytes no parser accepts and answers 200", async () => {
    const original = new Response("<feed><entry>complete</entry></feed>", { status: 200, headers: { "Content-Type": "application/atom+xml", "Content-Length": "36" } });
    const garbled = await garble(original);
    const text = await garbled.text();
    expect(garbled.status).toBe(200);
    expect(text.startsWith("<feed><entry>")).toBe(true);
    expect(text).not.toContain("</feed>");
    expect(garbled.headers.get("content-length")).toBe(String(new TextEncoder().encode(text).byteLength));
    expect(garbled.headers.get("content-type")).toBe("application/atom+xml");
  });
});
