// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { isAdmin, toCurrentUser } from "@/web/hooks/use-current-user";

describe("toCurrentUser", () => {
  it("reads the e-mail, name and role of a better-auth session", () => {
    expect(toCurrentUser({ user: { email: "ada@example.org", name: "Ada", role: "admin" }, session: {} })).toEqual({
      email: "ada@example.org",
      name: "Ada",
      role: "admin",
    });
  });

  it("treats anything that is not a session as anonymous", () => {
    expect(toCurrentUser(null)).toBeNull();
    expect(toCurrentUser(undefined)).toBeNull();
    // A static host answering /api/auth/get-session with index.html.
    expect(toCurrentUser("<!doctype html><html></html>")).toBeNull();
    expect(toCurrentUser({ user: null })).toBeNull();
    expect(toCurrentUser({ user: { email: "" } })).toBeNull();
  });
});

describe("isAdmin", () => {
  it("accepts admin alone or in a comma-separated role list", () => {
    expect(isAdmin({ email: "a@b.c", name: null, role: "admin" })).toBe(true);
    expect(isAdmin({ email: "a@b.c", name: null, role: "user, admin" })).toBe(true);
  });

  it("rejects other roles and anonymous visitors", () => {
    expect(isAdmin({ email: "a@b.c", name: null, role: "maintainer" })).toBe(false);
    expect(isAdmin({ email: "a@b.c", name: null, role: null })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});
