// @vitest-environment jsdom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LazyToaster } from "./lazy-toaster";
import { dismissToast, toast } from "./use-toast";

/** Whether the Toaster's module was imported: it is fetched on demand, never with the page. */
const toasterImport = vi.hoisted(() => ({ done: false }));
vi.mock("./toaster", async (importOriginal) => {
  toasterImport.done = true;
  return importOriginal();
});

describe("LazyToaster", () => {
  afterEach(() => act(() => dismissToast()));

  // First in the file: the chunk is fetched once per page, and the next test's toast fetches it too.
  it("fetches the Toaster's code at the first press, not while the page is idle", async () => {
    // A page that is idle at once: nothing is fetched for being idle.
    vi.stubGlobal("requestIdleCallback", (callback: IdleRequestCallback) => (callback({ didTimeout: false, timeRemaining: () => 50 }), 1));
    vi.stubGlobal("cancelIdleCallback", () => {});
    const { unmount } = render(<LazyToaster />);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toasterImport.done).toBe(false);
    fireEvent.pointerDown(document.body);
    // The import is transformed on the fly here: seconds on a busy machine.
    await vi.waitFor(() => expect(toasterImport.done).toBe(true), { timeout: 15_000 });
    unmount();
    vi.unstubAllGlobals();
  });

  it("renders nothing until the first toast, then shows it", async () => {
    const { container } = render(<LazyToaster />);
    expect(container.innerHTML).toBe("");
    act(() => {
      toast({ title: "Bookmark added" });
    });
    // The toaster's code is imported (and transformed on the fly here) on the first toast: seconds on a busy machine.
    expect(await screen.findByText("Bookmark added", {}, { timeout: 15_000 })).toBeTruthy();
  });
});
