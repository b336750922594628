import { describe, expect, it } from "vitest";
import { blobUrlSigner } from "@/server/storage/blob-url-signer";
import { papersRedirectLoader } from "@/web/features/pdf-cache/papers-redirect";
import { blobKeyFor, endsLikePdf, resolveRange } from "./pdf-cache.service";

describe("resolveRange", () => {
  it.each([
    [undefined, { kind: "whole" }],
    ["bytes=0-99", { kind: "part", start: 0, end: 99 }],
    ["bytes=900-", { kind: "part", start: 900, end: 999 }],
    ["bytes=990-5000", { kind: "part", start: 990, end: 999 }],
    ["bytes=-10", { kind: "part", start: 990, end: 999 }],
    ["bytes=-5000", { kind: "part", start: 0, end: 999 }],
    ["bytes=1000-", { kind: "unsatisfiable" }],
    ["bytes=-0", { kind: "unsatisfiable" }],
    ["bytes=50-10", { kind: "whole" }],
    ["bytes=1-2,5-9", { kind: "whole" }],
    ["items=0-1", { kind: "whole" }],
    ["bytes=-", { kind: "whole" }],
  ])("%s of 1000 bytes", (header, expected) => {
    expect(resolveRange(header, 1000)).toEqual(expected);
  });
});

describe("endsLikePdf", () => {
  it("knows a whole PDF by its %%EOF near the end, and a cut-off one by its absence", () => {
    expect(endsLikePdf(new TextEncoder().encode("%PDF-1.7\n...\nstartxref\n123\n%%EOF\n"))).toBe(true);
    expect(endsLikePdf(new TextEncoder().encode(`%PDF-1.7\n${"x".repeat(5000)}`))).toBe(false);
  });
});

describe("blob keys", () => {
  it("are content addresses under pdf/sha256, fanned out by the first two hex digits", () => {
    expect(blobKeyFor("ab".repeat(32))).toBe(`pdf/sha256/ab/${"ab".repeat(32)}.pdf`);
  });
});

describe("blobUrlSigner", () => {
  let now = 1_700_000_000_000;
  const signer = blobUrlSigner("s".repeat(40), () => now);
  const query = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);

  it("grants one key to one user until the expiry, under a file name", () => {
    const url = signer.sign({ key: "pdf/sha256/ab/x.pdf", userId: "u1", expiresInSeconds: 3600, fileName: "2401.00001.pdf" });
    expect(url.startsWith("/api/blobs/pdf/sha256/ab/x.pdf?")).toBe(true);
    expect(signer.verify("pdf/sha256/ab/x.pdf", query(url))).toEqual({
      ok: true,
      grant: { key: "pdf/sha256/ab/x.pdf", userId: "u1", expires: 1_700_000_000 + 3600, fileName: "2401.00001.pdf" },
    });
    expect(signer.verify("pdf/sha256/ab/y.pdf", query(url))).toEqual({ ok: false, reason: "bad-signature" });
    expect(signer.verify("pdf/sha256/ab/x.pdf", { ...query(url), name: "other.pdf" })).toEqual({ ok: false, reason: "bad-signature" });
    expect(blobUrlSigner("t".repeat(40), () => now).verify("pdf/sha256/ab/x.pdf", query(url))).toEqual({ ok: false, reason: "bad-signature" });
    expect(signer.verify("pdf/sha256/ab/x.pdf", { ...query(url), expires: "soon" })).toEqual({ ok: false, reason: "malformed" });
    now += 3600 * 1000;
    expect(signer.verify("pdf/sha256/ab/x.pdf", query(url))).toEqual({ ok: false, reason: "expired" });
  });
});

describe("/papers/{paperId}", () => {
  const target = (splat: string) => papersRedirectLoader({ params: { "*": splat } } as never).headers.get("location");
  it("opens the cached paper's PDF in the reader", () => {
    expect(target("2401.00001")).toBe("/pdf/2401.00001");
    expect(target("hep-th/9901002")).toBe("/pdf/hep-th/9901002");
    expect(target("")).toBe("/search");
  });
});
