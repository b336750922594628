import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { userSearchHistory } from "@/server/db/schema";
import { SEARCH_HISTORY_SIGNED_IN_KEEP_MS, SEARCH_HISTORY_SIGNED_IN_MAX_ENTRIES } from "@/shared/constants";
import { testDatabaseKind } from "@/test/test-database";
import type { TestServer } from "@/test/test-server";
import type { SignedInUser } from "@/test/test-users";
import { testSearch, type MeClient, useSignedInServer } from "@/test/me-test-client";

let server: TestServer;
let user: SignedInUser;
let me: MeClient;

useSignedInServer((context) => ({ server, user, me } = context));
beforeEach(async () => {
  await server.database.db.delete(userSearchHistory);
});

const minutesAgo = (minutes: number) => Date.now() - minutes * 60_000;
const storedRows = () => server.database.db.select().from(userSearchHistory).where(eq(userSearchHistory.userId, user.id));

describe(`/api/me/search-history (${testDatabaseKind})`, () => {
  it("starts empty", async () => {
    expect((await me.get("/search-history")).body).toEqual({ searches: [], lastUpdated: 0 });
  });

  it("adds entries and answers them newest first", async () => {
    const older = testSearch(minutesAgo(10), "graphs", 12);
    const newer = testSearch(minutesAgo(1), "transformers", 40);
    const answer = await me.post("/search-history", { entries: [older, newer] });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ searches: [newer, older], lastUpdated: newer.timestamp });
    expect((await me.get("/search-history")).body).toEqual(answer.body);
  });

  it("merges without duplicating an entry with the same timestamp and parameters", async () => {
    const search = testSearch(minutesAgo(5), "graphs");
    await me.post("/search-history", { entries: [search] });
    // The same search again (e.g. the device's anonymous copy migrated on sign-in), keys in another order.
    const reordered = { results: search.results, params: Object.fromEntries(Object.entries(search.params).reverse()), timestamp: search.timestamp };
    const sameTimeOtherQuery = testSearch(search.timestamp, "other");
    const answer = await me.post("/search-history", { entries: [reordered, search, sameTimeOtherQuery] });
    expect(answer.body.searches).toHaveLength(2);
    expect(await storedRows()).toHaveLength(2);
  });

  it(`keeps only the newest ${SEARCH_HISTORY_SIGNED_IN_MAX_ENTRIES}`, async () => {
    const entries = Array.from({ length: 14 }, (_, i) => testSearch(minutesAgo(100 - i), `q${i}`));
    const answer = await me.post("/search-history", { entries });
    expect(answer.body.searches.map((s: { params: { q: string } }) => s.params.q)).toEqual(
      Array.from({ length: 10 }, (_, i) => `q${13 - i}`),
    );
    expect(await storedRows()).toHaveLength(SEARCH_HISTORY_SIGNED_IN_MAX_ENTRIES);
    // An older search than all ten kept is not kept either.
    await me.post("/search-history", { entries: [testSearch(minutesAgo(500), "ancient")] });
    expect((await storedRows()).map((row) => row.params.q)).not.toContain("ancient");
  });

  it("drops entries older than 30 days, on save and on read", async () => {
    const old = testSearch(Date.now() - SEARCH_HISTORY_SIGNED_IN_KEEP_MS - 60_000, "old");
    const answer = await me.post("/search-history", { entries: [old, testSearch(minutesAgo(1), "new")] });
    expect(answer.body.searches.map((s: { params: { q: string } }) => s.params.q)).toEqual(["new"]);
    await server.database.db.insert(userSearchHistory).values({
      userId: user.id,
      params: old.params,
      results: 1,
      searchedAt: new Date(old.timestamp),
    });
    expect((await me.get("/search-history")).body.searches).toHaveLength(1);
  });

  it("clears the history", async () => {
    await me.post("/search-history", { entries: [testSearch(minutesAgo(1), "x")] });
    expect((await me.del("/search-history")).status).toBe(204);
    expect(await storedRows()).toEqual([]);
  });

  it.each([
    ["an unknown source", { entries: [{ ...testSearch(1, "x"), params: { ...testSearch(1, "x").params, source: "scholar" } }] }, /^entries\.0\.params\.source: /],
    ["a string timestamp", { entries: [{ ...testSearch(1, "x"), timestamp: "yesterday" }] }, /^entries\.0\.timestamp: /],
    ["an unknown parameter", { entries: [{ ...testSearch(1, "x"), params: { ...testSearch(1, "x").params, evil: 1 } }] }, /evil/],
    ["entries that are not a list", { entries: {} }, /^entries: /],
    ["too many entries", { entries: Array.from({ length: 101 }, (_, i) => testSearch(minutesAgo(i), "x")) }, /^entries: /],
  ])("refuses %s with a 400, storing nothing", async (_label, body, message) => {
    const answer = await me.post("/search-history", body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(message);
    expect(await storedRows()).toEqual([]);
  });
});
