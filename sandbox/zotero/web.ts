/**
 * The parts of zotero.org's website a client sends people to, at `/zotero-web` (route name
 * `zotero-web`):
 *
 * - OAuth 1.0a key exchange (`ZOTERO_OAUTH_URL=<sandbox>/zotero-web/oauth`): `POST|GET
 *   /oauth/request`, `GET|POST /oauth/authorize` (sign in and "Accept"), `POST|GET
 *   /oauth/access`, which answers `oauth_token` (the new API key), `oauth_token_secret`,
 *   `userID` and `username`.
 * - The manual key page (`/settings/keys/new`, zotero.org/settings/keys/new): a signed-in user
 *   (anyone: any username signs in, a new one gets a seeded library) creates a key with the
 *   permissions ticked and is shown it; `/settings/keys` lists the user's keys with Revoke.
 *
 * The pages are plain forms in the sandbox's sign-in look (oauth/pages.ts), for Playwright:
 * `getByLabel("Username")`, `getByRole("button", { name: "Accept" })`, `"Save Key"`.
 */
import { randomBytes } from "node:crypto";
import type { Context, Hono, MiddlewareHandler } from "hono";
import { SANDBOX_OAUTH_CLIENTS } from "../oauth/clients";
import { escapeHtml, page } from "../oauth/pages";
import { OAuthProblem, OAuthServer, collectParams, type RequestToken } from "./oauth1";
import type { KeyAccess, ZoteroState, ZoteroUser } from "./state";

const PREFIX = "/zotero-web";
export const SESSION_COOKIE = "zotero_sandbox_session";

