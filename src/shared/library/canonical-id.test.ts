import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { canonicalId, canonicalString, normalizeAuthorName, normalizeTitle } from "@/shared/library/canonical-id";
import { makePaper } from "@/shared/library/library-papers.fixtures";

const base = makePaper({
  id: "1706.03762",
  title: "Attention Is All You Need",
  authors: ["Ashish Vaswani", "Noam Shazeer", "Niki Parmar"],
  publishedDate: "2017-06-12T17:57:34Z",
});

describe("normalizers", () => {
  it.each([
    ["BERT: Pre-training of Deep  Bidirectional\n  Transformers", "bert pre training of deep bidirectional transformers"],
    ["Don't Stop Pretraining!", "dont stop pretraining"],
    ["Über die Ökonomie — „Straße“", "uber die okonomie strasse"],
    ["The <i>in vivo</i> role of H<sub>2</sub>O", "the in vivo role of h 2 o"],
    ["p < 0.05 & q > 1", "p 0 05 q 1"],
    ["量子计算 (Quantum)", "量子计算 quantum"],
  ])("title %j -> %j", (input, expected) => {
    expect(normalizeTitle(input)).toBe(expected);
  });

  it.each([
    ["Vaswani, Ashish", "ashish vaswani"],
    ["Ashish  Vaswani", "ashish vaswani"],
    ["J. R. R. Tolkien", "j r r tolkien"],
    ["Müller-Lüdenscheidt, Zoë", "zoe muller ludenscheidt"],
    ["King, Jr., Martin Luther", "martin luther king jr"],
    ["Ada O'Brien", "ada obrien"],
  ])("author %j -> %j", (input, expected) => {
    expect(normalizeAuthorName(input)).toBe(expected);
  });
});

describe("canonicalId", () => {
  it("hashes the documented string: first 16 hex characters of SHA-256", () => {
    const text = "attention is all you need|ashish vaswani;niki parmar;noam shazeer|2017";
    expect(canonicalString(base)).toBe(text);
    expect(canonicalId(base)).toBe(bytesToHex(sha256(utf8ToBytes(text))).slice(0, 16));
    expect(canonicalId(base)).toMatch(/^[0-9a-f]{16}$/);
  });

  it("is stable across author order, punctuation, case, accents and 'Last, First'", () => {
    const variant = makePaper({
      id: "W2963403868",
      source: "openalex",
      title: "attention is all you need.",
      authors: ["Parmar, Niki", "SHAZEER, NOAM", "Vaswani,  Ashish"],
      publishedDate: "2017",
    });
    expect(canonicalId(variant)).toBe(canonicalId(base));
    const accented = makePaper({ id: "a", title: "Über Attention", authors: ["Zoë Müller"], publishedDate: "2020" });
    const plain = makePaper({ id: "b", title: "Uber attention", authors: ["Muller, Zoe"], publishedDate: "2020-05-01" });
    expect(canonicalId(accented)).toBe(canonicalId(plain));
  });

  it("reads authors from authorDetails when the list is empty", () => {
    const fromDetails = makePaper({
      id: "c",
      title: base.title,
      publishedDate: "2017",
      authorDetails: [
        { name: "", given: "Niki", family: "Parmar", affiliation: [] },
        { name: "Shazeer, Noam", affiliation: [] },
        { name: "Ashish Vaswani", affiliation: [] },
      ],
    });
    expect(canonicalId(fromDetails)).toBe(canonicalId(base));
  });

  it("differs by year, title and authors", () => {
    expect(canonicalId({ ...base, publishedDate: "2018-01-01" })).not.toBe(canonicalId(base));
    expect(canonicalId({ ...base, title: "Attention Is Not All You Need" })).not.toBe(canonicalId(base));
    expect(canonicalId({ ...base, authors: [...base.authors, "Jakob Uszkoreit"] })).not.toBe(canonicalId(base));
  });

  it("takes the year from the arXiv id when there is no date, and leaves it empty otherwise", () => {
    expect(canonicalString(makePaper({ id: "2401.00001", title: "T", authors: ["A B"] }))).toBe("t|a b|2024");
    expect(canonicalString(makePaper({ id: "W1", title: "T", authors: ["A B"], source: "openalex" }))).toBe("t|a b|");
  });
});
