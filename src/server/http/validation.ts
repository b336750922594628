import type { Context, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { errors } from "@/server/errors";
import { JSON_MAX_DEPTH } from "@/shared/constants";

/** Reads and validates a JSON body: malformed JSON is a 400 `invalid_json`, a bad shape a 400 `validation_failed`. */
export async function readJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw errors.invalidJson();
  }
  return parseWith(schema, body);
}

/** Validates query parameters the same way. */
export function readQuery<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  return parseWith(schema, c.req.query());
}

/**
 * Validates one path parameter (`readParam(c, "paperId", paperIdSchema)`): a bad value is a
 * 400 `validation_failed` naming the parameter, and a schema's transform (the canonical paper
 * id) is what the handler gets.
 */
export function readParam<T extends z.ZodType>(c: Context, name: string, schema: T): z.infer<T> {
  const parsed = schema.safeParse(c.req.param(name) ?? "");
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw errors.validation(`${name}: ${first?.message ?? "Invalid input."}`, parsed.error.issues);
  }
  return parsed.data;
}

function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.length ? `${first.path.join(".")}: ` : "";
    throw errors.validation(`${where}${first?.message ?? "Invalid input."}`, parsed.error.issues);
  }
  return parsed.data;
}

/** What no stored text may hold: Postgres refuses NUL in text, so it is refused at the door. */
export const INPUT_MESSAGES = {
  nul: "Text may not contain NUL characters (\\u0000).",
  address: "The address is not valid UTF-8: a percent-escape in it decodes to no character.",
  encoding: "The request body is not valid UTF-8 text.",
  protoKey: 'The request body may not use "__proto__" as a key.',
  depth: `The request body nests objects and arrays more than ${JSON_MAX_DEPTH} levels deep.`,
} as const;

const FORBIDDEN_KEY = "__proto__";

/** The first problem in a parsed JSON value (NUL in a string or key, a `__proto__` key), or null. */
function jsonProblem(value: unknown): string | null {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "string") {
      if (item.includes("\u0000")) return INPUT_MESSAGES.nul;
    } else if (Array.isArray(item)) {
      stack.push(...item);
    } else if (item && typeof item === "object") {
      for (const key of Object.keys(item)) {
        if (key === FORBIDDEN_KEY) return INPUT_MESSAGES.protoKey;
        if (key.includes("\u0000")) return INPUT_MESSAGES.nul;
        stack.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return null;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Whether JSON text nests objects and arrays deeper than `max`, read without parsing it (the
 * text need not even be valid JSON): brackets inside strings do not count. One pass, no
 * recursion, so a body of a million brackets costs a loop, not the stack.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  // Each level takes at least one character.
  if (text.length <= max) return false;
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x22) {
      // Past the string: its closing quote is the next one not escaped by an odd run of backslashes.
      for (;;) {
        index = text.indexOf('"', index + 1);
        if (index === -1) return false;
        let backslashes = 0;
        while (text.charCodeAt(index - 1 - backslashes) === 0x5c) backslashes++;
        if (backslashes % 2 === 0) break;
      }
    } else if (code === 0x7b || code === 0x5b) {
      depth++;
      if (depth > max) return true;
    } else if (code === 0x7d || code === 0x5d) {
      depth--;
    }
  }
  return false;
}

/**
 * One rule for every API route, before any of them reads its input: the address (path and
 * query) must decode to UTF-8 text without NUL; a JSON or text body must be UTF-8, nest at most
 * JSON_MAX_DEPTH levels and, once parsed, hold no NUL and no `__proto__` key. Each is a 400
 * with a message saying which, so a route never hands the database text it cannot store (a
 * 500), an object that could reach a prototype, or a value too deep to serialise (a stack
 * overflow, a 500). A body that is not JSON at all is left to the route (its own 400 invalid_json).
 */
export const refuseUnstorableInput: MiddlewareHandler = async (c, next) => {
  const url = c.req.url;
  const target = url.slice(url.indexOf("/", url.indexOf("//") + 2));
  let decoded: string;
  try {
    decoded = decodeURIComponent(target.replace(/\+/g, " "));
  } catch {
    throw errors.badRequest(INPUT_MESSAGES.address);
  }
  if (decoded.includes("\u0000")) throw errors.badRequest(INPUT_MESSAGES.nul);

  const method = c.req.method;
  if (method !== "GET" && method !== "HEAD" && method !== "OPTIONS") {
    const type = c.req.header("content-type") ?? "";
    if (/json|^text\/plain/i.test(type) || type === "") {
      // Read once, into Hono's body cache: the route's c.req.json() / text() / arrayBuffer()
      // take it from there (no second read of the stream, no copy of the request); the auth
      // route hands better-auth a request made from the same bytes (app.ts).
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.byteLength > 0) {
        let text: string;
        try {
          text = strictUtf8.decode(bytes);
        } catch {
          throw errors.badRequest(INPUT_MESSAGES.encoding);
        }
        (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
        if (text.includes("\u0000")) throw errors.badRequest(INPUT_MESSAGES.nul);
        if (nestsDeeperThan(text, JSON_MAX_DEPTH)) throw errors.badRequest(INPUT_MESSAGES.depth);
        if (text.includes("\\u0000") || text.includes(FORBIDDEN_KEY)) {
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          const problem = parsed === undefined ? null : jsonProblem(parsed);
          if (problem) throw errors.badRequest(problem);
        }
      }
    }
  }
  await next();
};
