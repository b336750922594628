import { Hono } from "hono";
import type { Auth } from "@/server/auth/auth";
import { requireRole, requireUser, type SignedInEnv } from "@/server/auth/session";
import type { Config } from "@/server/config";
import type { AppEnv } from "@/server/http/context";
import { hasRole } from "@/shared/roles";
import { ADMIN_ROLE, DEVELOPER_ROLE } from "@/shared/admin";

/**
 * The developer pages' server side, maintainers and above (the developer guard):
 *   GET /api/dev/session -> { user, access: { developer, admin }, via: "cookie" | "bearer", serverTime }
 * /auth-test reads it to show how the server sees the session.
 */
export function devRoutes(deps: { auth: Pick<Auth, "api">; config: Pick<Config, "publicUrl"> }) {
  const routes = new Hono<SignedInEnv>()
    .use("*", requireUser(deps.auth))
    .use("*", requireRole(DEVELOPER_ROLE))
    .get("/session", (c) => {
      const user = c.var.user;
      return c.json({
        user: { id: user.id, email: user.email, role: user.role, isSuperAdmin: user.isSuperAdmin, emailVerified: user.emailVerified },
        access: { developer: hasRole(user, DEVELOPER_ROLE), admin: hasRole(user, ADMIN_ROLE) },
        via: c.req.header("authorization")?.toLowerCase().startsWith("bearer ") ? "bearer" : "cookie",
        serverTime: new Date().toISOString(),
      });
    });
  return new Hono<AppEnv>().route("/", routes);
}
