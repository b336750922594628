import { createHmac } from "node:crypto";
import OAuth from "oauth-1.0a";
import { describe, expect, it } from "vitest";
import { SANDBOX_ZOTERO_CLIENT_KEY, SANDBOX_ZOTERO_CLIENT_SECRET } from "../oauth/clients";
import { useSandbox } from "../test-support/use-sandbox";
import { approveZoteroAuthorization } from "../test-support/zotero";

const sandbox = useSandbox();
const CALLBACK = "http://127.0.0.1:3999/api/auth-zotero?action=callback";

/** A real OAuth 1.0a client (the oauth-1.0a package) signing with HMAC-SHA1. */
function client(secret = SANDBOX_ZOTERO_CLIENT_SECRET, key = SANDBOX_ZOTERO_CLIENT_KEY) {
  return new OAuth({ consumer: { key, secret }, signature_method: "HMAC-SHA1", hash_function: (base, signingKey) => createHmac("sha1", signingKey).update(base).digest("base64") });
}

async function signedPost(url: string, data: Record<string, string>, token?: { key: string; secret: string }, oauth = client()) {
  const request = { url, method: "POST", data };
  const response = await fetch(url, {
    method: "POST",
    headers: { ...oauth.toHeader(oauth.authorize(request, token)), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(data),
  });
  return { status: response.status, type: response.headers.get("content-type") ?? "", fields: Object.fromEntries(new URLSearchParams(await response.text())) };
}

const oauthUrl = (path: string) => `${sandbox.url}/zotero-web/oauth/${path}`;

async function requestToken() {
  const answer = await signedPost(oauthUrl("request"), { oauth_callback: CALLBACK });
  expect(answer.status).toBe(200);
  expect(answer.type).toMatch(/^application\/x-www-form-urlencoded/);
  expect(answer.fields.oauth_callback_confirmed).toBe("true");
  return { key: answer.fields.oauth_token!, secret: answer.fields.oauth_token_secret! };
}

describe("Zotero OAuth 1.0a key exchange", () => {
  it("makes an API key through request token, the authorize page and access token, signed by a real client", async () => {
    const token = await requestToken();
    const authorize = `${oauthUrl("authorize")}?oauth_token=${token.key}&library_access=1&notes_access=1&write_access=1&name=Quire`;
    const page = await fetch(authorize);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("<strong>Quire</strong> would like to access your Zotero library.");
    expect(html).toContain('<label for="username">Username</label>');
    expect(html).toContain('name="write_access" value="1" checked');

    const callback = await approveZoteroAuthorization(authorize, { username: "ada-lovelace" });
    expect(`${callback.origin}${callback.pathname}`).toBe("http://127.0.0.1:3999/api/auth-zotero");
    expect(callback.searchParams.get("action")).toBe("callback");
    expect(callback.searchParams.get("oauth_token")).toBe(token.key);
    const verifier = callback.searchParams.get("oauth_verifier")!;
    expect(verifier).toMatch(/^[0-9a-f]{20}$/);

    const access = await signedPost(oauthUrl("access"), { oauth_verifier: verifier }, token);
    expect(access.status).toBe(200);
    const { oauth_token: apiKey, oauth_token_secret: secret, userID, username } = access.fields;
    expect(apiKey).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(secret).toBe(apiKey);
    expect(username).toBe("ada-lovelace");

    const key = (await (await sandbox.get(`/zotero/keys/${apiKey}`)).json()) as { userID: number; access: { user: Record<string, boolean> } };
    expect(key.userID).toBe(Number(userID));
    expect(key.access.user).toEqual({ library: true, files: true, notes: true, write: true });
    // The new user has a seeded library the key reads.
    const items = await sandbox.get(`/zotero/users/${userID}/items/top?limit=1`, { headers: { Authorization: `Bearer ${apiKey}`, "Zotero-API-Version": "3" } });
    expect(items.status).toBe(200);
    expect(Number(items.headers.get("total-results"))).toBeGreaterThan(2000);

    // The request token is spent: exchanging it again is refused.
    const again = await signedPost(oauthUrl("access"), { oauth_verifier: verifier }, token);
    expect(again).toMatchObject({ status: 401, fields: { oauth_problem: "token_rejected" } });
  });

  it("grants what the user ticked: without write access the key cannot write", async () => {
    const token = await requestToken();
    const callback = await approveZoteroAuthorization(`${oauthUrl("authorize")}?oauth_token=${token.key}&library_access=1&write_access=1`, { username: "reader", access: { write: false } });
    const access = await signedPost(oauthUrl("access"), { oauth_verifier: callback.searchParams.get("oauth_verifier")! }, token);
    const { oauth_token: apiKey, userID } = access.fields;
    const write = await sandbox.get(`/zotero/users/${userID}/items`, { method: "POST", headers: { "Zotero-API-Key": apiKey! }, body: JSON.stringify([{ itemType: "note", note: "x" }]) });
    expect(write.status).toBe(403);
    expect(await write.text()).toBe("Write access denied");
  });

  it("sends Cancel back to the callback with oauth_problem=permission_denied", async () => {
    const token = await requestToken();
    const callback = await approveZoteroAuthorization(`${oauthUrl("authorize")}?oauth_token=${token.key}`, { username: "ada-lovelace", decision: "deny" });
    expect(callback.searchParams.get("oauth_problem")).toBe("permission_denied");
    expect(callback.searchParams.get("oauth_verifier")).toBeNull();
  });

  it("refuses a wrong signature, an unknown consumer, a replayed nonce and a stale timestamp", async () => {
    expect(await signedPost(oauthUrl("request"), { oauth_callback: CALLBACK }, undefined, client("not-the-secret"))).toMatchObject({ status: 401, fields: { oauth_problem: "signature_invalid" } });
    expect(await signedPost(oauthUrl("request"), { oauth_callback: CALLBACK }, undefined, client(SANDBOX_ZOTERO_CLIENT_SECRET, "someone-else"))).toMatchObject({
      status: 401,
      fields: { oauth_problem: "consumer_key_unknown" },
    });

    const oauth = client();
    const request = { url: oauthUrl("request"), method: "POST", data: { oauth_callback: CALLBACK } };
    const signed = oauth.authorize(request);
    const send = (data: OAuth.Authorization) =>
      fetch(request.url, { method: "POST", headers: { ...oauth.toHeader(data), "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(request.data) }).then(async (response) => ({
        status: response.status,
        fields: Object.fromEntries(new URLSearchParams(await response.text())),
      }));
    expect((await send(signed)).status).toBe(200);
    expect(await send(signed)).toMatchObject({ status: 401, fields: { oauth_problem: "nonce_used" } });

    const stale = { ...oauth.authorize(request), oauth_timestamp: Math.floor(Date.now() / 1000) - 3600 };
    stale.oauth_signature = oauth.getSignature(request, "", stale);
    const refused = await send(stale);
    expect(refused.status).toBe(401);
    expect(refused.fields.oauth_problem).toBe("timestamp_refused");
    expect(refused.fields.oauth_acceptable_timestamps).toMatch(/^\d+-\d+$/);
  });

  it("refuses a missing callback and a wrong verifier", async () => {
    expect(await signedPost(oauthUrl("request"), {})).toMatchObject({ status: 400, fields: { oauth_problem: "parameter_absent", oauth_parameters_absent: "oauth_callback" } });
    const token = await requestToken();
    await approveZoteroAuthorization(`${oauthUrl("authorize")}?oauth_token=${token.key}`, { username: "ada-lovelace" });
    expect(await signedPost(oauthUrl("access"), { oauth_verifier: "0123456789abcdef0123" }, token)).toMatchObject({ status: 401, fields: { oauth_problem: "verifier_invalid" } });
    const unknown = await fetch(`${oauthUrl("authorize")}?oauth_token=nope`);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("This authorization request is invalid or has expired.");
  });
});

describe("Zotero manual key page", () => {
  it("signs a user in, creates a key with the permissions ticked and shows it; the key list revokes it", async () => {
    const form = await sandbox.get("/zotero-web/settings/keys/new?name=Quire&write_access=1");
    const html = await form.text();
    expect(html).toContain("<h1>Create a new private key</h1>");
    expect(html).toContain('name="write_access" value="1" checked');
    const created = await sandbox.get("/zotero-web/settings/keys/new", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "grace", password: "x", name: "Quire", library_access: "1", write_access: "1" }),
    });
    expect(created.status).toBe(201);
    const page = await created.text();
    expect(page).toContain("<h1>Key Created</h1>");
    const apiKey = /<code id="api-key">([A-Za-z0-9]{24})<\/code>/.exec(page)![1]!;
    const userID = Number(/<strong id="user-id">(\d+)<\/strong>/.exec(page)![1]);
    const key = (await (await sandbox.get(`/zotero/keys/${apiKey}`)).json()) as { userID: number; username: string; access: { user: Record<string, boolean> } };
    expect(key).toMatchObject({ userID, username: "grace", access: { user: { library: true, notes: false, write: true } } });

    const cookie = created.headers.get("set-cookie")!.split(";")[0]!;
    const list = await sandbox.get("/zotero-web/settings/keys", { headers: { cookie } });
    expect(await list.text()).toContain("<strong>Quire</strong>");
    const revoke = await sandbox.get(`/zotero-web/settings/keys/${apiKey}/revoke`, { method: "POST", headers: { cookie }, redirect: "manual" });
    expect(revoke.status).toBe(302);
    expect((await sandbox.get(`/zotero/users/${userID}/items`, { headers: { "Zotero-API-Key": apiKey } })).status).toBe(403);
  });

  it("asks again for a username it cannot take", async () => {
    const answer = await sandbox.get("/zotero-web/settings/keys/new", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "", name: "Quire", library_access: "1" }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('role="alert">Enter a username.</p>');
  });
});
