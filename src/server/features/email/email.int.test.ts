import { createServer, type AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMail, mailLink, waitForMail } from "../../../../sandbox/test-support/mail";
import { useSandbox } from "../../../../sandbox/test-support/use-sandbox";
import { digestDeliveries, userProfiles } from "@/server/db/schema";
import { createTestDatabase } from "@/test/test-database";
import { startTestServer, type TestServer } from "@/test/test-server";
import { createSignedInUser, type SignedInUser } from "@/test/test-users";
import type { DatabaseHandle } from "@/server/db/client";

const sandbox = useSandbox();
const CLOCK_START = "2026-06-04T06:00:00Z";
const ADMIN = "digest-admin@quire.invalid";

let database: DatabaseHandle;
let admin: SignedInUser;
/** Digests only: sign-up also sends a verification and a welcome e-mail. */
const digests = async (to: string) => (await listMail(sandbox.url, to)).filter((mail) => /catch-up/.test(mail.subject));
const servers: TestServer[] = [];

async function start(env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startTestServer({
    database,
    sandboxUrl: sandbox.url,
    env: { CLOCK_START, ADMIN_EMAILS: ADMIN, SMTP_URL: sandbox.smtpUrl, ...env },
    email: { retryDelaySeconds: 1 },
  });
  servers.push(server);
  return server;
}

async function reader(server: TestServer, notifications: "daily" | "weekly" | "none", keywords = ["language model"]): Promise<SignedInUser> {
  const user = await createSignedInUser(server);
  const answer = await fetch(`${server.url}/api/me/profile`, {
    method: "PUT",
    headers: user.headers(),
    body: JSON.stringify({ researchCategories: ["cs.CL"], researchInterests: keywords, emailPreferences: { welcome: true, notifications } }),
  });
  expect(answer.status).toBe(200);
  return user;
}

async function send(server: TestServer, user: SignedInUser, body: unknown) {
  const response = await fetch(`${server.url}/api/email/send`, {
    method: "POST",
    headers: user.headers({ Origin: server.url }),
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const server of servers) await server.close().catch(() => {});
  await database?.close();
});

describe("catch-up digests", () => {
  it("sends the daily digest once per period, as HTML and text, with links into Quire and an unsubscribe link that works signed out", async () => {
    const server = await start();
    admin = await createSignedInUser(server, { email: ADMIN });
    const daily = await reader(server, "daily");
    const weekly = await reader(server, "weekly");
    const none = await reader(server, "none");

    const run = await send(server, admin, { type: "catchup", frequency: "daily" });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ success: 1, errors: 0 });
    expect(run.body.processed).toBe(1);
    expect(run.body.message).toMatch(/Queued 1 daily digest/);

    const mail = await waitForMail(sandbox.url, { to: daily.email, subject: "daily", timeoutMs: 20_000 });
    expect(mail.html).toContain("<ol");
    expect(mail.text).toMatch(/Recommended papers from the last 24 hours/);
    expect(mail.text).toMatch(/keyword "language model" \+0\.2/);
    const paperLink = mailLink(mail, `${server.url}/abs/`);
    expect(paperLink).toMatch(/\/abs\/\d{4}\.\d{4,5}$/);

    // Again in the same period: nobody gets a second one.
    const again = await send(server, admin, { type: "catchup", frequency: "daily" });
    expect(again.body).toMatchObject({ processed: 1, success: 0, skipped: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await digests(daily.email)).length).toBe(1);
    expect(await digests(weekly.email)).toEqual([]);
    expect(await digests(none.email)).toEqual([]);
    const [delivery] = await database.db.select().from(digestDeliveries).where(eq(digestDeliveries.userId, daily.id));
    expect(delivery?.sentAt).toBeInstanceOf(Date);

    // Unsubscribe without a session; a forged token is refused.
    const link = mailLink(mail, "/api/email/unsubscribe");
    const forged = await fetch(link.replace(/t=[^&]+/, "t=forged"));
    expect(forged.status).toBe(400);
    const unsubscribe = await fetch(link);
    expect(unsubscribe.status).toBe(200);
    expect(await unsubscribe.text()).toContain("Unsubscribed");
    const [profile] = await database.db.select().from(userProfiles).where(eq(userProfiles.userId, daily.id));
    expect(profile?.emailPreferences.notifications).toBe("none");
  }, 90_000);

  it("lets only admins call POST /api/email/send, and checks the body", async () => {
    const server = servers[0]!;
    const user = await reader(server, "none");
    expect((await send(server, user, { type: "catchup", frequency: "daily" })).status).toBe(403);
    const anonymous = await fetch(`${server.url}/api/email/send`, { method: "POST", headers: { "Content-Type": "application/json", Origin: server.url }, body: "{}" });
    expect(anonymous.status).toBe(401);
    const other = await createSignedInUser(server, { email: `x-${ADMIN}` });
    expect((await send(server, other, { type: "catchup", frequency: "daily" })).status).toBe(403);
    const bad = await send(server, admin, { type: "catchup", frequency: "hourly" });
    expect(bad.status).toBe(400);
  });

  it("gives each user one digest when two instances run the same period at once", async () => {
    const first = servers[0]!;
    const second = await start();
    const readers = await Promise.all([reader(first, "weekly"), reader(first, "weekly"), reader(first, "weekly")]);
    const [a, b] = await Promise.all([
      send(first, admin, { type: "catchup", frequency: "weekly" }),
      send(second, admin, { type: "catchup", frequency: "weekly" }),
    ]);
    // The three, plus the weekly reader of the first test: each claimed by exactly one instance.
    expect(a.body.processed).toBe(4);
    expect(b.body.processed).toBe(4);
    expect(a.body.success + b.body.success).toBe(4);
    expect(a.body.skipped + b.body.skipped).toBe(4);
    for (const user of readers) await waitForMail(sandbox.url, { to: user.email, subject: "weekly", timeoutMs: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    for (const user of readers) expect((await digests(user.email)).length).toBe(1);
  }, 90_000);

  it("keeps a digest while the SMTP server is down, across a restart, and sends it once when it is back", async () => {
    // Both instances down to one: stop the running servers first (their queues would deliver too).
    for (const server of servers.splice(0)) await server.close();
    const deadPort = await freePort();
    const down = await start({ SMTP_URL: `smtp://127.0.0.1:${deadPort}` });
    const user = await reader(down, "daily", ["language model", "agent"]);
    const run = await send(down, admin, { type: "catchup", frequency: "daily" });
    expect(run.body.success).toBe(1);
    // The worker tries, fails and schedules a retry.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await down.close();
    servers.splice(servers.indexOf(down), 1);
    expect(await digests(user.email)).toEqual([]);

    // A new process on the same database, with SMTP reachable: the queued digest goes out, once.
    await start();
    await waitForMail(sandbox.url, { to: user.email, subject: "daily", timeoutMs: 40_000 });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await digests(user.email)).length).toBe(1);
  }, 120_000);
});
