import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userSettings } from "@/server/db/schema";
import { DEFAULT_SETTINGS } from "@/shared/user-data";
import { testDatabaseKind } from "@/test/test-database";
import type { TestServer } from "@/test/test-server";
import type { SignedInUser } from "@/test/test-users";
import { type MeClient, useSignedInServer } from "@/test/me-test-client";

let server: TestServer;
let user: SignedInUser;
let me: MeClient;

useSignedInServer((context) => ({ server, user, me } = context));

const storedRow = async () => (await server.database.db.select().from(userSettings).where(eq(userSettings.userId, user.id)))[0];

describe(`/api/me/settings (${testDatabaseKind})`, () => {
  it("needs a session", async () => {
    const response = await fetch(`${server.url}/api/me/settings`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: "unauthorized", message: "Sign in to continue." } });
  });

  it("answers the defaults on first read and stores them", async () => {
    expect(await storedRow()).toBeUndefined();
    const answer = await me.get("/settings");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ settings: DEFAULT_SETTINGS });
    expect((await storedRow())?.settings).toEqual(DEFAULT_SETTINGS);
  });

  it("merges a patch over the stored settings", async () => {
    const first = await me.put("/settings", { autoLoadCatchup: true, llm: { defaultProvider: "openai", defaultModel: "gpt" } });
    expect(first.status).toBe(200);
    expect(first.body.settings).toMatchObject({ autoLoadCatchup: true, enableReadingHistory: true, llm: { defaultProvider: "openai" } });
    const second = await me.put("/settings", { citeKeyFormat: "title_year", lastViewedPaper: "2401.00001" });
    expect(second.body.settings).toMatchObject({ autoLoadCatchup: true, citeKeyFormat: "title_year", lastViewedPaper: "2401.00001" });
    expect((await me.get("/settings")).body.settings).toEqual(second.body.settings);
  });

  it("keeps both of two concurrent patches of different fields", async () => {
    await Promise.all([me.put("/settings", { autoTriggerSearch: true }), me.put("/settings", { zoteroSkipDuplicateCheck: true })]);
    expect((await me.get("/settings")).body.settings).toMatchObject({ autoTriggerSearch: true, zoteroSkipDuplicateCheck: true });
  });

  it.each([
    ["an unknown field", { darkMode: true }, /darkMode/],
    ["a wrong type", { autoLoadCatchup: "yes" }, /^autoLoadCatchup: /],
    ["a value outside the enum", { citeKeyFormat: "bibtex" }, /^citeKeyFormat: /],
    ["an unknown nested field", { zoteroFilters: { topLevelOnly: true, itemTypes: [], searchQuery: "", extra: 1 } }, /zoteroFilters/],
    ["a user id in the body", { userId: "someone-else" }, /userId/],
  ])("refuses %s with a 400 naming the field, storing nothing", async (_label, patch, message) => {
    const before = (await storedRow())?.settings;
    const answer = await me.put("/settings", patch);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe("validation_failed");
    expect(answer.body.error.message).toMatch(message);
    expect((await storedRow())?.settings).toEqual(before);
  });

  it("refuses malformed JSON", async () => {
    const answer = await me.put("/settings", "{not json");
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe("invalid_json");
  });

  it("drops stored values that no longer validate when reading", async () => {
    await server.database.db
      .update(userSettings)
      .set({ settings: { ...DEFAULT_SETTINGS, autoLoadCatchup: "garbage", retired: 1 } })
      .where(eq(userSettings.userId, user.id));
    const answer = await me.get("/settings");
    expect(answer.body.settings.autoLoadCatchup).toBe(false);
    expect(answer.body.settings).not.toHaveProperty("retired");
  });

  it("works with a bearer token and no Origin", async () => {
    const answer = await me.put("/settings", { autoLoadCatchup: true }, user.bearerHeaders());
    expect(answer.status).toBe(200);
    expect((await me.get("/settings", user.bearerHeaders())).body.settings.autoLoadCatchup).toBe(true);
  });
});
