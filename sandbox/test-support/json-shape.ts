/**
 * Compares the shape of two JSON values (what a test checks between a sandbox answer and a
 * recorded real one): object keys, nesting and value types, not the values themselves.
 */

export type JsonType = "null" | "string" | "number" | "boolean" | "array" | "object";

export function jsonType(value: unknown): JsonType {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value as JsonType;
}

/**
 * Where `actual` differs in type from `expected`, for the keys both have (recursively; arrays by
 * their first elements). A null on either side matches anything: real records hold null where
 * a value is unknown.
 */
export function typeMismatches(actual: unknown, expected: unknown, path = "$"): string[] {
  const actualType = jsonType(actual);
  const expectedType = jsonType(expected);
  if (actualType === "null" || expectedType === "null") return [];
  if (actualType !== expectedType) return [`${path}: ${actualType} where the recording has ${expectedType}`];
  if (actualType === "array") {
    const [first] = actual as unknown[];
    const [recorded] = expected as unknown[];
    return first === undefined || recorded === undefined ? [] : typeMismatches(first, recorded, `${path}[0]`);
  }
  if (actualType === "object") {
    const a = actual as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    return Object.keys(a)
      .filter((key) => key in e)
      .flatMap((key) => typeMismatches(a[key], e[key], `${path}.${key}`));
  }
  return [];
}

/** Keys of an object, for comparing key sets and their order. */
export function keysOf(value: unknown): string[] {
  return value && typeof value === "object" && !Array.isArray(value) ? Object.keys(value) : [];
}
