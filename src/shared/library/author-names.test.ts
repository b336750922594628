import { describe, expect, it } from "vitest";
import { splitAuthorName } from "./author-names";

describe("splitAuthorName", () => {
  it("splits particles, suffixes and groups", () => {
    expect(splitAuthorName("Ludwig van Beethoven")).toMatchObject({ given: "Ludwig", family: "Beethoven" });
    expect(splitAuthorName("King, Jr., Martin Luther")).toMatchObject({ family: "King", given: "Martin Luther", suffix: "Jr." });
    expect(splitAuthorName("ATLAS Collaboration")).toEqual({ literal: "ATLAS Collaboration" });
    expect(splitAuthorName("   ")).toBeNull();
  });

  it("answers a repeated name from memory with a copy the caller may change", () => {
    const first = splitAuthorName("Ashish Vaswani")!;
    (first as { family: string }).family = "Changed";
    expect(splitAuthorName("Ashish Vaswani")).toEqual({ given: "Ashish", family: "Vaswani" });
  });
});
