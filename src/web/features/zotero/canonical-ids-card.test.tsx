// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";

const toast = vi.fn();
const canonicalBatch = vi.fn();
vi.mock("@/web/components/ui/use-toast", () => ({ toast: (...args: unknown[]) => toast(...args) }));
vi.mock("./zotero-queries", () => ({
  useZoteroStatus: () => ({ data: { connected: true } }),
  useCanonicalStats: () => ({ data: { total: 250, withCanonicalId: 0, withoutCanonicalId: 250 } }),
  useZoteroActions: () => ({ canonicalBatch: { mutateAsync: canonicalBatch } }),
}));

const { CanonicalIdsCard } = await import("./canonical-ids-card");

afterEach(() => {
  cleanup();
  toast.mockReset();
  canonicalBatch.mockReset();
});

describe("CanonicalIdsCard", () => {
  it("says how many papers got an id once generation ends", async () => {
    canonicalBatch
      .mockResolvedValueOnce({ updated: 100, stats: { withoutCanonicalId: 150 } })
      .mockResolvedValueOnce({ updated: 100, stats: { withoutCanonicalId: 50 } })
      .mockResolvedValueOnce({ updated: 48, stats: { withoutCanonicalId: 2 } })
      .mockResolvedValueOnce({ updated: 0, stats: { withoutCanonicalId: 2 } });
    render(<CanonicalIdsCard />);
    fireEvent.click(screen.getByRole("button", { name: "Generate IDs" }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: "Canonical IDs generated", description: "248 papers got an id; 2 papers still without." }));
  });
});
