import { afterEach, describe, expect, it, vi } from "vitest";
import { PDF_MESSAGES } from "@/shared/pdf";
import { downloadAhead, downloadWhole, PdfLoadError, takeAhead } from "./pdf-download";

const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]);
const URL_ = "/api/pdf-proxy?paperId=2406.19956";

function answer(body: BodyInit | null, init: ResponseInit = {}) {
  return vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response(body, init)));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("downloading a PDF beside pdf.js", () => {
  it("gives the whole file, asked for with the reader's cookies", async () => {
    const fetch = answer(PDF, { headers: { "content-type": "application/pdf" } });
    vi.stubGlobal("fetch", fetch);
    expect(await downloadWhole(URL_, new AbortController().signal)).toEqual(PDF);
    expect(fetch.mock.calls[0]?.[1]?.credentials).toBe("same-origin");
  });

  it("takes a large file whole too (the cloud cache keeps only whole files)", async () => {
    vi.stubGlobal("fetch", answer(PDF, { headers: { "content-length": String(64 * 1024 * 1024), "accept-ranges": "bytes" } }));
    expect(await downloadWhole(URL_, new AbortController().signal)).toEqual(PDF);
  });

  it("describes a failed answer in the proxy's own words, without asking again", async () => {
    const fetch = answer(JSON.stringify({ error: { message: PDF_MESSAGES.downloadFailed(429) } }), { status: 429 });
    vi.stubGlobal("fetch", fetch);
    const failure = await downloadWhole(URL_, new AbortController().signal).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PdfLoadError);
    expect((failure as PdfLoadError).message).toBe("Download failed with status: 429");
    expect(fetch).toHaveBeenCalledTimes(1);
    vi.stubGlobal("fetch", answer("Bad gateway", { status: 502 }));
    await expect(downloadWhole(URL_, new AbortController().signal)).rejects.toThrow("Download failed with status: 502");
  });

  it("says the proxy could not be reached when nothing answered, and nothing when it was stopped", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    await expect(downloadWhole(URL_, new AbortController().signal)).rejects.toThrow(PDF_MESSAGES.proxyFailed);
    const stopped = new AbortController();
    stopped.abort();
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new DOMException("aborted", "AbortError"))));
    expect(await downloadWhole(URL_, stopped.signal)).toBeNull();
  });

  it("leaves a download that broke off half-way to pdf.js", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(PDF);
        controller.error(new TypeError("network error"));
      },
    });
    vi.stubGlobal("fetch", answer(body));
    expect(await downloadWhole(URL_, new AbortController().signal)).toBeNull();
  });

});

describe("a download started on a press", () => {
  it("is taken once by the open of the same URL", async () => {
    const fetch = answer(PDF);
    vi.stubGlobal("fetch", fetch);
    downloadAhead(URL_);
    downloadAhead(URL_);
    expect(fetch).toHaveBeenCalledTimes(1);
    const taken = takeAhead(URL_);
    expect(await taken?.bytes).toEqual(PDF);
    expect(takeAhead(URL_)).toBeNull();
  });

  it("is dropped (and stopped) by the open of another URL, by another press, or after 10 s", () => {
    vi.useFakeTimers();
    const signals: AbortSignal[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((_url: string, init?: RequestInit) => {
        signals.push(init!.signal!);
        return new Promise<Response>(() => undefined);
      }),
    );
    downloadAhead(URL_);
    expect(takeAhead("/api/pdf-proxy?paperId=0704.0086")).toBeNull();
    expect(signals[0]?.aborted).toBe(true);
    downloadAhead(URL_);
    downloadAhead("/api/pdf-proxy?paperId=0704.0086");
    expect(signals[1]?.aborted).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(signals[2]?.aborted).toBe(true);
    expect(takeAhead("/api/pdf-proxy?paperId=0704.0086")).toBeNull();
  });
});
