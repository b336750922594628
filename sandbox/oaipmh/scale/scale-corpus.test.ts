import { describe, expect, it } from "vitest";
import { dayOf, EARLIEST_DAY } from "../oai-record";
import { compareListOrder } from "../oai-repository";
import { archiveOf } from "../taxonomy";
import { SCALE_END_MS } from "./arxiv-history";
import { ensureScaleCorpus, getScaleCorpus, iterateScaleRecords, parseCorpusChoice } from "./scale-corpus";
import { getScaleBase } from "./scale-text";

const SIZE = 3000;

describe("the scale corpus option", () => {
  it("reads real and scale:<N>", () => {
    expect(parseCorpusChoice("real")).toEqual({ kind: "real" });
    expect(parseCorpusChoice("scale:300000")).toEqual({ kind: "scale", size: 300_000 });
    expect(parseCorpusChoice("scale:300k")).toEqual({ kind: "scale", size: 300_000 });
    expect(parseCorpusChoice("scale:3m")).toEqual({ kind: "scale", size: 3_000_000 });
    for (const bad of ["scale:0", "scale:3000001", "scale", "big", "scale:1.5k"]) expect(() => parseCorpusChoice(bad), bad).toThrow(/"real" or "scale:<N>"/);
  });
});

describe("a scale corpus", () => {
  const records = [...iterateScaleRecords(SIZE)];

  it("is made once, kept on disk, and the same every time", () => {
    expect(ensureScaleCorpus(SIZE).built).toBe(false);
    const corpus = getScaleCorpus(SIZE);
    expect(corpus.size).toBe(SIZE);
    expect(corpus.kind).toBe(`scale:${SIZE}`);
    for (const position of [0, 1, 1234, SIZE - 1]) expect(corpus.recordAt(position)).toEqual(records[position]);
    expect([...iterateScaleRecords(SIZE, { start: 100, end: 110 })]).toEqual(records.slice(100, 110));
  });

  it("is in list order with unique ids that GetRecord finds", () => {
    const corpus = getScaleCorpus(SIZE);
    expect(new Set(records.map((record) => record.id)).size).toBe(SIZE);
    for (let position = 1; position < SIZE; position += 1) expect(compareListOrder(records[position - 1]!, records[position]!)).toBeLessThan(0);
    records.forEach((record, position) => expect(corpus.positionOf(record.id)).toBe(position));
    expect(corpus.positionOf("9999.99999")).toBeUndefined();
  });

  it("has ids, versions and datestamps as arXiv's history has them", () => {
    for (const record of records) {
      const first = new Date(record.versions[0]!.submittedMs);
      const yymm = `${String(first.getUTCFullYear() % 100).padStart(2, "0")}${String(first.getUTCMonth() + 1).padStart(2, "0")}`;
      const stamp = first.getUTCFullYear() * 100 + first.getUTCMonth() + 1;
      if (stamp < 200704) expect(record.id).toMatch(new RegExp(`^${archiveOf(record.categories[0]!)!.id}/${yymm}\\d{3}$`));
      else if (stamp < 201501) expect(record.id).toMatch(new RegExp(`^${yymm}\\.\\d{4}$`));
      else expect(record.id).toMatch(new RegExp(`^${yymm}\\.\\d{5}$`));
      const times = record.versions.map((version) => version.submittedMs);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[times.length - 1]!).toBeLessThanOrEqual(SCALE_END_MS);
      expect(record.day).toBe(Math.max(dayOf(times[times.length - 1]!), EARLIEST_DAY));
      expect(record.versions.length).toBeLessThanOrEqual(8);
    }
    const multiVersion = records.filter((record) => record.versions.length > 1).length / SIZE;
    expect(multiVersion).toBeGreaterThan(0.25);
    expect(multiVersion).toBeLessThan(0.5);
  });

  it("grows month by month and keeps categories to the years they existed", () => {
    const perYear = new Map<number, number>();
    for (const record of records) {
      const year = new Date(record.versions[0]!.submittedMs).getUTCFullYear();
      perYear.set(year, (perYear.get(year) ?? 0) + 1);
      for (const category of record.categories) {
        const start = Number(archiveOf(category)!.start.replace("-", ""));
        const month = year * 100 + new Date(record.versions[0]!.submittedMs).getUTCMonth() + 1;
        expect(start, `${record.id} ${category}`).toBeLessThanOrEqual(month);
        if (category.startsWith("astro-ph.")) expect(month).toBeGreaterThanOrEqual(200901);
      }
    }
    expect(perYear.get(1995)!).toBeLessThan(perYear.get(2005)!);
    expect(perYear.get(2005)!).toBeLessThan(perYear.get(2015)!);
    expect(perYear.get(2015)!).toBeLessThan(perYear.get(2025)!);
    const cs = (from: number, to: number) => {
      const inYears = records.filter((record) => {
        const year = new Date(record.versions[0]!.submittedMs).getUTCFullYear();
        return year >= from && year <= to;
      });
      return inYears.filter((record) => record.categories[0]!.startsWith("cs.")).length / inYears.length;
    };
    expect(cs(1995, 2005)).toBeLessThan(0.15);
    expect(cs(2023, 2026)).toBeGreaterThan(0.35);
  });

  it("varies the real records' text, keeping most of each one's words", () => {
    const base = getScaleBase();
    const realTitles = new Set(base.records.map((record) => record.title));
    expect(records.filter((record) => realTitles.has(record.title)).length / SIZE).toBeLessThan(0.2);
    // A common word is about as common as in the real abstracts.
    const share = (texts: string[], word: RegExp) => texts.filter((text) => word.test(text)).length / texts.length;
    const real = share(base.records.map((record) => record.abstract), /\bmodel\b/i);
    const scaled = share(records.map((record) => record.abstract), /\bmodel\b/i);
    expect(scaled).toBeGreaterThan(real * 0.5);
    expect(scaled).toBeLessThan(real * 1.6);
    for (const record of records.slice(0, 50)) {
      expect(record.authors.length).toBeGreaterThan(0);
      expect(record.authorLine.split(", ")).toHaveLength(record.authors.length);
    }
  });
});
