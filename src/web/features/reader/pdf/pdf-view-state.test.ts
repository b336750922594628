// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { clampPage, clampScale, cleanPdfPaperId, nextRotation, pdfProxyArxivId, proxiableArxivId, stepScale } from "@/shared/pdf";
import { clientRectToPageRect, mergeLineRects, toUnrotated } from "./highlight-geometry";
import { hasZoomFor, historyBack, historyForward, loadViewState, saveViewState, startHistory, swipeDirection, visitPage } from "./pdf-view-state";

beforeEach(() => localStorage.clear());

describe("PDF rules of the spec", () => {
  it("clamps the page to 1..page count", () => {
    expect(clampPage(0, 10)).toBe(1);
    expect(clampPage(11, 10)).toBe(10);
    expect(clampPage(Number.NaN, 10)).toBe(1);
    expect(clampPage(4, 10)).toBe(4);
  });

  it("zooms 0.5 to 3 in steps of 0.2", () => {
    expect(stepScale(1, 1)).toBe(1.2);
    expect(stepScale(1, -1)).toBe(0.8);
    expect(stepScale(0.6, -1)).toBe(0.5);
    expect(stepScale(2.9, 1)).toBe(3);
    expect(clampScale(10)).toBe(3);
    expect(clampScale(Number.NaN)).toBe(1);
  });

  it("rotates by 90 degrees modulo 360", () => {
    expect([0, 90, 180, 270].map(nextRotation)).toEqual([90, 180, 270, 0]);
  });

  it("cleans ids: a .pdf suffix goes; the proxy keeps a version (that version's PDF), the paper's id does not", () => {
    expect(cleanPdfPaperId("2401.12345v2.pdf")).toBe("2401.12345");
    expect(pdfProxyArxivId("2401.12345v2.pdf")).toBe("2401.12345v2");
    expect(pdfProxyArxivId("2401.12345.pdf")).toBe("2401.12345");
    expect(pdfProxyArxivId("hep-th/9901001v3")).toBe("hep-th/9901001v3");
    expect(pdfProxyArxivId("https://arxiv.org/pdf/2401.12345v1")).toBe("2401.12345v1");
    expect(pdfProxyArxivId("https://arxiv.org.evil.example/pdf/2401.12345")).toBeNull();
    expect(pdfProxyArxivId("file:///etc/passwd")).toBeNull();
    expect(pdfProxyArxivId("2401.12345/../../x")).toBeNull();
  });

  it("opens the PDF of the version the route names, else the newest, whatever the paper's details say", () => {
    const paper = { id: "2401.12345", arxivId: "2401.12345v3", source: "arxiv" as const };
    expect(proxiableArxivId(paper, "2401.12345v2")).toBe("2401.12345v2");
    expect(proxiableArxivId(paper, "2401.12345")).toBe("2401.12345");
    expect(proxiableArxivId(paper, "10.1000/xyz")).toBe("2401.12345");
    expect(proxiableArxivId({ id: "W1", arxivId: null, source: "openalex" as const }, "W1")).toBeNull();
    expect(proxiableArxivId({ id: "hep-th/9901001", arxivId: null, source: "arxiv" as const }, "hep-th/9901001v3")).toBe("hep-th/9901001v3");
  });

  it("turns the page on a swipe over 80 px that is more across than down; right is previous", () => {
    expect(swipeDirection(-81, 10, 80)).toBe("next");
    expect(swipeDirection(81, 10, 80)).toBe("previous");
    expect(swipeDirection(-80, 0, 80)).toBeNull();
    expect(swipeDirection(-100, 120, 80)).toBeNull();
  });
});

