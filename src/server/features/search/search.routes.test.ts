import * as zlib from "node:zlib";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { describe, expect, it, vi } from "vitest";
import type { Paper } from "@/shared/paper";
import type { Sources } from "@/server/sources/sources";
import { encodedSearchResponseBody, searchResponseBody, searchRoutes } from "./search.routes";
import type { SearchService } from "./search.service";

// Counts the route's compressions; the compression itself is zlib's.
vi.mock("node:zlib", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:zlib")>();
  return { ...actual, gzipSync: vi.fn(actual.gzipSync), brotliCompressSync: vi.fn(actual.brotliCompressSync) };
});

const searchResponseJson = (response: Parameters<typeof searchResponseBody>[0]) => Buffer.from(searchResponseBody(response)).toString("utf8");

const paper = (id: string, title: string): Paper =>
  ({ id, title, authors: ["Ada Lovelace"], abstract: 'Quotes " and \\ back\nslashes, é, 😀', source: "arxiv", categories: ["cs.LG"] }) as unknown as Paper;

describe("searchResponseBody", () => {
  it("writes what JSON.stringify writes", () => {
    const response = { papers: [paper("1", "One"), paper("2", "Two")], total: 2000, page: 3, size: 50 };
    expect(searchResponseJson(response)).toBe(JSON.stringify(response));
    expect(JSON.parse(searchResponseJson({ papers: [], total: 0, page: 0, size: 20 }))).toEqual({ papers: [], total: 0, page: 0, size: 20 });
    const one = { papers: [paper("1", "Ω one")], total: 1, page: 0, size: 20 };
    expect(searchResponseJson(one)).toBe(JSON.stringify(one));
  });

  it("serialises a papers array once, with each answer's own total and page", () => {
    const papers = [paper("1", "One")];
    const first = searchResponseJson({ papers, total: 10, page: 0, size: 20 });
    // The same array (a cached answer) is not read again: a change to it would not show.
    (papers[0] as { title: string }).title = "Changed";
    const second = searchResponseJson({ papers, total: 11, page: 1, size: 50 });
    expect(JSON.parse(second)).toEqual({ ...JSON.parse(first), total: 11, page: 1, size: 50 });
    expect(JSON.parse(searchResponseJson({ papers: [...papers], total: 1, page: 0, size: 20 })).papers[0].title).toBe("Changed");
  });

  it("gives the same search of the same array the answer it made before, and a different one its own", () => {
    const papers = [paper("1", "One")];
    const first = searchResponseBody({ papers, total: 10, page: 0, size: 20 });
    expect(searchResponseBody({ papers, total: 10, page: 0, size: 20 })).toBe(first);
    const other = searchResponseBody({ papers, total: 10, page: 1, size: 20 });
    expect(other).not.toBe(first);
    expect(JSON.parse(Buffer.from(other).toString("utf8"))).toMatchObject({ total: 10, page: 1, size: 20 });
    expect(JSON.parse(Buffer.from(first).toString("utf8"))).toMatchObject({ total: 10, page: 0, size: 20 });
  });
});

describe("encodedSearchResponseBody", () => {
  const page = (count: number) => Array.from({ length: count }, (_, index) => paper(String(index), `Paper number ${index}`));
  const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };
  const compressor = { br: zlib.brotliCompressSync, gzip: zlib.gzipSync };

  for (const coding of ["br", "gzip"] as const) {
    it(`compresses the answer (${coding}) once and gives the same bytes for the same search again`, () => {
      vi.mocked(compressor[coding]).mockClear();
      const response = { papers: page(20), total: 20, page: 0, size: 20 };
      const encoded = encodedSearchResponseBody(response, coding)!;
      expect(decode[coding](encoded).toString("utf8")).toBe(JSON.stringify(response));
      expect(encoded.byteLength).toBeLessThan(searchResponseBody(response).byteLength / 3);
      expect(encodedSearchResponseBody({ ...response }, coding)).toBe(encoded);
      expect(compressor[coding]).toHaveBeenCalledTimes(1);
      // Another page of the same papers is another answer, compressed on its own.
      const other = encodedSearchResponseBody({ ...response, page: 1 }, coding)!;
      expect(JSON.parse(decode[coding](other).toString("utf8"))).toMatchObject({ page: 1 });
      expect(compressor[coding]).toHaveBeenCalledTimes(2);
    });
  }

  it("leaves an answer under 1 KB as it is", () => {
    expect(encodedSearchResponseBody({ papers: [], total: 0, page: 0, size: 20 }, "br")).toBeNull();
    expect(encodedSearchResponseBody({ papers: [], total: 0, page: 0, size: 20 }, "gzip")).toBeNull();
  });
});

