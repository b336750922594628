import { createMiddleware } from "hono/factory";
import type { Auth } from "@/server/auth/auth";
import { errors } from "@/server/errors";
import type { AppEnv } from "@/server/http/context";
import type { Role } from "@/shared/constants";
import { hasRole, isRole } from "@/shared/roles";

/** The signed-in user as route handlers see it (`c.var.user`); nothing else about the session leaks. */
export type SessionUser = {
  id: string;
  email: string;
  role: Role;
  isSuperAdmin: boolean;
  emailVerified: boolean;
};

/** Hono variables behind `requireUser`. */
export type SignedInEnv = {
  Variables: AppEnv["Variables"] & { user: SessionUser };
};

type SessionSource = Pick<Auth, "api">;

/**
 * Resolves the session from the session cookie or `Authorization: Bearer <token>` (better-auth's
 * bearer plugin) and sets `c.var.user`; anything else is a 401 `unauthorized`.
 * Cookies better-auth refreshes while reading the session (sliding expiry) are passed on.
 */
export function requireUser(auth: SessionSource) {
  return createMiddleware<SignedInEnv>(async (c, next) => {
    let result: Awaited<ReturnType<typeof readSession>>;
    try {
      result = await readSession(auth, c.req.raw.headers);
    } catch (error) {
      // better-auth throws APIError (with a 4xx status) for malformed or forged tokens.
      if (isClientError(error)) throw errors.unauthorized();
      throw error;
    }
    const session = result.response;
    if (!session?.user) throw errors.unauthorized();
    const { user } = session;
    c.set("user", {
      id: user.id,
      email: user.email,
      role: isRole(user.role) ? user.role : "user",
      isSuperAdmin: user.isSuperAdmin === true,
      emailVerified: user.emailVerified === true,
    });
    await next();
    for (const cookie of result.headers.getSetCookie()) c.res.headers.append("Set-Cookie", cookie);
  });
}

/** 403 `forbidden` unless the signed-in user has at least `role` (super admins pass every check). */
export function requireRole(role: Role) {
  return createMiddleware<SignedInEnv>(async (c, next) => {
    if (!hasRole(c.var.user, role)) throw errors.forbidden();
    await next();
  });
}

function readSession(auth: SessionSource, headers: Headers) {
  return auth.api.getSession({ headers, returnHeaders: true });
}

function isClientError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === "number" && status >= 400 && status < 500;
}
