import { describe, expect, it } from "vitest";
import { isKeptPdfRequest, isRevalidatedFile } from "./sw-routes";

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
});
