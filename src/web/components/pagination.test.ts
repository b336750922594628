import { describe, expect, it } from "vitest";
import { pageWindow } from "./pagination";

describe("pageWindow", () => {
  it("lists every page when there are few", () => {
    expect(pageWindow(0, 1)).toEqual([0]);
    expect(pageWindow(3, 7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("keeps the first and last page and a window around the current one", () => {
    expect(pageWindow(0, 40)).toEqual([0, 1, 2, 3, null, 39]);
    expect(pageWindow(10, 40)).toEqual([0, null, 9, 10, 11, null, 39]);
    expect(pageWindow(39, 40)).toEqual([0, null, 36, 37, 38, 39]);
  });
});
