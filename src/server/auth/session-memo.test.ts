import { describe, expect, it } from "vitest";
import { SESSION_MEMO_TTL_MS, withSessionMemo } from "./session-memo";

/** A stand-in for better-auth's getSession: counts reads, answers what `current` says for the cookie. */
function fakeAuth() {
  const state = { reads: 0, current: new Map<string, { user: { id: string }; session: { expiresAt: Date } } | null>(), hold: null as Promise<void> | null };
  const auth = {
    handler: () => "handler",
    api: {
      async getSession({ headers, returnHeaders }: { headers: Headers; returnHeaders?: boolean }) {
        state.reads += 1;
        const answer = state.current.get(headers.get("cookie") ?? "") ?? null;
        if (state.hold) await state.hold;
        return returnHeaders ? { headers: new Headers({ "set-cookie": "refreshed=1" }), response: answer } : answer;
      },
      signOut: () => "other endpoints pass through",
    },
  };
  return { state, auth };
}

const withCookie = (cookie: string) => new Headers({ cookie });
const session = (id: string, expiresAt = new Date(Date.now() + 86_400_000)) => ({ user: { id }, session: { expiresAt } });

describe("the session memory", () => {
  it("reads a cookie's session once within the time to live, then again", async () => {
    const { state, auth } = fakeAuth();
    let now = 1_000;
    const memo = withSessionMemo(auth, { now: () => now });
    const alice = session("alice");
    state.current.set("a", alice);
    expect(await memo.api.getSession({ headers: withCookie("a") })).toBe(alice);
    expect(await memo.api.getSession({ headers: withCookie("a") })).toBe(alice);
    expect(state.reads).toBe(1);
    now += SESSION_MEMO_TTL_MS;
    await memo.api.getSession({ headers: withCookie("a") });
    expect(state.reads).toBe(2);
    expect(memo.api.signOut()).toBe("other endpoints pass through");
    expect(memo.handler()).toBe("handler");
  });

  it("keeps each cookie apart, and asks better-auth for a request with no credentials or other options", async () => {
    const { state, auth } = fakeAuth();
    const memo = withSessionMemo(auth);
    const [alice, bob] = [session("alice"), session("bob")];
    state.current.set("a", alice);
    state.current.set("b", bob);
    expect(await memo.api.getSession({ headers: withCookie("a") })).toBe(alice);
    expect(await memo.api.getSession({ headers: withCookie("b") })).toBe(bob);
    await memo.api.getSession({ headers: new Headers() });
    await memo.api.getSession({ headers: new Headers() });
    await (memo.api.getSession as (context: object) => Promise<unknown>)({ headers: withCookie("a"), query: { disableCookieCache: true } });
    expect(state.reads).toBe(5);
  });

  it("passes better-auth's refreshed cookies on the read that made them, and none on a remembered answer", async () => {
    const { state, auth } = fakeAuth();
    const memo = withSessionMemo(auth);
    const alice = session("alice");
    state.current.set("a", alice);
    const first = (await memo.api.getSession({ headers: withCookie("a"), returnHeaders: true })) as { headers: Headers; response: unknown };
    expect(first.headers.get("set-cookie")).toBe("refreshed=1");
    const second = (await memo.api.getSession({ headers: withCookie("a"), returnHeaders: true })) as { headers: Headers; response: unknown };
    expect(second.headers.get("set-cookie")).toBeNull();
    expect(second.response).toBe(alice);
  });

  it("forgets everything on forgetSessions, and does not keep a read that started before it", async () => {
    const { state, auth } = fakeAuth();
    const memo = withSessionMemo(auth);
    state.current.set("a", session("alice"));
    await memo.api.getSession({ headers: withCookie("a") });
    // Signed out: the next read must see it.
    state.current.set("a", null);
    memo.forgetSessions();
    expect(await memo.api.getSession({ headers: withCookie("a") })).toBeNull();

    // A read in flight while the session changes is answered, but not remembered.
    const alice = session("alice");
    state.current.set("a", alice);
    memo.forgetSessions();
    let release!: () => void;
    state.hold = new Promise((resolve) => (release = resolve));
    const inFlight = memo.api.getSession({ headers: withCookie("a") });
    memo.forgetSessions();
    state.current.set("a", null);
    release();
    state.hold = null;
    expect(await inFlight).toBe(alice);
    expect(await memo.api.getSession({ headers: withCookie("a") })).toBeNull();
  });

  it("never remembers a session past its expiry", async () => {
    const { state, auth } = fakeAuth();
    let now = Date.now();
    const memo = withSessionMemo(auth, { now: () => now });
    state.current.set("a", session("alice", new Date(now + 1_000)));
    await memo.api.getSession({ headers: withCookie("a") });
    now += 1_000;
    state.current.set("a", null);
    expect(await memo.api.getSession({ headers: withCookie("a") })).toBeNull();
  });
});
