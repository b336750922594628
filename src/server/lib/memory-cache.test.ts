import { describe, expect, it } from "vitest";
import { createMemoryCache } from "./memory-cache";

describe("createMemoryCache", () => {
  const sized = (now = () => 0, maxBytes = 100) => createMemoryCache<string>({ maxBytes, sizeOf: (value) => value.length, now });

  it("serves a value until its moment, then forgets it", () => {
    let clock = 0;
    const cache = sized(() => clock);
    cache.set("a", "x", 10);
    clock = 9;
    expect(cache.get("a")).toBe("x");
    clock = 10;
    expect(cache.get("a")).toBeUndefined();
  });

  it("drops the least recently used once the bytes are past its size", () => {
    const cache = sized();
    cache.set("a", "a".repeat(25), 1);
    cache.set("b", "b".repeat(25), 1);
    cache.set("c", "c".repeat(25), 1);
    expect(cache.get("a")).toBeDefined();
    cache.set("d", "d".repeat(25), 1);
    cache.set("e", "e".repeat(25), 1);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("e")).toBeDefined();
  });

  it("keeps nothing larger than a quarter of it, and forgets everything on clear", () => {
    const cache = sized();
    cache.set("big", "x".repeat(26), 1);
    expect(cache.get("big")).toBeUndefined();
    cache.set("a", "a", 1);
    cache.clear();
    expect(cache.get("a")).toBeUndefined();
    cache.set("b", "b".repeat(25), 1);
    cache.set("c", "c".repeat(25), 1);
    cache.set("d", "d".repeat(25), 1);
    cache.set("e", "e".repeat(25), 1);
    expect(cache.get("b")).toBeDefined();
  });
});
