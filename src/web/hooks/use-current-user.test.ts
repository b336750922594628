// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, renderHook, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { hasRole } from "@/shared/roles";
import { mswServer } from "@/test/unit-setup";
import { toCurrentUser, useCurrentUser } from "@/web/hooks/use-current-user";

const sessionUser = {
  id: "u1",
  email: "ada@example.org",
  name: "Ada",
  role: "admin",
  isSuperAdmin: false,
  emailVerified: true,
};

describe("toCurrentUser", () => {
  it("reads id, e-mail, name, role, super-admin flag and verification of a better-auth session", () => {
    expect(toCurrentUser({ user: sessionUser, session: {} })).toEqual(sessionUser);
  });

  it("defaults the flags to false and blank values to null", () => {
    expect(toCurrentUser({ user: { id: "u2", email: "b@example.org", name: "", role: "" } })).toEqual({
      id: "u2",
      email: "b@example.org",
      name: null,
      role: null,
      isSuperAdmin: false,
      emailVerified: false,
    });
  });

  it("treats anything that is not a session as anonymous", () => {
    expect(toCurrentUser(null)).toBeNull();
    expect(toCurrentUser(undefined)).toBeNull();
    // A static host answering /api/auth/get-session with index.html.
    expect(toCurrentUser("<!doctype html><html></html>")).toBeNull();
    expect(toCurrentUser({ user: null })).toBeNull();
    expect(toCurrentUser({ user: { id: "u1", email: "" } })).toBeNull();
    expect(toCurrentUser({ user: { email: "a@b.c" } })).toBeNull();
  });

  it("feeds the one policy helper: admin and super admin pass the admin check, others do not", () => {
    expect(hasRole(toCurrentUser({ user: sessionUser }), "admin")).toBe(true);
    expect(hasRole(toCurrentUser({ user: { ...sessionUser, role: "maintainer" } }), "admin")).toBe(false);
    expect(hasRole(toCurrentUser({ user: { ...sessionUser, role: "user", isSuperAdmin: true } }), "admin")).toBe(true);
    expect(hasRole(toCurrentUser(null), "user")).toBe(false);
  });
});

describe("useCurrentUser", () => {
  afterEach(cleanup);

  it("is pending, then exposes the signed-in user from /api/auth/get-session", async () => {
    mswServer.use(
      http.get("*/api/auth/get-session", () =>
        HttpResponse.json({ session: { id: "s1", token: "t", userId: "u1" }, user: { ...sessionUser, isSuperAdmin: true } }),
      ),
    );
    const { result } = renderHook(() => useCurrentUser());
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.user).toEqual({ ...sessionUser, isSuperAdmin: true });
  });
});
