// @vitest-environment jsdom
import { renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useScrollMemory } from "./use-scroll-memory";

describe("useScrollMemory", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => {
      callback(0);
      return 0;
    });
  });

  it("saves the scroll position of a page and restores it for the same page only", () => {
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    const first = renderHook(() => useScrollMemory("scroll.search", "?q=graph", true));
    Object.defineProperty(window, "scrollY", { value: 640, configurable: true });
    window.dispatchEvent(new Event("scroll"));
    first.unmount();
    expect(JSON.parse(localStorage.getItem("scroll.search")!)).toEqual({ at: "?q=graph", y: 640 });

    renderHook(() => useScrollMemory("scroll.search", "?q=other", true)).unmount();
    expect(scrollTo).not.toHaveBeenCalled();

    localStorage.setItem("scroll.search", JSON.stringify({ at: "?q=graph", y: 640 }));
    const notReady = renderHook(({ ready }) => useScrollMemory("scroll.search", "?q=graph", ready), { initialProps: { ready: false } });
    expect(scrollTo).not.toHaveBeenCalled();
    notReady.rerender({ ready: true });
    expect(scrollTo).toHaveBeenCalledWith({ top: 640 });
  });
});
