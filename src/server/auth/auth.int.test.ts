import { eq, sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ACCOUNT_ATTEMPT_WINDOW_MS, ALREADY_REGISTERED_MAIL_WINDOW_MS } from "@/server/auth/auth";
import { queryRows } from "@/server/db/client";
import * as schema from "@/server/db/schema";
import { startTestServer, type TestServer } from "@/test/test-server";

/** Sign-up, e-mail confirmation, sign-in, bearer tokens, limits and admin e-mails, over real HTTP. */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: "boss@quire.invalid", AUTH_ACCOUNT_ATTEMPTS: "3" } });
});
afterAll(async () => {
  await server?.close();
});

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, ...headers },
    body: JSON.stringify(body),
    redirect: "manual",
  });
}

function linkIn(text: string): string {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return match[0];
}

function mailTo(to: string, subject: RegExp) {
  return server.sentMail.filter((mail) => mail.to === to && subject.test(mail.subject));
}

function sessionCookie(response: Response): string {
  const cookies = response.headers.getSetCookie();
  const session = cookies.find((cookie) => cookie.includes("session_token="));
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return session.split(";")[0]!;
}

describe("e-mail and password accounts", () => {
  const email = "ada@quire.invalid";
  const password = "correct horse battery";

  it("signs up, refuses sign-in until the e-mail is confirmed, then signs in", async () => {
    const signUp = await post("/api/auth/sign-up/email", { email, password, name: "Ada", callbackURL: "/auth?verified=1" });
    expect(signUp.status).toBe(200);

    const [verification] = mailTo(email, /Confirm your e-mail/);
    expect(verification).toBeDefined();
    const link = linkIn(verification!.text);
    expect(link.startsWith(`${server.url}/api/auth/verify-email?token=`)).toBe(true);

    const early = await post("/api/auth/sign-in/email", { email, password });
    expect(early.status).toBe(403);
    expect(((await early.json()) as { code: string }).code).toBe("EMAIL_NOT_VERIFIED");

    const confirm = await fetch(link, { redirect: "manual" });
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get("location")).toBe("/auth?verified=1");
    // Confirmation does not sign in (the user does, next); the account being new, the welcome e-mail goes once.
    expect(confirm.headers.getSetCookie().some((cookie) => cookie.includes("session_token="))).toBe(false);
    expect(mailTo(email, /Welcome to Quire/)).toHaveLength(1);

    const signIn = await post("/api/auth/sign-in/email", { email, password });
    expect(signIn.status).toBe(200);
    expect(sessionCookie(signIn)).toMatch(/session_token=/);
    expect(mailTo(email, /Welcome to Quire/)).toHaveLength(1);

    // A replayed link signs nobody in: it only says the address is confirmed.
    const replay = await fetch(link, { redirect: "manual" });
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toBe("/auth?verified=1");
    expect(replay.headers.getSetCookie().some((cookie) => cookie.includes("session_token="))).toBe(false);

    // A tampered link is refused with an error on the callback.
    const tampered = await fetch(link.replace(/token=([^&]+)/, (_all, token: string) => `token=${token.slice(0, -4)}AAAA`), {
      redirect: "manual",
    });
    expect(tampered.status).toBe(302);
    expect(tampered.headers.get("location")).toMatch(/error=INVALID_TOKEN/i);
  });

  it("refuses an expired confirmation link with a clear error on the callback", async () => {
    const other = "late@quire.invalid";
    await post("/api/auth/sign-up/email", { email: other, password, name: "Late", callbackURL: "/auth?verified=1" });
    const [stored] = await server.database.db.select().from(schema.appSettings).where(eq(schema.appSettings.key, "auth_secret"));
    const secret = stored!.value;
    const [account] = await server.database.db.select().from(schema.user).where(eq(schema.user.email, other));
    const expired = await new SignJWT({ email: other, userId: account!.id })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 2 * 86_400)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 86_400)
      .sign(new TextEncoder().encode(secret));
    const response = await fetch(`${server.url}/api/auth/verify-email?token=${expired}&callbackURL=%2Fauth%3Fverified%3D1`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/error=TOKEN_EXPIRED/i);
    const [still] = await server.database.db.select().from(schema.user).where(eq(schema.user.email, other));
    expect(still?.emailVerified).toBe(false);
  });

  it("keeps the session in an HttpOnly, SameSite cookie", async () => {
    const signIn = await post("/api/auth/sign-in/email", { email, password });
    const cookie = signIn.headers.getSetCookie().find((value) => value.includes("session_token="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("answers a sign-up with a registered address as for a new one, and mails the owner instead", async () => {
    type SignUpAnswer = { token: unknown; user: Record<string, unknown> };
    const shape = (body: SignUpAnswer) => ({
      keys: Object.keys(body),
      userKeys: Object.keys(body.user),
      types: Object.values(body.user).map((value) => (value === null ? "null" : typeof value)),
      id: String(body.user.id).replace(/[A-Za-z0-9]/g, "x"),
      role: body.user.role,
      token: body.token,
    });
    const fresh = await post("/api/auth/sign-up/email", { email: "newcomer@quire.invalid", password: "another password", name: "New" });
    const confirmations = mailTo(email, /Confirm your e-mail/).length;
    const again = await post("/api/auth/sign-up/email", { email: "ADA@quire.invalid", password: "another password", name: "Ada" });
    expect(again.status).toBe(fresh.status);
    // The same keys in the same order, the same id format (better-auth's generator), the same types.
    const [freshBody, againBody] = [(await fresh.json()) as SignUpAnswer, (await again.json()) as SignUpAnswer];
    expect(shape(againBody)).toEqual(shape(freshBody));
    expect(String(againBody.user.id)).toMatch(/^[A-Za-z0-9]{32}$/);
    await vi.waitFor(() => expect(mailTo(email, /already have a Quire account/)).toHaveLength(1));
    expect(mailTo(email, /Confirm your e-mail/)).toHaveLength(confirmations);
    const [user] = await server.database.db.select().from(schema.user).where(eq(schema.user.email, email));
    expect(user?.name).toBe("Ada");
  });

  it("answers an ADMIN_EMAILS address that has an account as a new one: an admin", async () => {
    const first = (await (await post("/api/auth/sign-up/email", { email: "boss@quire.invalid", password, name: "Boss" })).json()) as { user: { role: string } };
    const again = (await (await post("/api/auth/sign-up/email", { email: "boss@quire.invalid", password, name: "Boss" })).json()) as { user: { role: string } };
    expect(first.user.role).toBe("admin");
    expect(again.user.role).toBe("admin");
  });

  it("mails the owner once a day at most, however many tries", async () => {
    const owner = "often-tried@quire.invalid";
    await post("/api/auth/sign-up/email", { email: owner, password, name: "Owner" });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await post("/api/auth/sign-up/email", { email: owner, password: "some other password", name: "Mallory" }, { "x-forwarded-for": `10.9.0.${attempt}` });
      expect(response.status).toBe(200);
    }
    await vi.waitFor(() => expect(mailTo(owner, /already have a Quire account/)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailTo(owner, /already have a Quire account/)).toHaveLength(1);
    const [row] = await queryRows<{ window_ms: number | string }>(
      server.database.db,
      sql`select window_ends_at - (extract(epoch from clock_timestamp()) * 1000)::bigint as window_ms from request_counts where key = ${`signup-existing-mail:${owner}`}`,
    );
    expect(Number(row?.window_ms)).toBeGreaterThan(0);
    expect(Number(row?.window_ms)).toBeLessThanOrEqual(ALREADY_REGISTERED_MAIL_WINDOW_MS);
  });

  it("takes as long for an address that has an account as for a new one (medians of 20 each)", async () => {
    const existing: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      existing.push(`timed-existing-${i}@quire.invalid`);
      await (await post("/api/auth/sign-up/email", { email: existing[i], password, name: "Timed" })).body?.cancel();
    }
    const timed = async (address: string) => {
      const started = performance.now();
      const response = await post("/api/auth/sign-up/email", { email: address, password, name: "Timed" });
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      return performance.now() - started;
    };
    const fresh: number[] = [];
    const again: number[] = [];
    // Interleaved, so a busy moment of the machine weighs on both alike.
    for (let i = 0; i < 20; i += 1) {
      fresh.push(await timed(`timed-new-${i}@quire.invalid`));
      again.push(await timed(existing[i]!));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const ratio = median(again) / median(fresh);
    console.log(`sign-up timing (${server.database.kind}): new ${median(fresh).toFixed(1)} ms, existing ${median(again).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`);
    // Before, an existing address skipped the password hash and answered far sooner than a new one.
    expect(ratio).toBeGreaterThan(0.8);
    expect(ratio).toBeLessThan(1.25);
  }, 120_000);

  it("refuses empty, malformed and oversized input with a clear message", async () => {
    const cases: Array<[unknown, number]> = [
      [{ email: "", password: "long enough pass", name: "x" }, 400],
      [{ email: "no-at-sign", password: "long enough pass", name: "x" }, 400],
      [{ email: "short@quire.invalid", password: "", name: "x" }, 400],
      [{ email: "huge@quire.invalid", password: "x".repeat(10_000), name: "x" }, 400],
    ];
    for (const [body, status] of cases) {
      const response = await post("/api/auth/sign-up/email", body);
      expect(response.status).toBe(status);
      const answer = (await response.json()) as { error: { message: string } };
      expect(answer.error.message.length).toBeGreaterThan(5);
    }
    const users = await server.database.db.select().from(schema.user).where(eq(schema.user.email, "huge@quire.invalid"));
    expect(users).toHaveLength(0);
  });

  it("locks an account after repeated wrong passwords, whatever the address", async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await post("/api/auth/sign-in/email", { email, password: "wrong password" }, { "x-forwarded-for": `10.0.0.${attempt}` });
      expect(wrong.status).toBe(401);
    }
    const locked = await post("/api/auth/sign-in/email", { email, password });
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as { message: string }).message).toMatch(/Too many failed sign-in attempts/);
    // The seconds left of the 15-minute lock, which started at the last failure a moment ago.
    const retryAfter = Number(locked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(ACCOUNT_ATTEMPT_WINDOW_MS / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(ACCOUNT_ATTEMPT_WINDOW_MS / 1000);
  });

  it("keeps the lock for its whole 15 minutes (better-auth prunes its own counters after 60 s), then lifts it", async () => {
    const address = "lovelace-lock@quire.invalid";
    await post("/api/auth/sign-up/email", { email: address, password, name: "Lock" });
    await fetch(linkIn(mailTo(address, /Confirm/)[0]!.text), { redirect: "manual" });
    const started = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: started });
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await post("/api/auth/sign-in/email", { email: address, password: "wrong" }, { "x-forwarded-for": `10.1.0.${attempt}` })).status).toBe(401);
      }
      // Past better-auth's 60-second window (its counters are pruned), and to a second before the end.
      for (const later of [61_000, 5 * 60_000, ACCOUNT_ATTEMPT_WINDOW_MS - 1_000]) {
        vi.setSystemTime(started + later);
        const locked = await post("/api/auth/sign-in/email", { email: address, password }, { "x-forwarded-for": "10.1.1.1" });
        expect(locked.status, `${later / 1000} s after the last failure`).toBe(429);
        expect(Number(locked.headers.get("retry-after")), `${later / 1000} s after the last failure`).toBeCloseTo((ACCOUNT_ATTEMPT_WINDOW_MS - later) / 1000, -1);
        await locked.body?.cancel();
      }
      vi.setSystemTime(started + ACCOUNT_ATTEMPT_WINDOW_MS + 1_000);
      expect((await post("/api/auth/sign-in/email", { email: address, password }, { "x-forwarded-for": "10.1.1.2" })).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it("accepts a bearer token as well as the cookie", async () => {
    const other = "grace@quire.invalid";
    await post("/api/auth/sign-up/email", { email: other, password, name: "Grace" });
    await fetch(linkIn(mailTo(other, /Confirm/)[0]!.text), { redirect: "manual" });
    const signIn = await post("/api/auth/sign-in/email", { email: other, password });
    const token = signIn.headers.get("set-auth-token");
    expect(token).toBeTruthy();
    const bearer = await fetch(`${server.url}/api/auth/get-session`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await bearer.json()) as { user: { email: string } }).user.email).toBe(other);
    const garbage = await fetch(`${server.url}/api/auth/get-session`, { headers: { authorization: "Bearer not-a-token" } });
    expect(await garbage.json()).toBeNull();
  });

  it("makes ADMIN_EMAILS admins at sign-up", async () => {
    const [boss] = await server.database.db.select().from(schema.user).where(eq(schema.user.email, "boss@quire.invalid"));
    expect(boss?.role).toBe("admin");
  });

  it("lists no third-party providers when none is configured", async () => {
    const response = await fetch(`${server.url}/api/auth-providers`);
    expect(await response.json()).toEqual({ providers: [] });
  });
});

describe("per-address limit", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { AUTH_RATE_LIMIT_PER_MINUTE: "3" } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("answers 429 after the allowed sign-in attempts from one address", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await fetch(`${limited.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: limited.url },
        body: JSON.stringify({ email: `nobody${attempt}@quire.invalid`, password: "whatever pass" }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("says when to try again in Retry-After", async () => {
    const response = await fetch(`${limited.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: limited.url },
      body: JSON.stringify({ email: "nobody@quire.invalid", password: "whatever pass" }),
    });
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it("ignores a client-sent X-Forwarded-For when no proxy is trusted", async () => {
    const response = await fetch(`${limited.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: limited.url, "x-forwarded-for": "203.0.113.9" },
      body: JSON.stringify({ email: "spoof@quire.invalid", password: "whatever pass" }),
    });
    expect(response.status).toBe(429);
  });
});
