import { describe, expect, it } from "vitest";
import { parseRange, rangeResponse } from "./byte-ranges";

describe("parseRange", () => {
  it.each([
    [undefined, { kind: "whole" }],
    ["bytes=0-99", { kind: "partial", start: 0, end: 99 }],
    ["bytes=900-", { kind: "partial", start: 900, end: 999 }],
    ["bytes=-100", { kind: "partial", start: 900, end: 999 }],
    ["bytes=990-5000", { kind: "partial", start: 990, end: 999 }],
    ["bytes=-5000", { kind: "partial", start: 0, end: 999 }],
    ["bytes=1000-", { kind: "unsatisfiable" }],
    ["bytes=-0", { kind: "unsatisfiable" }],
    ["bytes=0-1,5-6", { kind: "whole" }],
    ["items=0-1", { kind: "whole" }],
    ["bytes=50-10", { kind: "whole" }],
  ])("%s on 1000 bytes", (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});

describe("rangeResponse", () => {
  const body = new Uint8Array(Array.from({ length: 10 }, (_, i) => i));

  it("answers 206 with Content-Range for a range", async () => {
    const response = rangeResponse(body, "bytes=2-4", { "Content-Type": "application/pdf" });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe("bytes 2-4/10");
    expect(response.headers.get("content-length")).toBe("3");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([2, 3, 4]);
  });

  it("answers 416 with the size for a range past the end", () => {
    const response = rangeResponse(body, "bytes=10-", {});
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe("bytes */10");
  });

  it("answers 200 with everything without a range", async () => {
    const response = rangeResponse(body, undefined, {});
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe("10");
    expect((await response.arrayBuffer()).byteLength).toBe(10);
  });
});
