import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { AppError, envelope } from "@/server/errors";
import { requireRole, requireUser, type SessionUser, type SignedInEnv } from "./session";

type FakeUser = { id: string; email: string; emailVerified: boolean; role?: string; isSuperAdmin?: boolean };

/** An auth whose getSession answers `user` (or null, or throws `error`). */
function fakeAuth(user: FakeUser | null, options: { error?: unknown; setCookie?: string } = {}) {
  return {
    api: {
      getSession: async () => {
        if (options.error) throw options.error;
        const headers = new Headers();
        if (options.setCookie) headers.append("set-cookie", options.setCookie);
        return { headers, response: user ? { user, session: { id: "s" } } : null };
      },
    },
  } as unknown as Parameters<typeof requireUser>[0];
}

function app(auth: Parameters<typeof requireUser>[0], role?: Parameters<typeof requireRole>[0]) {
  const hono = new Hono<SignedInEnv>();
  hono.use("*", requireUser(auth));
  if (role) hono.use("*", requireRole(role));
  hono.get("/", (c) => c.json(c.var.user satisfies SessionUser));
  hono.onError((error, c) => (error instanceof AppError ? c.json(envelope(error), error.status) : c.text(String(error), 500)));
  return hono;
}

const ada: FakeUser = { id: "u1", email: "ada@quire.invalid", emailVerified: true, role: "maintainer" };

describe("requireUser", () => {
  it("sets c.var.user from the session, and nothing more", async () => {
    const response = await app(fakeAuth({ ...ada, name: "Ada", image: null } as FakeUser)).request("/");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: "u1", email: "ada@quire.invalid", role: "maintainer", isSuperAdmin: false, emailVerified: true });
  });

  it("reads an unknown or missing role as user", async () => {
    const body = await (await app(fakeAuth({ ...ada, role: "owner" })).request("/")).json();
    expect(body.role).toBe("user");
  });

  it("answers 401 unauthorized without a session", async () => {
    const response = await app(fakeAuth(null)).request("/");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: "unauthorized", message: "Sign in to continue." } });
  });

  it("answers 401 when better-auth refuses the credentials", async () => {
    const response = await app(fakeAuth(null, { error: Object.assign(new Error("bad token"), { statusCode: 401 }) })).request("/");
    expect(response.status).toBe(401);
  });

  it("lets other failures through as errors", async () => {
    const response = await app(fakeAuth(null, { error: new Error("database down") })).request("/");
    expect(response.status).toBe(500);
  });

  it("passes on cookies better-auth refreshed", async () => {
    const response = await app(fakeAuth(ada, { setCookie: "session=new; Path=/" })).request("/");
    expect(response.headers.getSetCookie()).toContain("session=new; Path=/");
  });
});

describe("requireRole", () => {
  it("lets a role at or above the required one through", async () => {
    expect((await app(fakeAuth({ ...ada, role: "admin" }), "maintainer").request("/")).status).toBe(200);
    expect((await app(fakeAuth({ ...ada, role: "maintainer" }), "maintainer").request("/")).status).toBe(200);
  });

  it("answers 403 forbidden below it", async () => {
    const response = await app(fakeAuth({ ...ada, role: "user" }), "admin").request("/");
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe("forbidden");
  });

  it("lets a super admin through every check", async () => {
    expect((await app(fakeAuth({ ...ada, role: "user", isSuperAdmin: true }), "admin").request("/")).status).toBe(200);
  });
});
