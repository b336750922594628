/**
 * A short memory of the sessions this server has just read. better-auth reads the session
 * (the signed cookie checked, then the session and user rows) on every signed-in API call, and
 * that read is most of what a signed-in call costs beyond its own work: a page that opens fires
 * several calls at once, and the plain-language parse pays it on each model call. Within
 * SESSION_MEMO_TTL_MS of a read, the same cookie or bearer token is answered from memory.
 *
 * What could make a remembered session wrong goes through better-auth's own endpoints (sign-out,
 * revoking sessions, changing the password or e-mail, deleting the account, verifying the
 * e-mail), so every call to /api/auth/* other than get-session forgets everything (`forget`),
 * and a read that started before a forget is not kept. One server owns its database (the
 * instance lock), so no other process changes the rows behind its back; a session that
 * expires is not kept past its expiry.
 */

export const SESSION_MEMO_TTL_MS = 5_000;
const SESSION_MEMO_MAX = 2_000;

type SessionApi = {
  getSession: (context: { headers: Headers; returnHeaders?: boolean }) => Promise<unknown>;
};

type Remembered = { until: number; session: unknown };

/** The request's credentials: the cookie and the bearer token (nothing else decides the session). */
function credentialKey(headers: Headers): string | null {
  const cookie = headers.get("cookie") ?? "";
  const authorization = headers.get("authorization") ?? "";
  return cookie || authorization ? `${cookie}\n${authorization}` : null;
}

function expiryOf(session: unknown): number {
  const expiresAt = (session as { session?: { expiresAt?: unknown } } | null)?.session?.expiresAt;
  const time = expiresAt instanceof Date ? expiresAt.getTime() : typeof expiresAt === "string" ? Date.parse(expiresAt) : Number.NaN;
  return Number.isFinite(time) ? time : Number.POSITIVE_INFINITY;
}

/**
 * `auth` with a getSession that remembers, and `forgetSessions` for the auth handler to call.
 * Calls with other options (a query, say) go to better-auth as they are.
 */
export function withSessionMemo<A extends { api: SessionApi }>(auth: A, options: { now?: () => number } = {}): A & { forgetSessions(): void } {
  const now = options.now ?? Date.now;
  const remembered = new Map<string, Remembered>();
  let generation = 0;
  const original = auth.api.getSession.bind(auth.api);

  async function getSession(context: { headers: Headers; returnHeaders?: boolean; [option: string]: unknown }): Promise<unknown> {
    const { headers, returnHeaders, ...rest } = context;
    const key = Object.keys(rest).length === 0 ? credentialKey(headers) : null;
    if (!key) return original(context);
    const at = now();
    const hit = remembered.get(key);
    if (hit && hit.until > at) return returnHeaders ? { headers: new Headers(), response: hit.session } : hit.session;
    if (hit) remembered.delete(key);
    const startedIn = generation;
    const result = await original({ headers, returnHeaders: true });
    const { response } = result as { headers: Headers; response: unknown };
    if (startedIn === generation) {
      if (remembered.size >= SESSION_MEMO_MAX) remembered.delete(remembered.keys().next().value!);
      remembered.set(key, { until: Math.min(at + SESSION_MEMO_TTL_MS, expiryOf(response)), session: response });
    }
    return returnHeaders ? result : response;
  }

  const api = { ...auth.api, getSession } as A["api"];
  return {
    ...auth,
    api,
    forgetSessions() {
      generation += 1;
      remembered.clear();
    },
  };
}
