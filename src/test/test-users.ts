import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { user as userTable } from "@/server/db/schema";
import type { TestServer } from "./test-server";

export type SignedInUser = {
  id: string;
  email: string;
  password: string;
  /** The `Cookie` header value holding the session cookie(s). */
  cookie: string;
  /** The bearer token (`set-auth-token` from sign-in). */
  token: string;
  /** Cookie session headers with `Origin: <server.url>` and a JSON content type, plus `extra`. */
  headers(extra?: Record<string, string>): Record<string, string>;
  /** Bearer session headers (no cookie, no Origin) with a JSON content type, plus `extra`. */
  bearerHeaders(extra?: Record<string, string>): Record<string, string>;
};

/**
 * Signs a fresh user up through the API, marks the e-mail verified in the database (so a
 * verification requirement does not block the test), signs in, and keeps both the session
 * cookie and the bearer token.
 */
export async function createSignedInUser(
  server: Pick<TestServer, "url" | "database">,
  options: { email?: string; password?: string; name?: string } = {},
): Promise<SignedInUser> {
  const email = (options.email ?? `user-${randomUUID()}@quire.invalid`).toLowerCase();
  const password = options.password ?? `pw-${randomUUID()}`;
  const json = { "Content-Type": "application/json", Origin: server.url };

  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password, name: options.name ?? "Test User" }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  await signUp.body?.cancel();

  await server.database.db.update(userTable).set({ emailVerified: true }).where(eq(userTable.email, email));

  const session = await signIn(server, email, password);
  return {
    ...session,
    email,
    password,
    headers: (extra = {}) => ({ ...json, Cookie: session.cookie, ...extra }),
    bearerHeaders: (extra = {}) => ({ "Content-Type": "application/json", Authorization: `Bearer ${session.token}`, ...extra }),
  };
}

/** A new session of an existing user (another tab or device). */
export async function signIn(
  server: Pick<TestServer, "url">,
  email: string,
  password: string,
): Promise<{ id: string; cookie: string; token: string }> {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user?: { id?: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!.trim())
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
  const token = response.headers.get("set-auth-token") ?? "";
  if (!body.user?.id || !cookie) throw new Error(`sign-in gave no session: ${JSON.stringify(body)}`);
  if (!token) throw new Error("sign-in gave no set-auth-token header: is better-auth's bearer() plugin configured?");
  return { id: body.user.id, cookie, token };
}

/**
 * A signed-in user holding `role` (and the super-admin flag when asked): the role is set in the
 * database, then a new session is opened so the session reads it.
 */
export async function createUserWithRole(
  server: Pick<TestServer, "url" | "database">,
  role: "user" | "maintainer" | "admin",
  options: { superAdmin?: boolean } = {},
): Promise<SignedInUser> {
  const created = await createSignedInUser(server);
  await server.database.db.update(userTable).set({ role, isSuperAdmin: options.superAdmin === true }).where(eq(userTable.id, created.id));
  const session = await signIn(server, created.email, created.password);
  const json = { "Content-Type": "application/json", Origin: server.url };
  return {
    ...created,
    ...session,
    headers: (extra = {}) => ({ ...json, Cookie: session.cookie, ...extra }),
    bearerHeaders: (extra = {}) => ({ "Content-Type": "application/json", Authorization: `Bearer ${session.token}`, ...extra }),
  };
}
