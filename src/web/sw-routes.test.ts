import { describe, expect, it } from "vitest";
import { pdfProxyPath } from "@/shared/pdf";
import { isKeptPdfRequest, isRevalidatedFile, keptPdfFallbackPath } from "./sw-routes";

describe("what the service worker answers", () => {
  it("answers only GETs of the PDF proxy among /api requests", () => {
    expect(isKeptPdfRequest("/api/pdf-proxy", "GET")).toBe(true);
    expect(isKeptPdfRequest("/api/pdf-proxy", "POST")).toBe(false);
    expect(isKeptPdfRequest("/api/me/bookmarks", "GET")).toBe(false);
    expect(isKeptPdfRequest("/api/papers/lookup", "GET")).toBe(false);
  });

  it("fetches the fixed-name files from the network first, never /api or the hashed assets", () => {
    for (const path of ["/pdf-prefetch.js", "/search-prefetch.js", "/theme-init.js", "/favicon.svg", "/manifest.webmanifest", "/icons/icon-192.png"]) {
      expect(isRevalidatedFile(path), path).toBe(true);
    }
    for (const path of ["/assets/index-abc.js", "/api/search.json", "/search", "/pdf/2401.12345"]) {
      expect(isRevalidatedFile(path), path).toBe(false);
    }
  });

  it("answers a PDF asked for at a version from the paper's kept copy, kept without version", () => {
    const search = (id: string) => pdfProxyPath(id).slice(pdfProxyPath(id).indexOf("?"));
    expect(keptPdfFallbackPath(search("2401.12345v2"))).toBe(pdfProxyPath("2401.12345"));
    expect(keptPdfFallbackPath(search("hep-th/9901001v3"))).toBe(pdfProxyPath("hep-th/9901001"));
    expect(keptPdfFallbackPath(search("2401.12345"))).toBeNull();
    expect(keptPdfFallbackPath("")).toBeNull();
  });
});
