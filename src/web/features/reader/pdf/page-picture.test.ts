import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearPagePictures, keepPagePicture, PAGE_PICTURE_CACHE, PAGE_PICTURE_LIMIT, pagePicturePath, readPagePicture, type PagePictureView } from "./page-picture";

/** Cache Storage as the browser keeps it: per cache, entries in the order they were put. */
class MemoryCache {
  entries = new Map<string, Response>();
  async put(path: string, response: Response) {
    this.entries.delete(path);
    this.entries.set(path, response);
  }
  async match(path: string) {
    return this.entries.get(path)?.clone();
  }
  async delete(request: string | Request) {
    return this.entries.delete(typeof request === "string" ? request : new URL(request.url).pathname);
  }
  async keys() {
    return [...this.entries.keys()].map((path) => new Request(`http://quire.test${path}`));
  }
}

class MemoryCacheStorage {
  caches = new Map<string, MemoryCache>();
  failPut = false;
  async open(name: string) {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new MemoryCache();
      this.caches.set(name, cache);
    }
    if (this.failPut) cache.put = () => Promise.reject(new DOMException("Quota exceeded", "QuotaExceededError"));
    return cache;
  }
  async delete(name: string) {
    return this.caches.delete(name);
  }
}

/** A drawn page: only toBlob and its size are used. */
function canvas(width = 800, height = 1000): HTMLCanvasElement {
  return {
    width,
    height,
    toBlob: (done: (blob: Blob | null) => void, type: string) => done(new Blob([new Uint8Array([1, 2, 3])], { type })),
  } as unknown as HTMLCanvasElement;
}

const view = (pageNumber = 1): PagePictureView => ({ pageNumber, scale: 1.2, rotation: 0, innerWidth: 1280, density: 2 });

describe("the kept picture of a paper's page", () => {
  let storage: MemoryCacheStorage;
  beforeEach(() => {
    storage = new MemoryCacheStorage();
    vi.stubGlobal("caches", storage);
    vi.stubGlobal("window", { innerWidth: 1280 });
    // The decoded picture: here, the stored bytes' type.
    vi.stubGlobal("createImageBitmap", async (blob: Blob) => ({ type: blob.type }));
  });
  const shown = (paperId: string, pageNumber = 1) => readPagePicture(paperId, { pageNumber, scale: 1.2, rotation: 0 }, 2);
  afterEach(() => vi.unstubAllGlobals());

  it("is kept as WebP with the view it shows, one per paper, the newest replacing the older", async () => {
    expect(await keepPagePicture("2401.00001", canvas(), view(1))).toBe(true);
    expect(await keepPagePicture("2401.00001", canvas(), view(4))).toBe(true);
    const cache = storage.caches.get(PAGE_PICTURE_CACHE)!;
    expect([...cache.entries.keys()]).toEqual([pagePicturePath("2401.00001")]);
    expect(cache.entries.get(pagePicturePath("2401.00001"))!.headers.get("Content-Type")).toBe("image/webp");
    expect(await shown("2401.00001", 4)).toEqual({ type: "image/webp" });
    expect(await shown("2401.00001", 1)).toBeNull();
    expect(await shown("2401.00002")).toBeNull();
  });

  it("is shown only for the view it was taken at: the same page, zoom and rotation, on the same window", async () => {
    await keepPagePicture("2401.00001", canvas(), view(3));
    const at = (change: Partial<{ pageNumber: number; scale: number; rotation: number }>, density = 2) =>
      readPagePicture("2401.00001", { pageNumber: 3, scale: 1.2, rotation: 0, ...change }, density);
    expect(await at({})).not.toBeNull();
    expect(await at({ pageNumber: 2 })).toBeNull();
    expect(await at({ scale: 1.4 })).toBeNull();
    expect(await at({ rotation: 90 })).toBeNull();
    expect(await at({}, 1)).toBeNull();
    vi.stubGlobal("window", { innerWidth: 1024 });
    expect(await at({})).toBeNull();
  });

  it("keeps the newest PAGE_PICTURE_LIMIT papers; a paper pictured again counts as new", async () => {
    for (let index = 0; index < PAGE_PICTURE_LIMIT; index++) await keepPagePicture(`paper-${index}`, canvas(), view());
    await keepPagePicture("paper-0", canvas(), view(2));
    await keepPagePicture("paper-new", canvas(), view());
    const kept = [...storage.caches.get(PAGE_PICTURE_CACHE)!.entries.keys()];
    expect(kept).toHaveLength(PAGE_PICTURE_LIMIT);
    expect(kept).not.toContain(pagePicturePath("paper-1"));
    expect(kept.slice(-2)).toEqual([pagePicturePath("paper-0"), pagePicturePath("paper-new")]);
  });

  it("an old-style id is a path segment of its own", () => {
    expect(pagePicturePath("hep-th/9901001")).toBe("/__quire/page-picture/hep-th%2F9901001");
  });

  it("is simply not kept when it cannot be: a full disk, an empty canvas, no Cache Storage", async () => {
    storage.failPut = true;
    expect(await keepPagePicture("2401.00001", canvas(), view())).toBe(false);
    storage.failPut = false;
    expect(await keepPagePicture("2401.00001", canvas(0, 0), view())).toBe(false);
    vi.stubGlobal("caches", undefined);
    expect(await keepPagePicture("2401.00001", canvas(), view())).toBe(false);
    expect(await shown("2401.00001")).toBeNull();
    await expect(clearPagePictures()).resolves.toBeUndefined();
  });

  it("Clear cache drops them all", async () => {
    await keepPagePicture("2401.00001", canvas(), view());
    await clearPagePictures();
    expect(storage.caches.has(PAGE_PICTURE_CACHE)).toBe(false);
    expect(await shown("2401.00001")).toBeNull();
  });
});
