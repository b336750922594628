import { describe, expect, it } from "vitest";
import { expandJournal, journalDoi, journalFromDoi, parseJournalRef, publisherOf, volumeFromDoi } from "./journals";

describe("journalDoi", () => {
  it("keeps the first 10.x DOI, lower-cased, without doi: or URL prefixes", () => {
    expect(journalDoi("10.1103/PhysRevD.76.013009")).toBe("10.1103/physrevd.76.013009");
    expect(journalDoi("doi:10.1103/PhysRevD.76.052005")).toBe("10.1103/physrevd.76.052005");
    expect(journalDoi("https://doi.org/10.1063/1.4938384")).toBe("10.1063/1.4938384");
    expect(journalDoi("10.1007/s10714-007-0472-9 10.1142/S0218271808012449")).toBe("10.1007/s10714-007-0472-9");
    expect(journalDoi("10.1002/andp.201000099; 10.1002/andp.201200739")).toBe("10.1002/andp.201000099");
    expect(journalDoi("10.1175/1520-0469(1996)053<0946:ASTFHH>2.0.CO;2")).toBe("10.1175/1520-0469(1996)053<0946:astfhh>2.0.co;2");
  });

  it("refuses handles, arXiv's DataCite DOIs and empty values", () => {
    expect(journalDoi("21.11130/00-1735-0000-0005-146A")).toBeNull();
    expect(journalDoi("10.48550/arXiv.2312.07559")).toBeNull();
    expect(journalDoi(null)).toBeNull();
    expect(journalDoi("")).toBeNull();
  });
});

describe("parseJournalRef", () => {
  it.each([
    ["Phys.Rev.D76:013009,2007", "Physical Review D", "76", "013009", 2007],
    ["Astrophys.J.663:1149-1173,2007", "The Astrophysical Journal", "663", "1149-1173", 2007],
    ["JHEP 0705:034,2007", "Journal of High Energy Physics", "0705", "034", 2007],
    ["Phys. Rev. Lett. 99, 048301 (2007)", "Physical Review Letters", "99", "048301", 2007],
    ["Journal of Applied Physics, vol 104, 073536 (2008)", "Journal of Applied Physics", "104", "073536", 2008],
    ["J. Algebra 321 (2009), 3450-3468.", "Journal of Algebra", "321", "3450-3468", 2009],
    ["Mon.Not.Roy.Astron.Soc.378:211-220,2007", "Monthly Notices of the Royal Astronomical Society", "378", "211-220", 2007],
  ])("reads %s", (ref, journal, volume, page, year) => {
    expect(parseJournalRef(ref)).toEqual({ journal, volume, page, year });
  });

  it("keeps an unknown journal's name as written and the year when nothing else parses", () => {
    expect(parseJournalRef("Asymptotic Analysis, 57 No. 1-2, 1-27, 2008")).toMatchObject({ journal: "Asymptotic Analysis", year: 2008 });
    expect(parseJournalRef("Physica A, V. 387, Issues 2-3 (2008), Pages 385-406").journal).toBe("Physica A: Statistical Mechanics and its Applications");
    expect(parseJournalRef(null)).toEqual({ journal: null, volume: null, page: null, year: null });
  });

  it("expands abbreviations whatever their spacing", () => {
    expect(expandJournal("Phys. Rev. B")).toBe("Physical Review B");
    expect(expandJournal("PhysRevB")).toBe("Physical Review B");
    expect(expandJournal("  ")).toBeNull();
  });
});

describe("publishers and DOI journals", () => {
  it("reads volume, issue and page from DOIs that hold them", () => {
    expect(volumeFromDoi("10.1103/physrevb.76.155425")).toEqual({ volume: "76", issue: null, page: "155425" });
    expect(volumeFromDoi("10.1088/1367-2630/9/6/206")).toEqual({ volume: "9", issue: "6", page: "206" });
    expect(volumeFromDoi("10.1016/j.physa.2007.09.031")).toBeNull();
  });

  it("names the publisher of known prefixes and Unknown otherwise", () => {
    expect(publisherOf("10.1103/physrevd.76.013009")).toBe("American Physical Society (APS)");
    expect(publisherOf("10.99999/x")).toBe("Unknown");
  });

  it("reads the journal from DOIs that encode it", () => {
    expect(journalFromDoi("10.1103/physrevlett.99.048301")).toBe("Physical Review Letters");
    expect(journalFromDoi("10.1088/1126-6708/2007/05/034")).toBe("Journal of High Energy Physics");
    expect(journalFromDoi("10.1007/s10509-007-9626-1")).toBe("Astrophysics and Space Science");
    expect(journalFromDoi("10.1007/978-3-540-74126-8_23")).toBeNull();
  });
});
