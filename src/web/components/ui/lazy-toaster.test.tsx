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
    expect(await screen.findByText("Bookmark added")).toBeTruthy();
  });
});
