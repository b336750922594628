/**
 * The sandbox's Zotero from a test, with plain `fetch` (Vitest and Playwright alike): make a
 * user with a library and a key, change the library server-side, revoke a key, break an item,
 * approve an OAuth request on the authorize page. The control calls are described in
 * sandbox/README.md ("Zotero").
 *
 * ```ts
 * const user = await createZoteroUser(sandboxUrl, { items: 1000 });
 * // user.userID, user.username, user.key: give them to the app (or connect through OAuth)
 * await changeZoteroLibrary(sandboxUrl, user.userID, { modify: 20, add: 10, delete: 20 });
 * ```
 */

export interface ZoteroUserOptions {
  /** Top-level items, 0 to 10,000 (default 2,500). */
  items?: number;
  /** Add attachments and notes as children (default true). */
  children?: boolean;
  /** Top-level items in the trash (default 0). */
  trashed?: number;
  /** Make the starter collections (default true). */
  collections?: boolean;
  username?: string;
  /** The key's permissions (default all). */
  access?: { library?: boolean; notes?: boolean; write?: boolean; groups?: "none" | "read" | "write" };
}

export interface CreatedZoteroUser {
  userID: number;
  username: string;
  key: string;
  libraryVersion: number;
  /** All items, children included. */
  items: number;
  topLevelItems: number;
  collections: number;
}

export interface LibraryChanges {
  /** Items to change (a count picked by the sandbox, or keys); their titles get " (revised N)" unless `fields` says what to set. */
  modify?: number | string[];
  fields?: Record<string, unknown>;
  /** New items from the corpus. */
  add?: number;
  /** Items to delete (with their children). */
  delete?: number | string[];
  /** Items to move to the trash. */
  trash?: number | string[];
}

export interface ChangeResult {
  libraryVersion: number;
  modified: string[];
  added: string[];
  deleted: string[];
  trashed: string[];
}

function base(sandboxUrl: string): string {
  return `${sandboxUrl.replace(/\/+$/, "")}/__control/zotero`;
}

async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, { method, headers: body === undefined ? {} : { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

export function createZoteroUser(sandboxUrl: string, options: ZoteroUserOptions = {}): Promise<CreatedZoteroUser> {
  return call("POST", `${base(sandboxUrl)}/users`, options);
}

export function changeZoteroLibrary(sandboxUrl: string, userID: number, changes: LibraryChanges): Promise<ChangeResult> {
  return call("POST", `${base(sandboxUrl)}/users/${userID}/changes`, changes);
}

export function revokeZoteroKey(sandboxUrl: string, key: string): Promise<{ ok: true }> {
  return call("DELETE", `${base(sandboxUrl)}/keys/${encodeURIComponent(key)}`);
}

/** "malformed": the item's JSON is served with wrong types; "creators": it gets `count` (500) authors. */
export function breakZoteroItem(sandboxUrl: string, userID: number, itemKey: string, fault: { kind: "malformed" } | { kind: "creators"; count?: number }): Promise<unknown> {
  return call("POST", `${base(sandboxUrl)}/users/${userID}/items/${itemKey}/fault`, fault);
}

/** Every API request waits `ms` first (the sync benchmark's pacing floor); 0 turns it off. */
export function setZoteroPacing(sandboxUrl: string, ms: number): Promise<unknown> {
  return call("PUT", `${base(sandboxUrl)}/pacing`, { ms });
}

export function setZoteroLoad(sandboxUrl: string, load: { backoff?: number | null; shed?: { status?: 429 | 503; retryAfter?: number; every?: number } | null }): Promise<unknown> {
  return call("PUT", `${base(sandboxUrl)}/load`, load);
}

export function resetZotero(sandboxUrl: string): Promise<unknown> {
  return call("POST", `${base(sandboxUrl)}/reset`);
}

/**
 * Opens an OAuth authorize URL (the sandbox's `/zotero-web/oauth/authorize?oauth_token=...`),
 * signs in as `username` and presses Accept (or Cancel); returns where zotero.org redirects:
 * the callback with `oauth_token` and `oauth_verifier` (or `oauth_problem`).
 */
export async function approveZoteroAuthorization(authorizeUrl: string | URL, input: { username: string; decision?: "allow" | "deny"; access?: { library?: boolean; notes?: boolean; write?: boolean } }): Promise<URL> {
  const page = await fetch(authorizeUrl, { redirect: "manual" });
  if (page.status !== 200) throw new Error(`The authorize page answered ${page.status}: ${(await page.text()).slice(0, 500)}`);
  const html = await page.text();
  const checked = (name: string) => new RegExp(`name="${name}" value="1" checked`).test(html);
  const form = new URLSearchParams({ username: input.username, password: "sandbox", decision: input.decision ?? "allow" });
  for (const [name, field] of [
    ["library_access", "library"],
    ["notes_access", "notes"],
    ["write_access", "write"],
  ] as const) {
    if (input.access?.[field] ?? checked(name)) form.set(name, "1");
  }
  const answer = await fetch(authorizeUrl, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form, redirect: "manual" });
  const location = answer.headers.get("location");
  if (answer.status !== 302 || !location) throw new Error(`The authorize form answered ${answer.status}: ${(await answer.text()).slice(0, 500)}`);
  return new URL(location, authorizeUrl);
}