describe("view state per paper", () => {
  it("restores what was saved and falls back field by field", () => {
    saveViewState("2401.1", { pageNumber: 4, scale: 1.4, rotation: 90, pdfViewMode: "single", displayMode: "maximized" });
    expect(loadViewState("2401.1")).toEqual({ pageNumber: 4, scale: 1.4, rotation: 90, pdfViewMode: "single", displayMode: "maximized" });
    localStorage.setItem("pdf-viewer.state.2401.2", JSON.stringify({ pageNumber: -3, scale: 99, rotation: 45, pdfViewMode: "x" }));
    expect(loadViewState("2401.2")).toEqual({ pageNumber: 1, scale: 3, rotation: 0, pdfViewMode: "continuous", displayMode: "normal" });
    // A new paper starts at the last zoom used.
    expect(loadViewState("2401.3").scale).toBe(1.4);
  });

  it("keeps one zoom per kind of screen: a desktop's zoom is not a phone's", () => {
    const state = { pageNumber: 2, scale: 2.2, rotation: 0, pdfViewMode: "continuous", displayMode: "normal" } as const;
    saveViewState("2401.4", state, "desktop");
    expect(hasZoomFor("2401.4", "desktop")).toBe(true);
    expect(hasZoomFor("2401.4", "phone")).toBe(false);
    // On a phone the paper starts from its last zoom (the viewer fits it to the width if it overflows).
    expect(loadViewState("2401.4", "phone")).toMatchObject({ pageNumber: 2, scale: 2.2 });

    saveViewState("2401.4", { ...state, pageNumber: 3, scale: 0.6 }, "phone");
    expect(loadViewState("2401.4", "phone")).toMatchObject({ pageNumber: 3, scale: 0.6 });
    expect(loadViewState("2401.4", "desktop")).toMatchObject({ pageNumber: 3, scale: 2.2 });
    expect(hasZoomFor("2401.4", "tablet")).toBe(false);
  });

  it("reads a state saved before zooms were kept per screen as chosen on none", () => {
    localStorage.setItem("pdf-viewer.state.2401.5", JSON.stringify({ pageNumber: 1, scale: 1.8, rotation: 0, pdfViewMode: "single", displayMode: "normal" }));
    expect(hasZoomFor("2401.5", "desktop")).toBe(false);
    expect(loadViewState("2401.5", "desktop").scale).toBe(1.8);
    localStorage.setItem("pdf-viewer.state.2401.6", JSON.stringify({ scale: 1, scales: { phone: "big", desktop: 9 } }));
    expect(hasZoomFor("2401.6", "phone")).toBe(false);
    expect(loadViewState("2401.6", "desktop").scale).toBe(3);
  });

  it("keeps a page history with back and forward", () => {
    let history = startHistory(1);
    history = visitPage(history, 5);
    history = visitPage(history, 9);
    history = historyBack(history);
    expect(history.entries[history.index]).toBe(5);
    history = historyForward(history);
    expect(history.entries[history.index]).toBe(9);
    history = historyBack(historyBack(history));
    history = visitPage(history, 3);
    expect(history.entries).toEqual([1, 3]);
    expect(historyForward(history)).toBe(history);
  });
});

describe("highlight geometry", () => {
  const box = { left: 100, top: 50, width: 200, height: 400 };

  it("stores rects as fractions of the unrotated page", () => {
    expect(clientRectToPageRect({ left: 120, top: 90, right: 220, bottom: 130 }, box, 0)).toEqual({ x: 0.1, y: 0.1, width: 0.5, height: 0.1 });
  });

  it("maps a point on a rotated page back to the unrotated page", () => {
    // 90 degrees clockwise: the unrotated top-left corner is now at the top-right.
    expect(toUnrotated(1, 0, 90)).toEqual({ u: 0, v: 0 });
    expect(toUnrotated(0, 0, 180)).toEqual({ u: 1, v: 1 });
    expect(toUnrotated(0, 0, 270)).toEqual({ u: 1, v: 0 });
  });

  it("merges the touching runs of one line", () => {
    const merged = mergeLineRects([
      { x: 0.1, y: 0.1, width: 0.2, height: 0.02 },
      { x: 0.3, y: 0.1005, width: 0.2, height: 0.02 },
      { x: 0.1, y: 0.15, width: 0.3, height: 0.02 },
    ]);
    expect(merged).toHaveLength(2);
    expect(merged[0]!.width).toBeCloseTo(0.4);
  });
});
