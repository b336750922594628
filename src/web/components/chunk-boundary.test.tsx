// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { ChunkBoundary } from "./chunk-boundary";

let chunkArrived = false;
function Part() {
  if (!chunkArrived) throw new TypeError("Failed to fetch dynamically imported module: /assets/part.js");
  return <p>the part</p>;
}

afterEach(() => {
  cleanup();
  chunkArrived = false;
});

describe("ChunkBoundary", () => {
  it("shows its fallback instead of failing the page, and tries again on request and when back online", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const onRetry = vi.fn();
    render(
      <div>
        <h1>the page</h1>
        <ChunkBoundary onRetry={onRetry} fallback={(retry) => <button onClick={retry}>Try Again</button>}>
          <Part />
        </ChunkBoundary>
      </div>,
    );
    expect(screen.getByRole("heading", { name: "the page" })).toBeTruthy();
    // Still offline: asked again, still the fallback.
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Try Again" })).toBeTruthy();
    // Back online: the chunk arrives.
    chunkArrived = true;
    act(() => void window.dispatchEvent(new Event("online")));
    expect(onRetry).toHaveBeenCalledTimes(2);
    expect(screen.getByText("the part")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "the page" })).toBeTruthy();
  });
});
