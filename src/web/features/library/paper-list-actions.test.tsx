// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { AssumedOfflineStatus, offlineKeys, useOfflineStatus, useOfflineStatusOf } from "@/web/features/offline/offline-queries";
import type { KeptPaper } from "@/web/features/offline/offline-store";
import { makePaper } from "@/web/test/paper-factory";
import { usePaperListActions } from "./paper-actions";

/**
 * A list's cards are memoized on what the list hands them; what the rows' actions read must stay
 * the same object while it says the same, or every render of the page draws every card again.
 */

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

/** A paper kept on this device. */
const kept: KeptPaper = { paper: makePaper({ id: "2401.00001" }), pdfPath: "/api/pdf-proxy?paperId=2401.00001", fileSize: 1, savedAt: "2026-01-01T00:00:00Z" };

function providers(client: QueryClient, assumed: "available" | null = null) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <AssumedOfflineStatus.Provider value={assumed}>
        <MemoryRouter initialEntries={["/search?q=transformer"]}>{children}</MemoryRouter>
      </AssumedOfflineStatus.Provider>
    </QueryClientProvider>
  );
}

describe("usePaperListActions", () => {
  it("gives the same object to every render while nothing it holds changes", () => {
    const { result, rerender } = renderHook(() => usePaperListActions(), { wrapper: providers(new QueryClient()) });
    const first = result.current;
    rerender();
    rerender();
    expect(result.current).toBe(first);
    expect(result.current.from).toBe("/search?q=transformer");
  });
});

describe("useOfflineStatusOf", () => {
  it("gives the same function while the device's answer is the same", () => {
    const { result, rerender } = renderHook(() => useOfflineStatusOf(), { wrapper: providers(new QueryClient()) });
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    expect(result.current({ id: "2401.00001" })).toBe("online-only");
  });

  it("gives the same function where a server render assumes the answer", () => {
    const { result, rerender } = renderHook(() => useOfflineStatusOf(), { wrapper: providers(new QueryClient(), "available") });
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    expect(result.current({ id: "2401.00001" })).toBe("available");
  });

  it("gives a new function, with the new answer, once the kept papers change", async () => {
    const client = new QueryClient();
    const { result, rerender } = renderHook(() => useOfflineStatusOf(), { wrapper: providers(client) });
    const before = result.current;
    act(() => client.setQueryData(offlineKeys.kept, [kept]));
    await waitFor(() => expect(result.current).not.toBe(before));
    expect(result.current({ id: "2401.00001" })).toBe("available");
    expect(result.current({ id: "2401.00002" })).toBe("online-only");
    const after = result.current;
    rerender();
    expect(result.current).toBe(after);
  });
});

describe("useOfflineStatus (one paper), by the same rule as the list's", () => {
  it("says checking without a paper, and what the kept papers say once they are in", async () => {
    const client = new QueryClient();
    const { result, rerender } = renderHook(({ id }: { id?: string }) => useOfflineStatus(id ? { id } : undefined), {
      wrapper: providers(client),
      initialProps: {},
    });
    expect(result.current).toBe("checking");
    rerender({ id: "2401.00001" });
    // Never asked on a device that cannot keep papers.
    expect(result.current).toBe("online-only");
    act(() => client.setQueryData(offlineKeys.kept, [kept]));
    await waitFor(() => expect(result.current).toBe("available"));
    rerender({ id: "2401.00002" });
    expect(result.current).toBe("online-only");
  });

  it("says what a server render assumes", () => {
    const { result } = renderHook(() => useOfflineStatus(undefined), { wrapper: providers(new QueryClient(), "available") });
    expect(result.current).toBe("available");
  });
});
