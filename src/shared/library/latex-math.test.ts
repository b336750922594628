import { describe, expect, it } from "vitest";
import { findMathSpans } from "@/shared/library/latex-math";

const spans = (text: string) => findMathSpans(text).map(([start, end]) => text.slice(start, end));

describe("findMathSpans", () => {
  it.each([
    ["$\\Delta\\sigma$ and $x^2_{i}$", ["$\\Delta\\sigma$", "$x^2_{i}$"]],
    ["display $$E=mc^2$$ and \\(a+b\\)", ["$$E=mc^2$$", "\\(a+b\\)"]],
    ["it costs $5 and $10 a day", []],
    ["$20,000 and $30,000", []],
    ["from $5 to $x$", ["$x$"]],
    ["an escaped \\$ then $y$", ["$y$"]],
    ["$ spaced $ is text", []],
    ["$\\{a$ unbalanced, $50%$ a comment, $a & b$", []],
    ["$\\{a\\}$ balanced", ["$\\{a\\}$"]],
    ["$\\frac{a}{b}$.", ["$\\frac{a}{b}$"]],
    ["no math at all", []],
    ["$unclosed", []],
  ])("%s", (text, expected) => {
    expect(spans(text)).toEqual(expected);
  });
});
