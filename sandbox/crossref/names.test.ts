import { describe, expect, it } from "vitest";
import { splitName } from "./names";

describe("splitName", () => {
  it.each([
    ["E. L. Berger", { given: "E. L.", family: "Berger" }],
    ["C.-P. Yuan", { given: "C.-P.", family: "Yuan" }],
    ["Pierre van Baal", { given: "Pierre", family: "van Baal" }],
    ["Johannes van der Waals", { given: "Johannes", family: "van der Waals" }],
    ["Anna Della Rocca", { given: "Anna", family: "Della Rocca" }],
    ["John Smith Jr.", { given: "John", family: "Smith", suffix: "Jr." }],
    ["Smith, John", { given: "John", family: "Smith" }],
    ["Aristotle", { family: "Aristotle" }],
    ["The BABAR Collaboration", { name: "The BABAR Collaboration" }],
    ["CLEO Collaboration: T. K. Pedlar", { name: "CLEO Collaboration: T. K. Pedlar" }],
    ["the Suzaku Eta Carinae team", { name: "the Suzaku Eta Carinae team" }],
  ])("%s", (raw, expected) => {
    expect(splitName(raw)).toEqual(expected);
  });
});
