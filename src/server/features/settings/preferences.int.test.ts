import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { userPreferences } from "@/server/db/schema";
import { encodePreferenceKey } from "@/shared/user-data";
import { testDatabaseKind } from "@/test/test-database";
import type { TestServer } from "@/test/test-server";
import type { SignedInUser } from "@/test/test-users";
import { type MeClient, useSignedInServer } from "@/test/me-test-client";

let server: TestServer;
let user: SignedInUser;
let me: MeClient;

useSignedInServer((context) => ({ server, user, me } = context));
beforeEach(async () => {
  await server.database.db.delete(userPreferences);
});

/** The path segment for a raw key, as the web app builds it. */
const keyPath = (raw: string) => `/preferences/${encodeURIComponent(encodePreferenceKey(raw))}`;
const storedRows = () => server.database.db.select().from(userPreferences).where(eq(userPreferences.userId, user.id));

describe(`/api/me/preferences (${testDatabaseKind})`, () => {
  it("stores, reads and deletes one value", async () => {
    const put = await me.put(keyPath("theme"), { value: "light" });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ key: "theme", value: "light" });
    expect(Date.parse(put.body.updatedAt)).not.toBeNaN();
    expect((await me.get(keyPath("theme"))).body).toEqual(put.body);
    expect((await me.del(keyPath("theme"))).status).toBe(204);
    const gone = await me.get(keyPath("theme"));
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe("not_found");
  });

  it("round-trips a key with non-alphanumerics in its encoded form", async () => {
    const raw = "scroll.search/../x ü";
    const encoded = encodePreferenceKey(raw);
    expect((await me.put(keyPath(raw), { value: { top: 120 } })).body.key).toBe(encoded);
    expect((await me.get(keyPath(raw))).body.value).toEqual({ top: 120 });
    expect((await me.get("/preferences")).body.preferences).toEqual({ [encoded]: { top: 120 } });
  });

  it("treats %41 and A as one key", async () => {
    await me.put("/preferences/%2541bc", { value: 1 });
    expect((await me.get("/preferences/Abc")).body.value).toBe(1);
    expect(await storedRows()).toHaveLength(1);
  });

  it("keeps JSON null, numbers, arrays and objects as they are", async () => {
    for (const value of [null, 0, false, [1, "a"], { nested: { deep: true } }]) {
      const answer = await me.put(keyPath("v"), { value });
      expect(answer.status).toBe(200);
      expect((await me.get(keyPath("v"))).body.value).toEqual(value);
    }
  });

  it("merges searchState into the stored one", async () => {
    await me.put(keyPath("searchState"), { value: { query: "graphs", page: 2, pageSize: 50 } });
    const answer = await me.put(keyPath("searchState"), { value: { page: 0, source: "openalex" } });
    expect(answer.body.value).toEqual({ query: "graphs", page: 0, pageSize: 50, source: "openalex" });
    const batch = await me.put("/preferences", { preferences: { searchState: { sortOrder: "asc" } } });
    expect(batch.body.preferences.searchState).toEqual({ query: "graphs", page: 0, pageSize: 50, source: "openalex", sortOrder: "asc" });
  });

  it("refuses a searchState of the wrong shape", async () => {
    expect((await me.put(keyPath("searchState"), { value: "graphs" })).status).toBe(400);
    const answer = await me.put(keyPath("searchState"), { value: { page: -1 } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(/searchState.*page/);
  });

  it("upserts a batch and answers every preference", async () => {
    await me.put(keyPath("a"), { value: 1 });
    const answer = await me.put("/preferences", { preferences: { a: 2, b: [true], [encodePreferenceKey("layout.mode")]: "grid" } });
    expect(answer.status).toBe(200);
    expect(answer.body.preferences).toEqual({ a: 2, b: [true], [encodePreferenceKey("layout.mode")]: "grid" });
    expect((await me.get("/preferences")).body.preferences).toEqual(answer.body.preferences);
  });

  it("deletes every preference", async () => {
    await me.put("/preferences", { preferences: { a: 1, b: 2 } });
    expect((await me.del("/preferences")).status).toBe(204);
    expect((await me.get("/preferences")).body).toEqual({ preferences: {} });
  });

  describe("refuses bad input with a clear 400 and stores nothing", () => {
    const cases: [string, () => Promise<{ status: number; body: any }>, RegExp][] = [
      ["a raw key with ../", () => me.put(`/preferences/${encodeURIComponent("../etc")}`, { value: 1 }), /Invalid preference key "\.\.\/etc": Preference key must be encoded/],
      ["a 1,000-character key", () => me.put(`/preferences/${"k".repeat(1000)}`, { value: 1 }), /longer than 200 characters/],
      ["a key that is not UTF-8 once decoded", () => me.put("/preferences/%25FF", { value: 1 }), /does not decode to UTF-8/],
      ["lower-case escapes", () => me.put("/preferences/a%252f", { value: 1 }), /must be encoded/],
      ["a 100 KB value", () => me.put(keyPath("big"), { value: "x".repeat(100 * 1024) }), /limit is 65536 bytes/],
      ["a missing value", () => me.put(keyPath("x"), {}), /^value: Required \(null is allowed\)/],
      ["an unknown body field", () => me.put(keyPath("x"), { value: 1, userId: "other" }), /userId/],
      ["a bad key in a batch", () => me.put("/preferences", { preferences: { fine: 1, "../x": 2 } }), /Invalid preference key "\.\.\/x"/],
      ["a 100 KB value in a batch", () => me.put("/preferences", { preferences: { fine: 1, big: "x".repeat(100 * 1024) } }), /Preference "big".*65536/],
      ["a batch without its wrapper", () => me.put("/preferences", { fine: 1 }), /preferences|fine/],
    ];
    it.each(cases)("%s", async (_label, send, message) => {
      const answer = await send();
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe("validation_failed");
      expect(answer.body.error.message).toMatch(message);
      expect(await storedRows()).toEqual([]);
    });

    it("a key with ../ in a GET or DELETE", async () => {
      expect((await me.get(`/preferences/${encodeURIComponent("../x")}`)).status).toBe(400);
      expect((await me.del(`/preferences/${encodeURIComponent("../x")}`)).status).toBe(400);
    });
  });

  it("accepts a value of exactly 64 KB", async () => {
    const value = "x".repeat(64 * 1024 - 2);
    expect((await me.put(keyPath("edge"), { value })).status).toBe(200);
  });
});
