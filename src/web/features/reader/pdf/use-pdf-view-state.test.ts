// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderHook } from "@testing-library/react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { PDF_SCALE_SAVE_DEBOUNCE_MS } from "@/shared/pdf";
import { loadViewState, type PdfViewState } from "./pdf-view-state";
import { useSaveViewState } from "./use-pdf-view-state";

const PAPER = "2401.12345";
const doc = {} as PDFDocumentProxy;
const view = (scale: number): PdfViewState => ({ pageNumber: 1, scale, rotation: 0, pdfViewMode: "continuous", displayMode: "normal" });

function setWidth(width: number) {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
}

describe("useSaveViewState", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    setWidth(1024);
  });

  it("files a zoom under the screen it was chosen on, even if the window changes before the write", () => {
    setWidth(1400);
    const desktop = renderHook(() => useSaveViewState(PAPER, view(1.9), doc));
    vi.advanceTimersByTime(PDF_SCALE_SAVE_DEBOUNCE_MS);
    desktop.unmount();

    // A phone's zoom, then the window made wide within the debounce.
    setWidth(390);
    renderHook(() => useSaveViewState(PAPER, view(0.9), doc));
    setWidth(1400);
    vi.advanceTimersByTime(PDF_SCALE_SAVE_DEBOUNCE_MS);

    expect(loadViewState(PAPER, "desktop").scale).toBe(1.9);
    expect(loadViewState(PAPER, "phone").scale).toBe(0.9);
  });

  it("writes nothing before the document is open", () => {
    renderHook(() => useSaveViewState(PAPER, view(2.5), null));
    vi.advanceTimersByTime(PDF_SCALE_SAVE_DEBOUNCE_MS * 2);
    expect(localStorage.length).toBe(0);
  });
});
