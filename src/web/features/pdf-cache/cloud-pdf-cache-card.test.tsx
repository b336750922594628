// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { mswServer } from "@/test/unit-setup";
import { PDF_CACHE_LIST_MAX_HEIGHT_PX, PDF_CACHE_MESSAGES } from "@/shared/pdf-cache";
import { Toaster } from "@/web/components/ui/toaster";
import { dismissToast } from "@/web/components/ui/use-toast";
import { cachedPaperPath, CloudPdfCacheCard } from "./cloud-pdf-cache-card";
import { createFakePdfCacheApi, makeCachedPdf } from "./testing/fake-pdf-cache-api";

let api: ReturnType<typeof createFakePdfCacheApi>;

function renderCard() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CloudPdfCacheCard userId="u1" />
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  api = createFakePdfCacheApi([
    makeCachedPdf("2401.00001", { paperTitle: "Attention Is Enough", accessCount: 3, fileSize: 3 * 1024 * 1024 }),
    makeCachedPdf("hep-th/9901002", { paperTitle: null, paperAuthors: null, accessCount: 1, fileSize: 1024 * 1024 }),
  ]);
  mswServer.use(...api.handlers);
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

describe("Cloud PDF Cache card", () => {
  it("lists each cached PDF with title, authors, size, last access and opens, in a list at most 400 px high", async () => {
    renderCard();
    const list = await screen.findByRole("list", { name: "Cached PDFs" }, { timeout: 5000 });
    expect(list.style.maxHeight).toBe(`${PDF_CACHE_LIST_MAX_HEIGHT_PX}px`);
    expect(list.className).toMatch(/overflow-y-auto/);
    const first = within(list).getByRole("listitem", { name: "Attention Is Enough" });
    expect(within(first).getByText("Ada Lovelace, Alan Turing")).toBeTruthy();
    expect(within(first).getByText("3.00 MB")).toBeTruthy();
    expect(within(first).getByText("Last accessed 5 minutes ago")).toBeTruthy();
    expect(within(first).getByText("Opened 3 times")).toBeTruthy();
    const link = within(first).getByRole("link", { name: "Attention Is Enough" });
    expect(link.getAttribute("href")).toBe("/papers/2401.00001");
    expect(link.getAttribute("target")).toBe("_blank");
    // No title yet: the arXiv id stands in; an old-style id keeps its slash in the path.
    const second = within(list).getByRole("listitem", { name: "arXiv:hep-th/9901002" });
    expect(within(second).getByText("Opened 1 time")).toBeTruthy();
    expect(within(second).getByRole("link").getAttribute("href")).toBe("/papers/hep-th/9901002");
    expect(cachedPaperPath("hep-th/9901002")).toBe("/papers/hep-th/9901002");

    const stats = screen.getByRole("region", { name: "Cache statistics" });
    await waitFor(() => expect(within(stats).getByText("2")).toBeTruthy());
    expect(within(stats).getByText("4.00 MB")).toBeTruthy();
    expect(within(stats).getByText(/4\.00 MB of 500\.00 MB/)).toBeTruthy();
  });

  it("removes one file and says so", async () => {
    renderCard();
    fireEvent.click(await screen.findByRole("button", { name: "Remove Attention Is Enough from the cache" }, { timeout: 5000 }));
    expect(await screen.findByText(PDF_CACHE_MESSAGES.removed)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("listitem", { name: "Attention Is Enough" })).toBeNull());
    expect(api.state.files.map((file) => file.paperId)).toEqual(["hep-th/9901002"]);
  });

  it("clears the cache after a confirmation and says so", async () => {
    renderCard();
    await screen.findByRole("list", { name: "Cached PDFs" }, { timeout: 5000 });
    fireEvent.click(screen.getByRole("button", { name: "Clear PDF cache" }));
    const dialog = await screen.findByRole("alertdialog");
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Clear cache" })));
    expect(await screen.findByText(PDF_CACHE_MESSAGES.cleared)).toBeTruthy();
    expect(await screen.findByText(/No cached PDFs yet/)).toBeTruthy();
    expect(api.state.files).toEqual([]);
  });

  it("shows the spec's messages when removing or clearing fails", async () => {
    api.state.fail.add("remove");
    api.state.fail.add("clear");
    renderCard();
    fireEvent.click(await screen.findByRole("button", { name: "Remove Attention Is Enough from the cache" }, { timeout: 5000 }));
    expect(await screen.findByText(PDF_CACHE_MESSAGES.removeFailed)).toBeTruthy();
    expect(screen.getByRole("listitem", { name: "Attention Is Enough" })).toBeTruthy();
    act(() => dismissToast());
    fireEvent.click(screen.getByRole("button", { name: "Clear PDF cache" }));
    await act(async () => fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Clear cache" })));
    expect(await screen.findByText(PDF_CACHE_MESSAGES.clearFailed)).toBeTruthy();
  });

  it("shows an empty list and zero stats, with the spec's messages, when they cannot be loaded", async () => {
    api.state.fail.add("list");
    renderCard();
    // Loading is tried twice before it is reported.
    expect(await screen.findByText(PDF_CACHE_MESSAGES.loadFilesFailed, undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/No cached PDFs yet/)).toBeTruthy();
    cleanup();
    act(() => dismissToast());
    api.state.fail.clear();
    api.state.fail.add("stats");
    renderCard();
    expect(await screen.findByText(PDF_CACHE_MESSAGES.loadStatsFailed, undefined, { timeout: 5000 })).toBeTruthy();
    const stats = screen.getByRole("region", { name: "Cache statistics" });
    expect(within(stats).getByText("0")).toBeTruthy();
    expect(within(stats).getByText("Never")).toBeTruthy();
  });

  it("says why when the storage cannot be set up or reached", async () => {
    api.state.fail.add("setup");
    renderCard();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(PDF_CACHE_MESSAGES.initFailed)).toBeTruthy();
    expect(within(alert).getByText(/ECONNREFUSED/)).toBeTruthy();
    cleanup();
    api.state.fail.clear();
    api.state.storage = { kind: "file", ok: false, reason: "The object store did not answer for the bucket user-pdf-cache (ECONNREFUSED)." };
    renderCard();
    expect(within(await screen.findByRole("alert")).getByText(/did not answer/)).toBeTruthy();
  });
});
