import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user as userTable, userProfiles } from "@/server/db/schema";
import { profileSchema } from "@/shared/user-data";
import { testDatabaseKind } from "@/test/test-database";
import type { TestServer } from "@/test/test-server";
import { createSignedInUser, signIn, type SignedInUser } from "@/test/test-users";
import { meClient, type MeClient, useSignedInServer } from "@/test/me-test-client";

let server: TestServer;
let user: SignedInUser;
let me: MeClient;

useSignedInServer((context) => ({ server, user, me } = context));

const storedRow = async (userId = user.id) =>
  (await server.database.db.select().from(userProfiles).where(eq(userProfiles.userId, userId)))[0];

describe(`/api/me/profile (${testDatabaseKind})`, () => {
  it("is created on first read with the account's e-mail, role and the default e-mail preferences", async () => {
    expect(await storedRow()).toBeUndefined();
    const answer = await me.get("/profile");
    expect(answer.status).toBe(200);
    const profile = profileSchema.parse(answer.body.profile);
    expect(profile).toMatchObject({
      email: user.email,
      role: "user",
      isPublic: true,
      emailPreferences: { welcome: true, notifications: "weekly" },
      researchCategories: [],
      socialLinks: {},
    });
    expect(answer.body.profile).not.toHaveProperty("userId");
    expect(answer.body.profile).not.toHaveProperty("user_id");
    expect(await storedRow()).toBeDefined();
  });

  it("saves a patch, always public, and answers the saved profile", async () => {
    await server.database.db.update(userProfiles).set({ isPublic: false }).where(eq(userProfiles.userId, user.id));
    const answer = await me.put("/profile", {
      name: "  Ada Lovelace ",
      affiliation: "Analytical Engine Co.",
      researchCategories: ["cs.AI", "math.PR"],
      authorNames: ["A. Lovelace"],
      emailPreferences: { welcome: false, notifications: "daily" },
      socialLinks: { github: "https://github.com/ada" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.profile).toMatchObject({
      name: "Ada Lovelace",
      researchCategories: ["cs.AI", "math.PR"],
      emailPreferences: { welcome: false, notifications: "daily" },
      isPublic: true,
    });
    expect(answer.body.profile.lastActiveAt).not.toBeNull();
    expect((await me.get("/profile")).body.profile).toEqual(answer.body.profile);
    expect((await storedRow())?.isPublic).toBe(true);
  });

  it("keeps fields a patch leaves out", async () => {
    const answer = await me.put("/profile", { excludeTerms: ["survey"] });
    expect(answer.body.profile).toMatchObject({ name: "Ada Lovelace", excludeTerms: ["survey"] });
  });

  it.each([
    ["role", { role: "admin" }, /role/],
    ["isPublic", { isPublic: false }, /isPublic/],
    ["email", { email: "other@quire.invalid" }, /email/],
    ["a bad notification frequency", { emailPreferences: { welcome: true, notifications: "hourly" } }, /^emailPreferences\.notifications: /],
    ["a non-URL avatar", { avatarUrl: "not a url" }, /^avatarUrl: /],
    ["a wrong type", { researchInterests: "ml" }, /^researchInterests: /],
  ])("refuses %s with a 400, storing nothing", async (_label, patch, message) => {
    const before = await storedRow();
    const answer = await me.put("/profile", patch);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(message);
    expect(await storedRow()).toEqual(before);
  });

  it("takes the role from the account, never from the user", async () => {
    const maintainer = await createSignedInUser(server);
    // A role set in the database is read with the session, which the server remembers for a few
    // seconds (session-memo.ts); a sign-in (any auth call) makes it read the session again.
    const setRole = async (role: "maintainer" | "user") => {
      await server.database.db.update(userTable).set({ role }).where(eq(userTable.id, maintainer.id));
      await signIn(server, maintainer.email, maintainer.password);
    };
    await setRole("maintainer");
    const client = meClient(server, maintainer);
    expect((await client.get("/profile")).body.profile.role).toBe("maintainer");
    await setRole("user");
    expect((await client.put("/profile", { name: "M" })).body.profile.role).toBe("user");
  });
});
