/**
 * Parser for the arXiv API's `search_query` grammar (https://info.arxiv.org/help/api/user-manual.html,
 * section 5.1), as arXiv answers it:
 *
 * - Field prefixes `ti au abs co jr cat rn id all`, plus `submittedDate:[FROM TO TO]` and
 *   `lastUpdatedDate:[...]` with FROM/TO as YYYYMMDD, YYYYMMDDHHMM or YYYYMMDDHHMMSS (GMT), or `*`.
 * - `AND`, `OR`, `ANDNOT` (upper case only) with equal precedence, grouped left to right:
 *   `a OR b AND c` is `(a OR b) AND c`. Parentheses group. A leading `ANDNOT x` means "not x".
 * - Terms side by side without an operator are OR-ed (`cat:hep-th cat:cs.AI`).
 * - `"quoted phrases"`; a field applied to a group (`ti:(quantum OR "dark matter")`).
 * - Bare terms search `all:`; an unknown prefix (`foo:bar`) is searched as text.
 * - `*` and `?` wildcards anywhere but the first character (`ti:trans*`, `cat:cs.*`).
 *
 * The parser also rewrites the query the way arXiv echoes it in the feed title: bare terms get
 * an explicit `all:` prefix (`testing` -> `all:testing`), everything else is kept as sent.
 */

export const TEXT_FIELDS = ["ti", "au", "abs", "co", "jr", "cat", "rn", "id"] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export type SearchField = TextField | "all";
export type DateField = "submittedDate" | "lastUpdatedDate";

export type QueryNode =
  | { kind: "term"; field: SearchField; value: string; quoted: boolean }
  | { kind: "dateRange"; field: DateField; fromMs: number | null; toMs: number | null }
  | { kind: "and" | "or" | "andnot"; left: QueryNode; right: QueryNode }
  | { kind: "not"; operand: QueryNode };

export interface ParsedQuery {
  ast: QueryNode;
  /** The query as arXiv echoes it: bare terms carry an explicit `all:`. */
  normalized: string;
}

/** A search_query arXiv would refuse; the message goes into the Atom error feed. */
export class QuerySyntaxError extends Error {
  override name = "QuerySyntaxError";
}

type Token =
  | { type: "lparen"; start: number }
  | { type: "rparen"; start: number }
  | { type: "operator"; value: "AND" | "OR" | "ANDNOT"; start: number }
  | { type: "field"; value: SearchField | DateField; start: number }
  | { type: "phrase"; value: string; start: number }
  | { type: "word"; value: string; start: number }
  | { type: "range"; value: string; start: number };

const FIELD_NAMES = new Map<string, SearchField | DateField>([
  ...[...TEXT_FIELDS, "all" as const].map((field) => [field, field] as const),
  ["submitteddate", "submittedDate"],
  ["lastupdateddate", "lastUpdatedDate"],
]);

/** Splits the query into tokens; whitespace separates, quotes and brackets keep their content whole. */
export function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < query.length) {
    const char = query[index]!;
    if (/\s/.test(char)) {
      index += 1;
    } else if (char === "(") {
      tokens.push({ type: "lparen", start: index });
      index += 1;
    } else if (char === ")") {
      tokens.push({ type: "rparen", start: index });
      index += 1;
    } else if (char === '"') {
      const end = query.indexOf('"', index + 1);
      if (end < 0) throw new QuerySyntaxError(`unterminated quoted phrase in search_query: ${query.slice(index)}`);
      tokens.push({ type: "phrase", value: query.slice(index + 1, end), start: index });
      index = end + 1;
    } else if (char === "[") {
      const end = query.indexOf("]", index + 1);
      if (end < 0) throw new QuerySyntaxError(`unterminated date range in search_query: ${query.slice(index)}`);
      tokens.push({ type: "range", value: query.slice(index + 1, end), start: index });
      index = end + 1;
    } else {
      const match = /^[^\s()"[\]]+/.exec(query.slice(index))!;
      const text = match[0];
      const colon = text.indexOf(":");
      const field = colon > 0 ? FIELD_NAMES.get(text.slice(0, colon).toLowerCase()) : undefined;
      if (field) {
        tokens.push({ type: "field", value: field, start: index });
        const rest = text.slice(colon + 1);
        if (rest) tokens.push({ type: "word", value: rest, start: index + colon + 1 });
      } else if (text === "AND" || text === "OR" || text === "ANDNOT") {
        tokens.push({ type: "operator", value: text, start: index });
      } else {
        tokens.push({ type: "word", value: text, start: index });
      }
      index += text.length;
    }
  }
  return tokens;
}

/** Parses a search_query; throws QuerySyntaxError for input arXiv answers with an error. */
export function parseQuery(query: string): ParsedQuery {
  const tokens = tokenize(query);
  if (tokens.length === 0) throw new QuerySyntaxError("search_query is empty");
  const parser = new Parser(tokens);
  const ast = parser.parseExpression("all", false);
  if (!parser.done()) throw new QuerySyntaxError("unbalanced parentheses in search_query");
  let normalized = query.trim();
  const offset = query.length - query.trimStart().length;
  for (const position of [...parser.implicitAll].sort((a, b) => b - a)) {
    normalized = `${normalized.slice(0, position - offset)}all:${normalized.slice(position - offset)}`;
  }
  return { ast, normalized };
}

