import { describe, expect, it } from "vitest";
import { parseQuery, QuerySyntaxError, type QueryNode } from "./query-parser";

/** A compact spelling of an AST, easier to read in assertions than nested objects. */
function show(node: QueryNode): string {
  switch (node.kind) {
    case "term":
      return `${node.field}:${node.quoted ? `"${node.value}"` : node.value}`;
    case "dateRange":
      return `${node.field}[${node.fromMs === null ? "*" : new Date(node.fromMs).toISOString()} TO ${node.toMs === null ? "*" : new Date(node.toMs).toISOString()}]`;
    case "not":
      return `(NOT ${show(node.operand)})`;
    default:
      return `(${show(node.left)} ${node.kind.toUpperCase()} ${show(node.right)})`;
  }
}

const parse = (query: string) => show(parseQuery(query).ast);

describe("field prefixes", () => {
  it.each(["ti", "au", "abs", "co", "jr", "cat", "rn", "id", "all"])("reads %s:", (prefix) => {
    expect(parse(`${prefix}:value`)).toBe(`${prefix}:value`);
  });

  it("treats a bare term as all: and says so in the normalised query", () => {
    expect(parse("testing")).toBe("all:testing");
    expect(parseQuery("testing").normalized).toBe("all:testing");
    expect(parseQuery('electron AND "dark matter"').normalized).toBe('all:electron AND all:"dark matter"');
  });

  it("keeps prefixed queries as sent", () => {
    expect(parseQuery("au:del_maestro AND ti:checkerboard").normalized).toBe("au:del_maestro AND ti:checkerboard");
  });

  it("keeps the author underscore for the index to split", () => {
    expect(parse("au:del_maestro")).toBe("au:del_maestro");
  });

  it("searches an unknown prefix as text", () => {
    expect(parse("foo:bar")).toBe("all:foo:bar");
  });

  it("accepts a space after the colon", () => {
    expect(parse("ti: attention")).toBe("ti:attention");
  });
});

describe("boolean operators", () => {
  it("reads AND, OR and ANDNOT", () => {
    expect(parse("ti:a AND ti:b")).toBe("(ti:a AND ti:b)");
    expect(parse("ti:a OR ti:b")).toBe("(ti:a OR ti:b)");
    expect(parse("ti:a ANDNOT ti:b")).toBe("(ti:a ANDNOT ti:b)");
  });

  it("gives all operators one precedence, grouped left to right", () => {
    expect(parse("ti:a OR ti:b AND ti:c")).toBe("((ti:a OR ti:b) AND ti:c)");
    expect(parse("ti:a AND ti:b OR ti:c")).toBe("((ti:a AND ti:b) OR ti:c)");
    expect(parse("ti:a ANDNOT ti:b OR ti:c")).toBe("((ti:a ANDNOT ti:b) OR ti:c)");
  });

  it("lets parentheses group", () => {
    expect(parse("au:del_maestro ANDNOT (ti:checkerboard OR ti:Pyrochlore)")).toBe("(au:del_maestro ANDNOT (ti:checkerboard OR ti:Pyrochlore))");
    expect(parse("((au:a OR au:b) AND (ti:c OR ti:d))")).toBe("((au:a OR au:b) AND (ti:c OR ti:d))");
  });

  it("ORs terms written side by side", () => {
    expect(parse("cat:hep-th cat:cs.AI")).toBe("(cat:hep-th OR cat:cs.AI)");
  });

  it("reads a leading ANDNOT as a negation", () => {
    expect(parse("ANDNOT ti:a")).toBe("(NOT ti:a)");
    expect(parse("ti:a OR (ANDNOT ti:b)")).toBe("(ti:a OR (NOT ti:b))");
  });

  it("treats lower-case and/or as words", () => {
    expect(parse("ti:a and ti:b")).toBe("((ti:a OR all:and) OR ti:b)");
  });
});

describe("phrases and field groups", () => {
  it("reads quoted phrases with and without a prefix", () => {
    expect(parse('ti:"large language"')).toBe('ti:"large language"');
    expect(parse('"dark matter"')).toBe('all:"dark matter"');
  });

  it("applies a field to a parenthesised group", () => {
    expect(parse('ti:(quantum "dark matter")')).toBe('(ti:quantum OR ti:"dark matter")');
    expect(parse("abs:(neural AND network)")).toBe("(abs:neural AND abs:network)");
    expect(parse("ti:(a OR au:b)")).toBe("(ti:a OR au:b)");
  });

  it("does not add all: inside a field group", () => {
    expect(parseQuery("ti:(quantum gravity)").normalized).toBe("ti:(quantum gravity)");
  });
});

describe("date ranges", () => {
  it("reads submittedDate with minute precision, the upper bound through its minute", () => {
    expect(parse("submittedDate:[202301010600 TO 202401010600]")).toBe("submittedDate[2023-01-01T06:00:00.000Z TO 2024-01-01T06:00:59.999Z]");
  });

  it("reads day-only bounds as whole days and open bounds as *", () => {
    expect(parse("submittedDate:[20230101 TO 20230131]")).toBe("submittedDate[2023-01-01T00:00:00.000Z TO 2023-01-31T23:59:59.999Z]");
    expect(parse("submittedDate:[* TO 20230131]")).toBe("submittedDate[* TO 2023-01-31T23:59:59.999Z]");
    expect(parse("lastUpdatedDate:[202301010000 TO *]")).toBe("lastUpdatedDate[2023-01-01T00:00:00.000Z TO *]");
  });

  it("combines a date range with other terms", () => {
    expect(parse("cat:cs.AI AND submittedDate:[202501010000 TO 202501312359]")).toBe(
      "(cat:cs.AI AND submittedDate[2025-01-01T00:00:00.000Z TO 2025-01-31T23:59:59.999Z])",
    );
  });

  it.each([
    ["submittedDate:[2023 TO 2024]", /invalid submittedDate range/],
    ["submittedDate:[202313010000 TO 202401010000]", /is not a date/],
    ["submittedDate:[202402300000 TO 202403010000]", /is not a date/],
    ["submittedDate:[202402010000 TO 202401010000]", /start is after end/],
    ["submittedDate:202301010000", /needs a range/],
    ["submittedDate:[202301010000 TO 202401010000", /unterminated date range/],
    ["ti:a AND [202301010000 TO 202401010000]", /needs a submittedDate/],
  ])("refuses %s", (query, message) => {
    expect(() => parseQuery(query)).toThrow(message);
  });
});

describe("syntax errors", () => {
  it.each([
    ["", /empty/],
    ["   ", /empty/],
    ["(ti:a OR ti:b", /unbalanced parentheses/],
    ["ti:a OR ti:b)", /unbalanced parentheses/],
    ["()", /empty parentheses/],
    ['ti:"open phrase', /unterminated quoted phrase/],
    ["ti:a AND", /ends with an operator/],
    ["AND ti:a", /missing an operand/],
    ["ti:a OR AND ti:b", /missing an operand/],
    ["ti:", /has no value/],
  ])("refuses %j", (query, message) => {
    expect(() => parseQuery(query)).toThrow(QuerySyntaxError);
    expect(() => parseQuery(query)).toThrow(message);
  });
});
