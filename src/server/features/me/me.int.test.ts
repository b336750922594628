import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userSettings } from "@/server/db/schema";
import { DEFAULT_SETTINGS } from "@/shared/user-data";
import { testDatabaseKind } from "@/test/test-database";
import type { TestServer } from "@/test/test-server";
import { createSignedInUser, type SignedInUser } from "@/test/test-users";
import { USER_TABLE_EXPORTS } from "./user-tables.repository";
import { meClient, testPaper, testSearch, type MeClient, useSignedInServer } from "@/test/me-test-client";

let server: TestServer;
let user: SignedInUser;
let me: MeClient;

useSignedInServer((context) => ({ server, user, me } = context));

const storedSettings = async () =>
  (await server.database.db.select().from(userSettings).where(eq(userSettings.userId, user.id)))[0]?.settings;

describe(`sessions on /api/me (${testDatabaseKind})`, () => {
  it.each([
    ["no credentials", {}],
    ["a forged cookie", { Cookie: "better-auth.session_token=forged.value" }],
    ["a forged bearer token", { Authorization: "Bearer forged-token" }],
  ])("answers 401 to %s", async (_label, headers) => {
    const response = await fetch(`${server.url}/api/me/profile`, { headers });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: "unauthorized", message: "Sign in to continue." } });
  });

  it("accepts the cookie session and the bearer token alike", async () => {
    expect((await me.get("/settings")).status).toBe(200);
    expect((await me.get("/settings", user.bearerHeaders())).status).toBe(200);
  });

  it("answers an unknown /api/me route with the API 404", async () => {
    expect((await me.get("/nothing-here")).status).toBe(404);
  });

  it("rejects a signed-out session", async () => {
    const other = await createSignedInUser(server);
    const signOut = await fetch(`${server.url}/api/auth/sign-out`, { method: "POST", headers: other.headers(), body: "{}" });
    expect(signOut.status).toBe(200);
    expect((await meClient(server, other).get("/settings")).status).toBe(401);
    expect((await meClient(server, other).get("/settings", other.bearerHeaders())).status).toBe(401);
  });
});

describe(`cross-site request forgery on /api/me (${testDatabaseKind})`, () => {
  it("refuses a cookie-authenticated write from another origin and stores nothing", async () => {
    const before = await storedSettings();
    const answer = await me.put("/settings", { autoLoadCatchup: true }, user.headers({ Origin: "https://evil.example" }));
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: { code: "forbidden", message: "Cross-site request refused." } });
    expect(await storedSettings()).toEqual(before);
  });

  it("refuses a cookie-authenticated write with neither Origin nor Referer", async () => {
    const headers = user.headers();
    delete headers.Origin;
    const answer = await me.del("/cache", headers);
    expect(answer.status).toBe(403);
  });

  it("refuses a cross-site write that also forges an evil Referer", async () => {
    const headers = user.headers({ Referer: "https://evil.example/page" });
    delete headers.Origin;
    expect((await me.put("/settings", { autoLoadCatchup: true }, headers)).status).toBe(403);
  });

  it("accepts the write from the app's own origin", async () => {
    const answer = await me.put("/settings", { autoLoadCatchup: true }, user.headers({ Origin: server.url }));
    expect(answer.status).toBe(200);
    expect((await storedSettings())?.autoLoadCatchup).toBe(true);
  });

  it("accepts the write from the app's own page as Referer, and with Sec-Fetch-Site: same-origin", async () => {
    const byReferer = user.headers({ Referer: `${server.url}/settings` });
    delete byReferer.Origin;
    expect((await me.put("/settings", { autoLoadCatchup: false }, byReferer)).status).toBe(200);
    const byFetchMetadata = user.headers({ "Sec-Fetch-Site": "same-origin" });
    delete byFetchMetadata.Origin;
    expect((await me.put("/settings", { autoLoadCatchup: true }, byFetchMetadata)).status).toBe(200);
  });

  it("accepts a bearer-authenticated write without Origin", async () => {
    const answer = await me.put("/settings", { autoTriggerSearch: true }, user.bearerHeaders());
    expect(answer.status).toBe(200);
    expect((await storedSettings())?.autoTriggerSearch).toBe(true);
  });

  it("leaves reads alone", async () => {
    expect((await me.get("/settings", user.headers({ Origin: "https://evil.example" }))).status).toBe(200);
  });
});

describe(`GET /api/me/export (${testDatabaseKind})`, () => {
  it("exports every resource in the contract's shapes, and nothing of the raw rows", async () => {
    const owner = await createSignedInUser(server);
    const client = meClient(server, owner);
    await client.put("/profile", { name: "Exporter" });
    await client.put("/settings", { citeKeyFormat: "custom" });
    await client.put("/preferences/theme", { value: "dark" });
    await client.put("/cache/bookmarkFilters", { data: { tag: "x" } });
    await client.post("/search-history", { entries: [testSearch(Date.now() - 1000, "graphs")] });
    await client.post("/history", { paper: testPaper("p1"), viewType: "abs" });
    await client.put("/bookmarks/p2", { paper: testPaper("p2"), tags: ["t"] });
    await client.put("/notes/p1", { content: "# Reading notes" });
    const highlightId = crypto.randomUUID();
    const rect = { x: 0.1, y: 0.2, width: 0.5, height: 0.02 };
    await client.put(`/highlights/${highlightId}`, { paperId: "p1", pageNumber: 4, rects: [rect], color: "#ADD8E6", text: "a key sentence" });

    const response = await fetch(`${server.url}/api/me/export`, { headers: owner.headers() });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="quire-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(["data", "exported_at", "user_id"]);
    expect(body.user_id).toBe(owner.id);
    expect(Math.abs(Date.parse(body.exported_at) - Date.now())).toBeLessThan(60_000);
    const core = ["bookmarks", "cache", "highlights", "notes", "preferences", "profile", "readingHistory", "searchHistory", "settings"];
    expect(Object.keys(body.data).sort()).toEqual([...core, ...Object.keys(USER_TABLE_EXPORTS)].sort());
    expect(body.data.profile).toMatchObject({ name: "Exporter", email: owner.email });
    expect(body.data.settings).toEqual({ ...DEFAULT_SETTINGS, citeKeyFormat: "custom" });
    expect(body.data.preferences).toEqual({ theme: "dark" });
    expect(body.data.cache).toEqual([expect.objectContaining({ key: "bookmarkFilters", data: { tag: "x" } })]);
    expect(body.data.searchHistory.searches).toHaveLength(1);
    expect(body.data.readingHistory).toEqual([expect.objectContaining({ paperId: "p1", viewType: "abs" })]);
    expect(body.data.bookmarks).toEqual([expect.objectContaining({ paperId: "p2", tags: ["t"] })]);
    expect(body.data.notes).toEqual([expect.objectContaining({ paperId: "p1", content: "# Reading notes" })]);
    expect(body.data.highlights).toEqual([
      expect.objectContaining({ id: highlightId, paperId: "p1", pageNumber: 4, rects: [rect], color: "#ADD8E6", text: "a key sentence" }),
    ]);
    const text = JSON.stringify(body.data);
    expect(text).not.toMatch(/"user_?[iI]d"|"cache_key"|"paper_data"|"preference_key"/);
  });
});
