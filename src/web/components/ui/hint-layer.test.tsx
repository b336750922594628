// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { HintLayer } from "./hint-layer";

function renderButtons() {
  render(
    <>
      <button type="button" aria-label="Read" data-hint="Read in Quire">
        <svg data-testid="icon" />
      </button>
      <button type="button" aria-label="PDF" data-hint="PDF" data-hint-side="right" />
      <p>plain text</p>
      <HintLayer />
    </>,
  );
}

const hint = () => screen.queryByTestId("hint");

describe("<HintLayer/>", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("shows an element's hint after a short hover, also when the pointer is over a child", () => {
    renderButtons();
    fireEvent.pointerOver(screen.getByTestId("icon"), { pointerType: "mouse" });
    expect(hint()).toBeNull();
    act(() => vi.advanceTimersByTime(300));
    expect(hint()?.textContent).toBe("Read in Quire");
    expect(hint()?.getAttribute("aria-hidden")).toBe("true");
  });

  it("hides on leaving, on Escape and on a press, and moves straight to a neighbour", () => {
    renderButtons();
    const read = screen.getByRole("button", { name: "Read" });
    const pdf = screen.getByRole("button", { name: "PDF" });
    fireEvent.pointerOver(read, { pointerType: "mouse" });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.pointerOut(read, { relatedTarget: pdf });
    fireEvent.pointerOver(pdf, { pointerType: "mouse" });
    // Within the skip delay the next hint shows at once.
    expect(hint()?.textContent).toBe("PDF");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(hint()).toBeNull();
    fireEvent.pointerOver(read, { pointerType: "mouse" });
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.pointerDown(read);
    expect(hint()).toBeNull();
    fireEvent.pointerOver(screen.getByText("plain text"), { pointerType: "mouse" });
    act(() => vi.advanceTimersByTime(1000));
    expect(hint()).toBeNull();
  });

  it("never shows for touch", () => {
    renderButtons();
    fireEvent.pointerOver(screen.getByRole("button", { name: "Read" }), { pointerType: "touch" });
    act(() => vi.advanceTimersByTime(1000));
    expect(hint()).toBeNull();
  });
});
