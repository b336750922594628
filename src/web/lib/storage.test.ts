// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { freeDeviceStorage, isQuotaExceededError, readString, writeString } from "@/web/lib/storage";

const quotaError = () => new DOMException("The quota has been exceeded.", "QuotaExceededError");

describe("writeString when device storage is full", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it("removes the non-protected keys and retries once", () => {
    window.localStorage.setItem("theme", "light");
    window.localStorage.setItem("settings", "{}");
    window.localStorage.setItem("profile", "{}");
    window.localStorage.setItem("search-cache", "big");
    window.localStorage.setItem("scroll.search", "120");
    const realSetItem = Storage.prototype.setItem;
    let calls = 0;
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(function (this: Storage, key: string, value: string) {
      calls += 1;
      if (calls === 1) throw quotaError();
      realSetItem.call(this, key, value);
    });

    expect(writeString("papers.cache", "new")).toBe(true);
    expect(calls).toBe(2);
    expect(readString("papers.cache")).toBe("new");
    expect(readString("theme")).toBe("light");
    expect(readString("settings")).toBe("{}");
    expect(readString("profile")).toBe("{}");
    expect(readString("search-cache")).toBeNull();
    expect(readString("scroll.search")).toBeNull();
  });

  it("gives up after the one retry", () => {
    window.localStorage.setItem("bookmarks", "{}");
    const setItem = vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw quotaError();
    });
    expect(writeString("bookmarks", "{...}")).toBe(false);
    expect(setItem).toHaveBeenCalledTimes(2);
  });

  it("does not clear anything for other failures (storage disabled)", () => {
    window.localStorage.setItem("bookmarks", "{}");
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    expect(writeString("x", "y")).toBe(false);
    expect(readString("bookmarks")).toBe("{}");
  });

  it("recognises each browser's quota error", () => {
    expect(isQuotaExceededError(quotaError())).toBe(true);
    expect(isQuotaExceededError({ name: "NS_ERROR_DOM_QUOTA_REACHED" })).toBe(true);
    expect(isQuotaExceededError({ code: 22 })).toBe(true);
    expect(isQuotaExceededError(new Error("other"))).toBe(false);
  });

  it("freeDeviceStorage keeps the theme, settings, profile and the native auth token", () => {
    for (const key of ["theme", "settings", "profile", "auth token", "a", "b"]) window.localStorage.setItem(key, "1");
    expect(freeDeviceStorage()).toBe(2);
    expect(Object.keys(window.localStorage).sort()).toEqual(["auth token", "profile", "settings", "theme"]);
  });
});