describe("GET /search's encoding", () => {
  const papers = Array.from({ length: 30 }, (_, index) => paper(`2401.${String(index).padStart(5, "0")}`, `Paper number ${index}`));
  const service = { search: async () => ({ papers, total: 30, page: 0, size: 50, answeredBy: "arxiv-api" }) } as unknown as SearchService;
  // As app.ts mounts it: the compress middleware in front of every route.
  const app = new Hono().use("*", compress({ encoding: "gzip" })).route("/api", searchRoutes({ service, sources: {} as Sources }));
  const get = (acceptEncoding: string) => app.request("/api/search?source=arxiv&q=ti:model", { headers: { "Accept-Encoding": acceptEncoding } });

  it("sends the answer in Brotli to a browser, compressed once for repeated searches", async () => {
    vi.mocked(zlib.brotliCompressSync).mockClear();
    vi.mocked(zlib.gzipSync).mockClear();
    // What Chromium sends, over plain HTTP too: gzip first, every coding with the same weight.
    for (let round = 0; round < 3; round++) {
      const response = await get("gzip, deflate, br, zstd");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe("br");
      expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(response.headers.get("x-search-source")).toBe("arxiv-api");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get("content-length")).toBe(String(bytes.byteLength));
      // Compressed once: the middleware left the encoded answer alone.
      expect(JSON.parse(zlib.brotliDecompressSync(bytes).toString("utf8"))).toEqual({ papers, total: 30, page: 0, size: 50 });
    }
    expect(zlib.brotliCompressSync).toHaveBeenCalledTimes(1);
    expect(zlib.gzipSync).not.toHaveBeenCalled();
  });

  it("sends it gzipped to a client that takes gzip and not Brotli, or rates gzip higher", async () => {
    vi.mocked(zlib.gzipSync).mockClear();
    for (const acceptEncoding of ["gzip, deflate", "br;q=0.5, gzip", "br;q=0, *"]) {
      const response = await get(acceptEncoding);
      expect(response.headers.get("content-encoding"), acceptEncoding).toBe("gzip");
      const body = zlib.gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8");
      expect(JSON.parse(body)).toEqual({ papers, total: 30, page: 0, size: 50 });
    }
    expect(zlib.gzipSync).toHaveBeenCalledTimes(1);
  });

  it("sends a small answer (no results) plain and with its length, not through the middleware's gzip", async () => {
    const empty = { search: async () => ({ papers: [], total: 0, page: 0, size: 50, answeredBy: "arxiv" }) } as unknown as SearchService;
    const small = new Hono().use("*", compress({ encoding: "gzip" })).route("/api", searchRoutes({ service: empty, sources: {} as Sources }));
    const response = await small.request("/api/search?source=arxiv&q=ti:nothing", { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBeNull();
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("content-length")).toBe(String(body.byteLength));
    expect(JSON.parse(body.toString("utf8"))).toEqual({ papers: [], total: 0, page: 0, size: 50 });
  });

  it("sends it plain to a client that takes neither Brotli nor gzip", async () => {
    for (const acceptEncoding of ["identity", "gzip;q=0, deflate", "*;q=0", "zstd"]) {
      const response = await get(acceptEncoding);
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(((await response.json()) as { papers: Paper[] }).papers).toHaveLength(30);
    }
  });
});
