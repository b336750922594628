import { afterEach, describe, expect, it, vi } from "vitest";

const toast = vi.fn();
vi.mock("@/web/components/ui/use-toast", () => ({ toast: (...args: unknown[]) => toast(...args) }));
let offline = false;
vi.mock("@/web/lib/connectivity", () => ({ isOffline: () => offline }));

const { OFFLINE_FAILURE_DESCRIPTION, toastFailure, USER_DATA_MESSAGES } = await import("./user-data-errors");

describe("toastFailure", () => {
  afterEach(() => {
    toast.mockReset();
  });

  it("says the spec's title alone when online", () => {
    offline = false;
    toastFailure(USER_DATA_MESSAGES.loadSettings);
    expect(toast).toHaveBeenCalledWith({ variant: "destructive", title: "Failed to load settings" });
  });

  it("offline, blames the network under the same title", () => {
    offline = true;
    toastFailure(USER_DATA_MESSAGES.loadSettings);
    expect(toast).toHaveBeenCalledWith({ variant: "destructive", title: "Failed to load settings", description: OFFLINE_FAILURE_DESCRIPTION });
    expect(OFFLINE_FAILURE_DESCRIPTION).toMatch(/^You are offline/);
  });

  it("keeps a description it is given", () => {
    offline = true;
    toastFailure(USER_DATA_MESSAGES.clearCacheTitle, USER_DATA_MESSAGES.clearCacheDescription);
    expect(toast).toHaveBeenCalledWith({ variant: "destructive", title: "Error clearing cache", description: "There was a problem clearing the cache." });
  });
});
