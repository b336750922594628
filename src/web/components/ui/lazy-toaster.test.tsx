// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { LazyToaster } from "./lazy-toaster";
import { dismissToast, toast } from "./use-toast";

describe("LazyToaster", () => {
  afterEach(() => act(() => dismissToast()));

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