function html(c: Context, body: string, status = 200): Response {
  return c.body(body, status as 200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
}

function formEncoded(c: Context, fields: Record<string, string>, status = 200): Response {
  return c.body(new URLSearchParams(fields).toString(), status as 200, { "Content-Type": "application/x-www-form-urlencoded; charset=utf-8", "Cache-Control": "no-store" });
}

function problem(c: Context, error: OAuthProblem): Response {
  c.header("WWW-Authenticate", 'OAuth realm="Zotero"');
  return formEncoded(c, { oauth_problem: error.problem, ...error.extra }, error.status);
}

function sessionUser(c: Context, state: ZoteroState): ZoteroUser | undefined {
  const cookie = c.req.header("cookie") ?? "";
  const match = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([A-Za-z0-9]+)`).exec(cookie);
  const userID = match ? state.sessions.get(match[1]!) : undefined;
  return userID === undefined ? undefined : state.user(userID);
}

function signIn(c: Context, state: ZoteroState, username: string): ZoteroUser {
  const user = state.userNamed(username);
  const session = randomBytes(16).toString("hex");
  state.sessions.set(session, user.userID);
  c.header("Set-Cookie", `${SESSION_COOKIE}=${session}; Path=${PREFIX}; HttpOnly; SameSite=Lax`);
  return user;
}

/** Sandbox usernames: what zotero.org allows (letters, digits, ".", "_", "-"), 1-40 characters. */
function usernameProblem(username: string): string | undefined {
  if (!username) return "Enter a username.";
  if (!/^[A-Za-z0-9._-]{1,40}$/.test(username)) return "A username has 1-40 letters, digits, dots, dashes or underscores.";
  return undefined;
}

function checkbox(name: string, label: string, checked: boolean): string {
  return `<div class="check"><input type="checkbox" id="${name}" name="${name}" value="1"${checked ? " checked" : ""}><label for="${name}">${escapeHtml(label)}</label></div>`;
}

function groupsSelect(value: KeyAccess["groups"]): string {
  const option = (option: string, label: string) => `<option value="${option}"${option === value ? " selected" : ""}>${label}</option>`;
  return `<label for="all_groups">Default group permissions</label><select id="all_groups" name="all_groups">${option("none", "None")}${option("read", "Read only")}${option("write", "Read/Write")}</select>`;
}

function signInFields(user: ZoteroUser | undefined, username: string): string {
  if (user) return `<p>Signed in as <strong>${escapeHtml(user.username)}</strong>.</p><input type="hidden" name="username" value="${escapeHtml(user.username)}">`;
  return `<label for="username">Username</label>
<input type="text" id="username" name="username" value="${escapeHtml(username)}" autocomplete="username" required autofocus>
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password">`;
}

function permissionFields(access: KeyAccess): string {
  return `${checkbox("library_access", "Allow library access", access.library)}
${checkbox("notes_access", "Allow notes access", access.notes)}
${checkbox("write_access", "Allow write access", access.write)}
${groupsSelect(access.groups)}`;
}

/** Key permissions from the request's parameters, as zotero.org pre-fills its form. */
function accessFromQuery(params: URLSearchParams): KeyAccess {
  const flag = (name: string, fallback: boolean) => (params.has(name) ? params.get(name) === "1" : fallback);
  const groups = params.get("all_groups");
  return { library: flag("library_access", true), notes: flag("notes_access", false), write: flag("write_access", false), groups: groups === "read" || groups === "write" ? groups : "none" };
}

/** Key permissions from a submitted form (unticked boxes are absent). */
function accessFromForm(form: URLSearchParams): KeyAccess {
  const groups = form.get("all_groups");
  return { library: form.get("library_access") === "1", notes: form.get("notes_access") === "1", write: form.get("write_access") === "1", groups: groups === "read" || groups === "write" ? groups : "none" };
}

function withParams(target: string, params: Record<string, string>): string {
  const url = new URL(target);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

function authorizePage(options: { action: string; token: RequestToken; user?: ZoteroUser; username: string; access: KeyAccess; name: string; identity: boolean; error?: string }): string {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : "";
  const what = options.identity ? "would like to know who you are on Zotero (no key is created)." : "would like to access your Zotero library.";
  return page(
    "Authorize Application - Sandbox Zotero",
    `<h1>Sandbox Zotero</h1>
<p><strong>${escapeHtml(options.name || options.token.consumerKey)}</strong> ${what}</p>
${error}
<!-- Accept comes first so that Enter in a field submits it (the form's default button). -->
<form method="post" action="${escapeHtml(options.action)}">
${signInFields(options.user, options.username)}
${options.identity ? "" : permissionFields(options.access)}
<input type="hidden" name="name" value="${escapeHtml(options.name)}">
<div class="actions">
<button type="submit" name="decision" value="allow">Accept</button>
<button type="submit" name="decision" value="deny" formnovalidate>Cancel</button>
</div>
</form>`,
  );
}

function keyFormPage(options: { user?: ZoteroUser; username: string; name: string; access: KeyAccess; error?: string }): string {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : "";
  return page(
    "New Private Key - Sandbox Zotero",
    `<h1>Create a new private key</h1>
<p>Sandbox Zotero: a key lets an application use your library through the API.</p>
${error}
<form method="post" action="${PREFIX}/settings/keys/new">
${signInFields(options.user, options.username)}
<label for="name">Key description</label>
<input type="text" id="name" name="name" value="${escapeHtml(options.name)}">
${permissionFields(options.access)}
<div class="actions"><button type="submit" name="decision" value="allow">Save Key</button></div>
</form>`,
  );
}

export function registerZoteroWeb(app: Hono, route: MiddlewareHandler, state: ZoteroState): void {
  const server = new OAuthServer(SANDBOX_OAUTH_CLIENTS.zotero.map((client) => ({ key: client.clientId, secret: client.clientSecret })));
  state.resetHooks.push(() => server.clear());

  /** The request's signed parameters (a form body is part of them). */
  const signedRequest = async (c: Context) => {
    const type = c.req.header("content-type") ?? "";
    const body = c.req.method === "POST" && type.startsWith("application/x-www-form-urlencoded") ? await c.req.text() : undefined;
    return collectParams(c.req.header("authorization"), new URL(c.req.url), body);
  };

  // Temporary credentials.
  app.on(["GET", "POST"], `${PREFIX}/oauth/request`, route, async (c) => {
    try {
      const signed = await signedRequest(c);
      const { consumer } = server.verify(c.req.method, new URL(c.req.url), signed, { token: false, required: ["oauth_callback"] });
      const callback = signed.protocol.get("oauth_callback")!;
      if (callback !== "oob") {
        try {
          const parsed = new URL(callback);
          if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error("scheme");
        } catch {
          throw new OAuthProblem(400, "parameter_rejected", { oauth_parameters_rejected: "oauth_callback" });
        }
      }
      const token = server.issueRequestToken(consumer, callback);
      return formEncoded(c, { oauth_token: token.token, oauth_token_secret: token.secret, oauth_callback_confirmed: "true" });
    } catch (error) {
      if (error instanceof OAuthProblem) return problem(c, error);
      throw error;
    }
  });

  // The user's authorization: sign in and Accept (or Cancel).
  const authorizeAction = (c: Context) => {
    const url = new URL(c.req.url);
    return `${url.pathname}${url.search}`;
  };
  const tokenPage = (c: Context) =>
    html(c, page("Invalid request - Sandbox Zotero", `<h1>Sandbox Zotero</h1><p class="error" role="alert">This authorization request is invalid or has expired. Return to the application and try again.</p>`), 400);

  app.get(`${PREFIX}/oauth/authorize`, route, (c) => {
    const params = new URL(c.req.url).searchParams;
    const token = server.requestToken(params.get("oauth_token"));
    if (!token || token.authorized) return tokenPage(c);
    const user = sessionUser(c, state);
    return html(c, authorizePage({ action: authorizeAction(c), token, user, username: "", access: accessFromQuery(params), name: params.get("name") ?? "", identity: params.get("identity") === "1" }));
  });

  app.post(`${PREFIX}/oauth/authorize`, route, async (c) => {
    const params = new URL(c.req.url).searchParams;
    const token = server.requestToken(params.get("oauth_token"));
    if (!token || token.authorized) return tokenPage(c);
    const form = new URLSearchParams(await c.req.text());
    const identity = params.get("identity") === "1";
    if (form.get("decision") === "deny") {
      server.consume(token);
      if (token.callback === "oob") return html(c, page("Access denied - Sandbox Zotero", `<h1>Sandbox Zotero</h1><p>You did not allow access. You can close this window.</p>`));
      return c.redirect(withParams(token.callback, { oauth_token: token.token, oauth_problem: "permission_denied" }), 302);
    }
    let user = sessionUser(c, state);
    const username = (form.get("username") ?? "").trim();
    if (!user || user.username !== username) {
      const invalid = usernameProblem(username);
      if (invalid) return html(c, authorizePage({ action: authorizeAction(c), token, username, access: accessFromForm(form), name: form.get("name") ?? "", identity, error: invalid }), 400);
      user = signIn(c, state, username);
    }
    const verifier = server.authorize(token, { userID: user.userID, access: accessFromForm(form), name: form.get("name") || token.consumerKey, identityOnly: identity });
    if (token.callback === "oob") {
      return html(c, page("Authorized - Sandbox Zotero", `<h1>Sandbox Zotero</h1><p>Enter this verification code in the application:</p><p><code id="oauth-verifier">${verifier}</code></p>`));
    }
    return c.redirect(withParams(token.callback, { oauth_token: token.token, oauth_verifier: verifier }), 302);
  });

  // Token credentials: the new API key.
  app.on(["GET", "POST"], `${PREFIX}/oauth/access`, route, async (c) => {
    try {
      const signed = await signedRequest(c);
      const { token } = server.verify(c.req.method, new URL(c.req.url), signed, { token: true, required: ["oauth_verifier"] });
      const grant = token!.authorized;
      if (!grant || grant.verifier !== signed.protocol.get("oauth_verifier")) throw new OAuthProblem(401, "verifier_invalid");
      server.consume(token!);
      const user = state.user(grant.userID)!;
      if (grant.identityOnly) return formEncoded(c, { oauth_token: "", oauth_token_secret: "", userID: String(user.userID), username: user.username });
      const key = state.createKey(user.userID, grant.name, grant.access);
      // zotero.org answers the key as both the token and its secret.
      return formEncoded(c, { oauth_token: key.key, oauth_token_secret: key.key, userID: String(user.userID), username: user.username });
    } catch (error) {
      if (error instanceof OAuthProblem) return problem(c, error);
      throw error;
    }
  });

  // The manual key page.
  app.get(`${PREFIX}/settings/keys/new`, route, (c) => {
    const params = new URL(c.req.url).searchParams;
    return html(c, keyFormPage({ user: sessionUser(c, state), username: "", name: params.get("name") ?? "", access: accessFromQuery(params) }));
  });

  app.post(`${PREFIX}/settings/keys/new`, route, async (c) => {
    const form = new URLSearchParams(await c.req.text());
    let user = sessionUser(c, state);
    const username = (form.get("username") ?? "").trim();
    const access = accessFromForm(form);
    const name = (form.get("name") ?? "").trim();
    if (!user || (username && user.username !== username)) {
      const invalid = usernameProblem(username);
      if (invalid) return html(c, keyFormPage({ username, name, access, error: invalid }), 400);
      user = signIn(c, state, username);
    }
    if (!name) return html(c, keyFormPage({ user, username, name, access, error: "Enter a key description." }), 400);
    const key = state.createKey(user.userID, name, access);
    return html(
      c,
      page(
        "Key Created - Sandbox Zotero",
        `<h1>Key Created</h1>
<p>Your new private key is:</p>
<p><code id="api-key">${key.key}</code></p>
<p>Your userID for use in API calls is <strong id="user-id">${user.userID}</strong> (username <strong>${escapeHtml(user.username)}</strong>).</p>
<p><a href="${PREFIX}/settings/keys">Your keys</a></p>`,
      ),
      201,
    );
  });

  app.get(`${PREFIX}/settings/keys`, route, (c) => {
    const user = sessionUser(c, state);
    if (!user) return c.redirect(`${PREFIX}/settings/keys/new`, 302);
    const rows = state
      .keysOf(user.userID)
      .map(
        (key) =>
          `<li><strong>${escapeHtml(key.name)}</strong> <code>${key.key.slice(0, 4)}…</code><form method="post" action="${PREFIX}/settings/keys/${key.key}/revoke"><button type="submit">Revoke</button></form></li>`,
      )
      .join("");
    return html(c, page("Keys - Sandbox Zotero", `<h1>Your private keys</h1><p>Signed in as <strong>${escapeHtml(user.username)}</strong>.</p><ul>${rows || "<li>No keys yet.</li>"}</ul><p><a href="${PREFIX}/settings/keys/new">Create new private key</a></p>`));
  });

  app.post(`${PREFIX}/settings/keys/:key/revoke`, route, (c) => {
    const user = sessionUser(c, state);
    const key = state.key(c.req.param("key"));
    if (!user || !key || key.userID !== user.userID) return html(c, page("Not found - Sandbox Zotero", `<h1>Sandbox Zotero</h1><p class="error" role="alert">No such key.</p>`), 404);
    state.revokeKey(key.key);
    return c.redirect(`${PREFIX}/settings/keys`, 302);
  });
}
