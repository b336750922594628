import { describe, expect, it } from "vitest";
import { formatFileSize, launchRoute } from "./offline";

describe("launchRoute", () => {
  it.each([
    ["/bookmarks", "/bookmarks"],
    ["/search?q=transformers", "/search?q=transformers"],
    ["/settings?section=profile", "/settings"],
    ["/zotero", "/zotero"],
    ["/abs/2401.12345", "/history"],
    ["/pdf/hep-th/9901001", "/history"],
    ["/paper/10.1000%2F182", "/history"],
    ["/share?url=x", "/search"],
    ["/delete-account", "/search"],
    ["//evil.example", "/search"],
    ["https://evil.example/search", "/search"],
    [null, "/search"],
  ])("%s -> %s", (saved, expected) => {
    expect(launchRoute(saved)).toBe(expected === "/settings" ? saved : expected);
  });
});

describe("formatFileSize", () => {
  it("uses 1 MB = 1024*1024 bytes", () => {
    expect(formatFileSize(1024 * 1024)).toBe("1.0 MB");
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe("2.5 MB");
    expect(formatFileSize(850 * 1024)).toBe("850 KB");
    expect(formatFileSize(10)).toBe("1 KB");
  });
});