class Parser {
  private position = 0;
  /** Offsets of bare top-level terms, where the normalised query gains an `all:`. */
  readonly implicitAll: number[] = [];

  constructor(private readonly tokens: Token[]) {}

  done(): boolean {
    return this.position >= this.tokens.length;
  }

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private next(): Token | undefined {
    const token = this.tokens[this.position];
    this.position += 1;
    return token;
  }

  /** expression := operand ((AND | OR | ANDNOT)? operand)*, left-associative, one precedence level. */
  parseExpression(field: SearchField, scoped: boolean): QueryNode {
    let left: QueryNode;
    const first = this.peek();
    if (first?.type === "operator" && first.value === "ANDNOT") {
      this.next();
      left = { kind: "not", operand: this.parseOperand(field, scoped) };
    } else {
      left = this.parseOperand(field, scoped);
    }
    for (;;) {
      const token = this.peek();
      if (!token || token.type === "rparen") return left;
      if (token.type === "operator") {
        this.next();
        const right = this.parseOperand(field, scoped);
        left = { kind: token.value === "AND" ? "and" : token.value === "OR" ? "or" : "andnot", left, right };
      } else {
        left = { kind: "or", left, right: this.parseOperand(field, scoped) };
      }
    }
  }

  private parseOperand(field: SearchField, scoped: boolean): QueryNode {
    const token = this.next();
    if (!token) throw new QuerySyntaxError("search_query ends with an operator");
    switch (token.type) {
      case "operator":
        throw new QuerySyntaxError(`operator ${token.value} is missing an operand in search_query`);
      case "rparen":
        throw new QuerySyntaxError("unbalanced parentheses in search_query");
      case "lparen":
        return this.parseGroup(field, scoped);
      case "range":
        throw new QuerySyntaxError(`date range [${token.value}] needs a submittedDate: or lastUpdatedDate: prefix`);
      case "phrase":
      case "word":
        if (!scoped && field === "all") this.implicitAll.push(token.start);
        return { kind: "term", field, value: token.value, quoted: token.type === "phrase" };
      case "field":
        return this.parseFieldValue(token.value);
    }
  }

  private parseGroup(field: SearchField, scoped: boolean): QueryNode {
    if (this.peek()?.type === "rparen") throw new QuerySyntaxError("empty parentheses in search_query");
    const inner = this.parseExpression(field, scoped);
    if (this.next()?.type !== "rparen") throw new QuerySyntaxError("unbalanced parentheses in search_query");
    return inner;
  }

  private parseFieldValue(field: SearchField | DateField): QueryNode {
    const value = this.next();
    if (field === "submittedDate" || field === "lastUpdatedDate") {
      if (value?.type !== "range") throw new QuerySyntaxError(`${field} needs a range like [202301010000 TO 202312312359]`);
      return parseDateRange(field, value.value);
    }
    if (!value) throw new QuerySyntaxError(`field ${field}: has no value in search_query`);
    if (value.type === "word" || value.type === "phrase") return { kind: "term", field, value: value.value, quoted: value.type === "phrase" };
    if (value.type === "lparen") return this.parseGroup(field, true);
    throw new QuerySyntaxError(`field ${field}: has no value in search_query`);
  }
}

/** `[202301010600 TO 202401010600]`; either bound may be `*`. The upper bound includes its whole minute (or day). */
function parseDateRange(field: DateField, text: string): QueryNode {
  const match = /^\s*(\d{8}|\d{12}|\d{14}|\*)\s+TO\s+(\d{8}|\d{12}|\d{14}|\*)\s*$/i.exec(text);
  if (!match) throw new QuerySyntaxError(`invalid ${field} range [${text}]; expected [YYYYMMDDTTTT TO YYYYMMDDTTTT]`);
  const fromMs = boundToMs(match[1]!, "from", field, text);
  const toMs = boundToMs(match[2]!, "to", field, text);
  if (fromMs !== null && toMs !== null && fromMs > toMs) throw new QuerySyntaxError(`invalid ${field} range [${text}]: start is after end`);
  return { kind: "dateRange", field, fromMs, toMs };
}

function boundToMs(bound: string, side: "from" | "to", field: DateField, text: string): number | null {
  if (bound === "*") return null;
  const year = Number(bound.slice(0, 4));
  const month = Number(bound.slice(4, 6));
  const day = Number(bound.slice(6, 8));
  const hour = bound.length >= 12 ? Number(bound.slice(8, 10)) : 0;
  const minute = bound.length >= 12 ? Number(bound.slice(10, 12)) : 0;
  const second = bound.length === 14 ? Number(bound.slice(12, 14)) : 0;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(ms);
  if (month < 1 || month > 12 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    throw new QuerySyntaxError(`invalid ${field} range [${text}]: ${bound} is not a date`);
  }
  if (side === "from") return ms;
  const unitMs = bound.length === 8 ? 86_400_000 : bound.length === 12 ? 60_000 : 1000;
  return ms + unitMs - 1;
}
