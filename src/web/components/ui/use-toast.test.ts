// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "@/shared/constants";
import { toast, toastReducer, useToast, type ToastItem } from "@/web/components/ui/use-toast";

const item = (id: string): ToastItem => ({ id, title: `Toast ${id}`, open: true });

describe("toastReducer", () => {
  it("keeps at most TOAST_LIMIT toasts, newest first", () => {
    let state = { toasts: [] as ToastItem[] };
    for (const id of ["1", "2", "3"]) state = toastReducer(state, { type: "add", toast: item(id) });
    expect(TOAST_LIMIT).toBe(1);
    expect(state.toasts.map((t) => t.id)).toEqual(["3"]);
  });

  it("closes on dismiss and drops on remove", () => {
    let state = { toasts: [item("1")] };
    state = toastReducer(state, { type: "dismiss", toastId: "1" });
    expect(state.toasts[0]?.open).toBe(false);
    state = toastReducer(state, { type: "remove", toastId: "1" });
    expect(state.toasts).toEqual([]);
  });

  it("updates a toast in place", () => {
    const state = toastReducer({ toasts: [item("1")] }, { type: "update", toast: { id: "1", title: "Saved" } });
    expect(state.toasts[0]?.title).toBe("Saved");
  });
});

describe("toast()", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows one toast at a time and removes a dismissed one after the delay", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToast());

    act(() => {
      toast({ title: "Bookmark saved" });
      toast({ title: "Exported 3 bookmarks as BibTeX" });
    });
    expect(result.current.toasts).toHaveLength(1);
    const [current] = result.current.toasts;
    expect(current?.title).toBe("Exported 3 bookmarks as BibTeX");

    act(() => result.current.dismiss(current?.id));
    expect(result.current.toasts[0]?.open).toBe(false);

    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1));
    expect(result.current.toasts).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.toasts).toHaveLength(0);
  });
});
