/**
 * Serves a byte array with HTTP range support (RFC 9110 section 14): `bytes=a-b`, `bytes=a-`
 * and `bytes=-n` give 206 with Content-Range; a range past the end gives 416; anything else
 * (no header, another unit, several ranges) gives the whole body with 200, which the RFC allows.
 */

export type RangeRequest = { kind: "whole" } | { kind: "partial"; start: number; end: number } | { kind: "unsatisfiable" };

export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: "whole" };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match || (match[1] === "" && match[2] === "")) return { kind: "whole" };
  const [, first, last] = match as unknown as [string, string, string];
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return { kind: "unsatisfiable" };
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: "whole" };
  return { kind: "partial", start, end };
}

/** A response for `body` honouring the request's Range header; `headers` are added to every answer. */
export function rangeResponse(body: Uint8Array<ArrayBuffer>, rangeHeader: string | undefined, headers: Record<string, string>): Response {
  const size = body.byteLength;
  const range = parseRange(rangeHeader, size);
  const common = { ...headers, "Accept-Ranges": "bytes" };
  if (range.kind === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...common, "Content-Range": `bytes */${size}` } });
  }
  if (range.kind === "partial") {
    const slice = body.subarray(range.start, range.end + 1);
    return new Response(slice, {
      status: 206,
      headers: { ...common, "Content-Range": `bytes ${range.start}-${range.end}/${size}`, "Content-Length": String(slice.byteLength) },
    });
  }
  return new Response(body, { status: 200, headers: { ...common, "Content-Length": String(size) } });
}
