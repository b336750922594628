import { describe, expect, it } from "vitest";
import { collapseWhitespace, parseAuthorList } from "./author-list";
import { texToUnicode } from "./tex-to-unicode";

const names = (raw: string) => parseAuthorList(raw).map((author) => author.name);

describe("parseAuthorList", () => {
  it('splits "A and B, C" into names', () => {
    expect(names("Salman Habib and Robert D. Ryne")).toEqual(["Salman Habib", "Robert D. Ryne"]);
    expect(names("I. Csiszar, F. Hiai and D. Petz")).toEqual(["I. Csiszar", "F. Hiai", "D. Petz"]);
    expect(names("Cynthia Dwork, Joseph Y. Halpern, and O. Waarts")).toEqual(["Cynthia Dwork", "Joseph Y. Halpern", "O. Waarts"]);
  });

  it("collapses arXiv's hard wrapping", () => {
    expect(names("A.N.Aleshaev, I.V.Pinayev,\n  V.M.Popik")).toEqual(["A.N.Aleshaev", "I.V.Pinayev", "V.M.Popik"]);
    expect(names("Franz G\\\"ahler and D. R.\n  Yakovlev")).toEqual(["Franz Gähler", "D. R. Yakovlev"]);
  });

  it("takes a parenthesised group after a name as its affiliation", () => {
    expect(parseAuthorList("Andrew Gould (Ohio State), B. Scott Gaudi (CfA) and Someone Else")).toEqual([
      { name: "Andrew Gould", affiliations: ["Ohio State"] },
      { name: "B. Scott Gaudi", affiliations: ["CfA"] },
      { name: "Someone Else", affiliations: [] },
    ]);
  });

  it("resolves numbered affiliations from a trailing block", () => {
    const raw = "A. S. Mishchenko (1 and 2) and N. Nagaosa (1 and 3) ((1) CREST, Japan\n  Science and Technology Agency, (2) Russian Research Centre, (3) The University of Tokyo)";
    expect(parseAuthorList(raw)).toEqual([
      { name: "A. S. Mishchenko", affiliations: ["CREST, Japan Science and Technology Agency", "Russian Research Centre"] },
      { name: "N. Nagaosa", affiliations: ["CREST, Japan Science and Technology Agency", "The University of Tokyo"] },
    ]);
  });

  it("keeps a Jr. with its name", () => {
    expect(names("M. Finger, M. Finger\n  Jr., Y. Assran")).toEqual(["M. Finger", "M. Finger Jr.", "Y. Assran"]);
    expect(names("M. Finger,\\, Jr., F. Fleuret")).toEqual(["M. Finger Jr.", "F. Fleuret"]);
  });

  it("reads names whose TeX the export escaped twice", () => {
    expect(names("Fr\\\\'ed\\\\'eric Lagouti\\\\`ere")).toEqual(["Frédéric Lagoutière"]);
    expect(names('Achill Sch\\\\\\"urmann')).toEqual(["Achill Schürmann"]);
  });
});

describe("texToUnicode", () => {
  it.each([
    ["C. Bal\\'azs", "C. Balázs"],
    ["P\\'eter", "Péter"],
    ["R. Tom\\`as", "R. Tomàs"],
    ["Mikkel {\\O}bro", "Mikkel Øbro"],
    ["Rastislav \\v{S}r\\'amek, Bro\\v{n}a", "Rastislav Šrámek, Broňa"],
    ["Universit\\\"at", "Universität"],
    ["\\c{C}a\\u{g}lar", "Çağlar"],
    ["Gau\\ss", "Gauß"],
    ["Erd\\H{o}s", "Erdős"],
    ["{\\'E}cole", "École"],
    ["\\'\\i", "í"],
    ["plain name", "plain name"],
  ])("%s -> %s", (tex, unicode) => {
    expect(texToUnicode(tex)).toBe(unicode);
  });
});

describe("collapseWhitespace", () => {
  it("turns every run of spaces, tabs and newlines into one space and trims", () => {
    expect(collapseWhitespace("\n  A recently developed\nmethod\t is  described.\n")).toBe("A recently developed method is described.");
  });
});
