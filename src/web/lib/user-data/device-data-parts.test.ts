import { describe, expect, it } from "vitest";
import { deviceDataParts, registerDeviceDataPart } from "./device-data-parts";

describe("the features' parts of the device data", () => {
  it("keeps the parts in the order they were registered, one per name", async () => {
    const cleared: string[] = [];
    registerDeviceDataPart({ name: "a", clear: async () => void cleared.push("a") });
    registerDeviceDataPart({ name: "b", migrate: async () => "nothing" });
    registerDeviceDataPart({ name: "a", clear: async () => void cleared.push("a again") });
    expect(deviceDataParts().map((part) => part.name)).toEqual(["a", "b"]);
    for (const part of deviceDataParts()) await part.clear?.();
    expect(cleared).toEqual(["a again"]);
  });
});
