import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/server/db/schema";
import { startTestServer, type TestServer } from "@/test/test-server";
import {
  SANDBOX_GITHUB_CLIENT_ID,
  SANDBOX_GITHUB_CLIENT_SECRET,
  SANDBOX_GOOGLE_CLIENT_ID,
  SANDBOX_GOOGLE_CLIENT_SECRET,
} from "../../../sandbox/oauth/clients";
import { startSandbox } from "../../../sandbox/server";
import { submitConsent } from "../../../sandbox/test-support/oauth";

/** "Continue with Google / GitHub" against the sandbox's OAuth providers, over real HTTP. */

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let server: TestServer;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, preload: false });
  server = await startTestServer({
    env: {
      GOOGLE_CLIENT_ID: SANDBOX_GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: SANDBOX_GOOGLE_CLIENT_SECRET,
      GOOGLE_DISCOVERY_URL: `${sandbox.url}/oauth/google/.well-known/openid-configuration`,
      GITHUB_CLIENT_ID: SANDBOX_GITHUB_CLIENT_ID,
      GITHUB_CLIENT_SECRET: SANDBOX_GITHUB_CLIENT_SECRET,
      GITHUB_AUTHORIZATION_URL: `${sandbox.url}/oauth/github/login/oauth/authorize`,
      GITHUB_TOKEN_URL: `${sandbox.url}/oauth/github/login/oauth/access_token`,
      GITHUB_API_URL: `${sandbox.url}/oauth/github/api`,
    },
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await sandbox?.close();
});

/** Cookies as a browser would keep them between the app's answers. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    take(response: Response) {
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(";");
        const [name, ...value] = pair!.split("=");
        cookies.set(name!.trim(), value.join("="));
      }
    },
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    has: (part: string) => [...cookies.keys()].some((name) => name.includes(part)),
  };
}

async function startSignIn(provider: "google" | "github", jar: ReturnType<typeof cookieJar>): Promise<URL> {
  const response = await fetch(`${server.url}/api/auth/sign-in/social`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ provider, callbackURL: "/search", errorCallbackURL: "/auth" }),
  });
  expect(response.status).toBe(200);
  jar.take(response);
  const { url } = (await response.json()) as { url: string };
  return new URL(url);
}

describe.each(["google", "github"] as const)("sign-in with %s", (provider) => {
  it("signs a new user in through the provider and back, asking for offline access and consent", async () => {
    const jar = cookieJar();
    const authorize = await startSignIn(provider, jar);
    expect(authorize.origin).toBe(sandbox.url);
    expect(authorize.searchParams.get("access_type")).toBe("offline");
    expect(authorize.searchParams.get("prompt")).toBe("consent");

    const email = `${provider}-user@quire.invalid`;
    const callback = await submitConsent(authorize, { email, name: "Social User" });
    expect(callback.origin).toBe(server.url);
    const landed = await fetch(callback, { headers: { cookie: jar.header() }, redirect: "manual" });
    expect(landed.status).toBe(302);
    expect(landed.headers.get("location")).toBe("/search");
    jar.take(landed);
    expect(jar.has("session_token")).toBe(true);

    const session = await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie: jar.header() } });
    const body = (await session.json()) as { user: { email: string; emailVerified: boolean; role: string } };
    expect(body.user).toMatchObject({ email, emailVerified: true, role: "user" });

    const [account] = await server.database.db.select().from(schema.account).where(eq(schema.account.providerId, provider));
    expect(account).toBeDefined();
    // Tokens from the provider are kept encrypted, never as issued.
    if (account?.accessToken) expect(account.accessToken).not.toMatch(/^(ya29|gho_|sandbox)/);
    // The new account's first sign-in sends the welcome e-mail.
    expect(server.sentMail.some((mail) => mail.to === email && /Welcome/.test(mail.subject))).toBe(true);
  });

  it("refuses a forged state and sends the user back to /auth with an error", async () => {
    const jar = cookieJar();
    const authorize = await startSignIn(provider, jar);
    const callback = await submitConsent(authorize, { email: `${provider}-forged@quire.invalid` });
    callback.searchParams.set("state", "forged-state-value");
    const landed = await fetch(callback, { headers: { cookie: jar.header() }, redirect: "manual" });
    expect(landed.status).toBe(302);
    expect(landed.headers.get("location")).toMatch(/^\/auth\?error=/);
    expect(landed.headers.getSetCookie().some((cookie) => cookie.includes("session_token=") && !cookie.includes("Max-Age=0"))).toBe(false);
  });

  it("sends a user who cancels at the provider back to /auth with an error", async () => {
    const jar = cookieJar();
    const authorize = await startSignIn(provider, jar);
    const callback = await submitConsent(authorize, { email: `${provider}-cancel@quire.invalid`, decision: "deny" });
    const landed = await fetch(callback, { headers: { cookie: jar.header() }, redirect: "manual" });
    expect(landed.status).toBe(302);
    expect(landed.headers.get("location")).toMatch(/^\/auth\?error=/);
  });
});

it("lists the configured providers for the sign-in page", async () => {
  const response = await fetch(`${server.url}/api/auth-providers`);
  expect(await response.json()).toEqual({ providers: ["google", "github"] });
});
