// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pdfPagePdfUrl } from "@/shared/pdf";
import { installPdfWarmup, PDF_WARMUP_HOVER_MS } from "./pdf-warmup";

let uninstall: () => void = () => undefined;

function links() {
  document.body.innerHTML = `
    <a id="pdf" href="/pdf/2406.19956v2"><span id="inside">PDF</span></a>
    <a id="abs" href="/abs/2406.19956">Abstract</a>
    <p id="text">text</p>`;
  return (id: string) => document.getElementById(id)!;
}

const pointer = (type: string, target: Element, init: MouseEventInit = {}) => target.dispatchEvent(new MouseEvent(type, { bubbles: true, ...init }));
const focus = (target: Element) => target.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));

function install(warm: () => Promise<unknown> = () => Promise.resolve()) {
  const calls = { warm: vi.fn(warm), press: vi.fn<(pathname: string) => void>() };
  uninstall = installPdfWarmup(document, calls);
  return calls;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  uninstall();
  vi.useRealTimers();
});

describe("pdf.js warm-up on intent", () => {
  it("warms once a pointer has rested on a PDF link, and only once", () => {
    const el = links();
    const { warm, press } = install();
    pointer("pointerover", el("inside"));
    vi.advanceTimersByTime(PDF_WARMUP_HOVER_MS - 1);
    expect(warm).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(warm).toHaveBeenCalledTimes(1);
    focus(el("pdf"));
    pointer("pointerover", el("pdf"));
    vi.advanceTimersByTime(PDF_WARMUP_HOVER_MS);
    expect(warm).toHaveBeenCalledTimes(1);
    expect(press).not.toHaveBeenCalled();
  });

  it("does not warm for a pointer passing over, or for other links", () => {
    const el = links();
    const { warm, press } = install();
    pointer("pointerover", el("pdf"));
    vi.advanceTimersByTime(PDF_WARMUP_HOVER_MS / 2);
    pointer("pointerout", el("pdf"), { relatedTarget: el("text") });
    vi.advanceTimersByTime(PDF_WARMUP_HOVER_MS * 2);
    pointer("pointerover", el("abs"));
    pointer("pointerdown", el("abs"));
    focus(el("text"));
    vi.advanceTimersByTime(PDF_WARMUP_HOVER_MS * 2);
    expect(warm).not.toHaveBeenCalled();
    expect(press).not.toHaveBeenCalled();
  });

  it("keeps waiting while the pointer moves within the link", () => {
    const el = links();
    const { warm } = install();
    pointer("pointerover", el("pdf"));
    pointer("pointerout", el("pdf"), { relatedTarget: el("inside") });
    vi.advanceTimersByTime(PDF_WARMUP_HOVER_MS);
    expect(warm).toHaveBeenCalledTimes(1);
  });

  it("warms at once on keyboard focus", () => {
    const el = links();
    const { warm, press } = install();
    focus(el("pdf"));
    expect(warm).toHaveBeenCalledTimes(1);
    expect(press).not.toHaveBeenCalled();
  });

  it("hands over every press of a PDF link (pointer or Enter) with its path, warming on the first", () => {
    const el = links();
    const { warm, press } = install();
    pointer("pointerdown", el("inside"), { button: 0 });
    expect(warm).toHaveBeenCalledTimes(1);
    expect(press).toHaveBeenLastCalledWith("/pdf/2406.19956v2");
    el("pdf").dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(press).toHaveBeenCalledTimes(2);
    // Not the secondary button (a context menu), not another key.
    pointer("pointerdown", el("pdf"), { button: 2 });
    el("pdf").dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", bubbles: true }));
    expect(press).toHaveBeenCalledTimes(2);
    expect(warm).toHaveBeenCalledTimes(1);
    // The viewer opens the proxy URL of the cleaned id, at the version the link names.
    expect(pdfPagePdfUrl("/pdf/2406.19956v2")).toBe("/api/pdf-proxy?paperId=2406.19956v2");
  });

  it("tries again at the next sign of intent when loading the code failed", async () => {
    const el = links();
    let attempts = 0;
    const { warm } = install(() => (++attempts === 1 ? Promise.reject(new Error("offline")) : Promise.resolve()));
    focus(el("pdf"));
    focus(el("pdf"));
    expect(warm).toHaveBeenCalledTimes(1); // still loading
    await vi.waitFor(() => expect(attempts).toBe(1));
    await Promise.resolve();
    focus(el("pdf"));
    expect(warm).toHaveBeenCalledTimes(2);
  });
});

describe("the PDF of a /pdf/ page", () => {
  it("is the proxy path of the cleaned arXiv id (with the version it names), and none for other paths", () => {
    expect(pdfPagePdfUrl("/pdf/2406.19956")).toBe("/api/pdf-proxy?paperId=2406.19956");
    expect(pdfPagePdfUrl("/pdf/2406.19956.pdf")).toBe("/api/pdf-proxy?paperId=2406.19956");
    expect(pdfPagePdfUrl("/pdf/hep-th/9901001v3")).toBe(`/api/pdf-proxy?paperId=${encodeURIComponent("hep-th/9901001v3")}`);
    expect(pdfPagePdfUrl("/pdf/2406.19956v2.pdf")).toBe("/api/pdf-proxy?paperId=2406.19956v2");
    expect(pdfPagePdfUrl("/pdf/2406.19956v02")).toBeNull();
    expect(pdfPagePdfUrl("/pdf/10.1000%2Fxyz")).toBeNull();
    expect(pdfPagePdfUrl("/abs/2406.19956")).toBeNull();
    expect(pdfPagePdfUrl("/pdf/%E0%A4%A")).toBeNull();
    expect(pdfPagePdfUrl("/pdf/")).toBeNull();
  });
});
