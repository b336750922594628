// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { Toaster } from "@/web/components/ui/toaster";
import { dismissToast, toast } from "@/web/components/ui/use-toast";

describe("<Toaster/>", () => {
  afterEach(() => {
    act(() => dismissToast());
    cleanup();
  });

  it("renders only the newest toast", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Sync successful", description: "Synced 4 bookmarks to database" });
      toast({ variant: "destructive", title: "Export failed" });
    });
    expect(screen.getByText("Export failed")).toBeTruthy();
    expect(screen.queryByText("Sync successful")).toBeNull();
  });
});
