import type { Context } from "hono";
import type { z } from "zod";
import { errors } from "@/server/errors";

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

function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.length ? `${first.path.join(".")}: ` : "";
    throw errors.validation(`${where}${first?.message ?? "Invalid input."}`, parsed.error.issues);
  }
  return parsed.data;
}
