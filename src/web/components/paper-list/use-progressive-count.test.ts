// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { useProgressiveCount } from "./use-progressive-count";

describe("useProgressiveCount", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("starts with the first items and adds a step each idle moment until all are there", async () => {
    const { result } = renderHook(() => useProgressiveCount(10, 4, 3));
    expect(result.current).toBe(4);
    await act(async () => vi.advanceTimersByTime(20));
    expect(result.current).toBe(7);
    await act(async () => vi.advanceTimersByTime(20));
    expect(result.current).toBe(10);
    await act(async () => vi.advanceTimersByTime(100));
    expect(result.current).toBe(10);
  });

  it("gives a short list whole at once", () => {
    const { result } = renderHook(() => useProgressiveCount(3, 4, 3));
    expect(result.current).toBe(3);
  });

  it("gives every item at once when off", () => {
    const { result } = renderHook(() => useProgressiveCount(50, 6, 4, false));
    expect(result.current).toBe(50);
  });

  it("goes on from where it was when the list grows", async () => {
    const { result, rerender } = renderHook(({ total }) => useProgressiveCount(total, 2, 2), { initialProps: { total: 2 } });
    expect(result.current).toBe(2);
    rerender({ total: 8 });
    expect(result.current).toBe(2);
    await act(async () => vi.advanceTimersByTime(20));
    expect(result.current).toBe(4);
  });
});
