import { http, HttpResponse, type HttpHandler } from "msw";
import { duplicateKeysOf } from "@/shared/library/duplicates";
import type { Highlight, HighlightInput } from "@/shared/highlights";
import {
  DEFAULT_EMAIL_PREFS,
  DEFAULT_SETTINGS,
  SEARCH_STATE_KEY,
  type ApiReadingHistoryEntry,
  type ApiSearchHistoryEntry,
  type CacheEntry,
  type Profile,
  type ServerBookmark,
  type Settings,
} from "@/shared/user-data";
import { setAuthSessionForTests } from "@/web/lib/auth-session";
import type { SessionUser } from "@/web/lib/user-data/user-data-session";

/**
 * An in-memory `/api/me/*` (the contract in src/shared/user-data.ts) and better-auth session
 * for unit tests, served through MSW: it records every request and can be told to fail a route.
 * Test-only: nothing in the app imports it.
 */

export type RecordedRequest = { method: string; path: string; body: unknown };

export type FakeMeState = {
  settings: Settings;
  profile: Profile;
  preferences: Record<string, unknown>;
  cache: Map<string, CacheEntry>;
  searches: ApiSearchHistoryEntry[];
  history: ApiReadingHistoryEntry[];
  bookmarks: ServerBookmark[];
  /** By id, as the server keys them. */
  highlights: Map<string, Highlight>;
};

export const TEST_USER: SessionUser = { id: "user-1", email: "ada@example.org", name: "Ada", role: "user", isSuperAdmin: false, emailVerified: true };

const origin = () => window.location.origin;

export function emptyServerProfile(): Profile {
  return {
    name: null,
    email: TEST_USER.email,
    affiliation: null,
    avatarUrl: null,
    socialLinks: {},
    researchCategories: [],
    researchInterests: [],
    authorIdentities: [],
    authorNames: [],
    excludeTerms: [],
    role: "user",
    isPublic: true,
    emailPreferences: { ...DEFAULT_EMAIL_PREFS },
    lastActiveAt: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  };
}

export function createFakeMeApi() {
  const state: FakeMeState = {
    settings: structuredClone(DEFAULT_SETTINGS),
    profile: emptyServerProfile(),
    preferences: {},
    cache: new Map(),
    searches: [],
    history: [],
    bookmarks: [],
    highlights: new Map(),
  };
  const requests: RecordedRequest[] = [];
  const failures: { method: string; path: RegExp; status: number }[] = [];

  const error = (status: number) => HttpResponse.json({ error: { code: status >= 500 ? "internal" : "bad_request", message: `Failed with ${status}` } }, { status });

  /** Records the request, then answers it with the planned failure or with `answer`. */
  const route = (
    method: "get" | "put" | "post" | "patch" | "delete",
    pattern: string,
    answer: (info: { body: unknown; segments: string[]; url: URL }) => Response | Promise<Response>,
  ): HttpHandler =>
    http[method](`${origin()}${pattern}`, async ({ request }) => {
      const url = new URL(request.url);
      const text = await request.text();
      const body = text ? (JSON.parse(text) as unknown) : undefined;
      // The server's router decodes each path segment once.
      const segments = url.pathname.split("/").slice(3).map(decodeURIComponent);
      requests.push({ method: request.method, path: url.pathname + url.search, body });
      const failure = failures.find((planned) => planned.method === request.method && planned.path.test(url.pathname));
      if (failure) return error(failure.status);
      return answer({ body, segments, url });
    });

  const handlers: HttpHandler[] = [
    route("get", "/api/me/settings", () => HttpResponse.json({ settings: state.settings })),
    route("put", "/api/me/settings", ({ body }) => {
      state.settings = { ...state.settings, ...(body as Partial<Settings>) };
      return HttpResponse.json({ settings: state.settings });
    }),
    route("get", "/api/me/profile", () => HttpResponse.json({ profile: state.profile })),
    route("put", "/api/me/profile", ({ body }) => {
      state.profile = { ...state.profile, ...(body as Partial<Profile>) };
      return HttpResponse.json({ profile: state.profile });
    }),
    route("get", "/api/me/preferences", () => HttpResponse.json({ preferences: state.preferences })),
    route("put", "/api/me/preferences", ({ body }) => {
      Object.assign(state.preferences, (body as { preferences: Record<string, unknown> }).preferences);
      return HttpResponse.json({ preferences: state.preferences });
    }),
    route("delete", "/api/me/preferences", () => {
      state.preferences = {};
      return new HttpResponse(null, { status: 204 });
    }),
    route("put", "/api/me/preferences/:key", ({ body, segments }) => {
      const key = segments[1]!;
      const value = (body as { value: unknown }).value;
      const current = state.preferences[key];
      const isObject = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);
      state.preferences[key] = key === SEARCH_STATE_KEY && isObject(current) && isObject(value) ? { ...(current as object), ...(value as object) } : value;
      return HttpResponse.json({ key, value: state.preferences[key], updatedAt: new Date().toISOString() });
    }),
    route("delete", "/api/me/preferences/:key", ({ segments }) => {
      delete state.preferences[segments[1]!];
      return new HttpResponse(null, { status: 204 });
    }),
    route("get", "/api/me/cache", () => HttpResponse.json({ keys: [...state.cache.keys()] })),
    route("delete", "/api/me/cache", () => {
      const removed = state.cache.size;
      state.cache.clear();
      return HttpResponse.json({ removed });
    }),
    route("get", "/api/me/cache/:key", ({ segments }) => {
      const entry = state.cache.get(segments[1]!);
      return HttpResponse.json(entry ?? null);
    }),
    route("put", "/api/me/cache/:key", ({ body, segments }) => {
      const { data, ttlSeconds } = body as { data: unknown; ttlSeconds?: number };
      const now = new Date().toISOString();
      const entry: CacheEntry = {
        key: segments[1]!,
        data,
        expiresAt: ttlSeconds ? new Date(Date.now() + ttlSeconds * 1000).toISOString() : null,
        cachedAt: now,
        accessCount: 0,
        lastAccessed: now,
      };
      state.cache.set(entry.key, entry);
      return HttpResponse.json(entry);
    }),
    route("delete", "/api/me/cache/:key", ({ segments }) => {
      state.cache.delete(segments[1]!);
      return new HttpResponse(null, { status: 204 });
    }),
    route("get", "/api/me/search-history", () => HttpResponse.json({ searches: state.searches, lastUpdated: state.searches[0]?.timestamp ?? 0 })),
    route("post", "/api/me/search-history", ({ body }) => {
      const entries = (body as { entries: ApiSearchHistoryEntry[] }).entries;
      const seen = new Set(state.searches.map((entry) => entry.timestamp));
      state.searches = [...state.searches, ...entries.filter((entry) => !seen.has(entry.timestamp))].sort((a, b) => b.timestamp - a.timestamp).slice(0, 10);
      return HttpResponse.json({ searches: state.searches, lastUpdated: state.searches[0]?.timestamp ?? 0 });
    }),
    route("delete", "/api/me/search-history", () => {
      state.searches = [];
      return new HttpResponse(null, { status: 204 });
    }),
    route("get", "/api/me/history", () => HttpResponse.json({ entries: state.history, total: state.history.length })),
    route("post", "/api/me/history", ({ body }) => {
      const { paper, viewType } = body as { paper: ApiReadingHistoryEntry["paperData"]; viewType: ApiReadingHistoryEntry["viewType"] };
      const entry: ApiReadingHistoryEntry = { id: `h${state.history.length + 1}`, paperId: paper.id, paperData: paper, viewType, readAt: new Date().toISOString() };
      state.history = [entry, ...state.history];
      return HttpResponse.json({ entry });
    }),
    route("post", "/api/me/history/import", ({ body }) => {
      const entries = (body as { entries: ApiReadingHistoryEntry[] }).entries;
      state.history = [...entries.map((entry, index) => ({ ...entry, id: `imported-${index}` })), ...state.history];
      return HttpResponse.json({ imported: entries.length });
    }),
    route("get", "/api/me/bookmarks", ({ url }) => {
      const collection = url.searchParams.get("collection");
      const matching = state.bookmarks.filter((bookmark) => !collection || bookmark.tags.includes(collection));
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const limit = url.searchParams.get("limit");
      const bookmarks = limit === null ? matching.slice(offset) : matching.slice(offset, offset + Number(limit));
      return HttpResponse.json({ bookmarks, total: matching.length });
    }),
    route("get", "/api/me/bookmarks/ids", () =>
      HttpResponse.json({
        ids: state.bookmarks.map((bookmark) => bookmark.paperId),
        collections: Object.fromEntries(state.bookmarks.filter((bookmark) => bookmark.tags.length > 0).map((bookmark) => [bookmark.paperId, bookmark.tags])),
      }),
    ),
    route("get", "/api/me/bookmarks/duplicate-keys", () => HttpResponse.json({ keys: state.bookmarks.map((bookmark) => duplicateKeysOf(bookmark.paperData)) })),
    route("patch", "/api/me/bookmarks/:paperId", ({ body, segments }) => {
      const existing = state.bookmarks.find((bookmark) => bookmark.paperId === segments[1]);
      if (!existing) return HttpResponse.json({ error: { code: "not_found", message: "Bookmark not found." } }, { status: 404 });
      const bookmark = { ...existing, tags: (body as { tags: string[] }).tags };
      state.bookmarks = state.bookmarks.map((other) => (other === existing ? bookmark : other));
      return HttpResponse.json({ bookmark });
    }),
    route("put", "/api/me/bookmarks/:paperId", ({ body, segments }) => {
      const { paper, tags, bookmarkedAt } = body as { paper: ServerBookmark["paperData"]; tags?: string[]; bookmarkedAt?: string };
      const bookmark: ServerBookmark = {
        id: `b-${segments[1]}`,
        paperId: segments[1]!,
        paperData: paper,
        notes: null,
        tags: tags ?? [],
        bookmarkedAt: bookmarkedAt ?? new Date().toISOString(),
      };
      state.bookmarks = [bookmark, ...state.bookmarks.filter((existing) => existing.paperId !== bookmark.paperId)];
      return HttpResponse.json({ bookmark });
    }),
    route("delete", "/api/me/bookmarks/:paperId", ({ segments }) => {
      state.bookmarks = state.bookmarks.filter((bookmark) => bookmark.paperId !== segments[1]);
      return new HttpResponse(null, { status: 204 });
    }),
    route("delete", "/api/me/bookmarks", () => {
      state.bookmarks = [];
      return new HttpResponse(null, { status: 204 });
    }),
    route("put", "/api/me/highlights/:id", ({ body, segments }) => {
      const input = body as HighlightInput;
      const stamp = new Date().toISOString();
      const { x, y, width, height } = input.rects[0]!;
      const highlight: Highlight = { ...input, id: segments[1]!, coordinates: { x, y, width, height }, createdAt: stamp, updatedAt: stamp };
      state.highlights.set(highlight.id, highlight);
      return HttpResponse.json({ highlight });
    }),
    route("get", "/api/me/export", () =>
      HttpResponse.json({
        exported_at: new Date().toISOString(),
        user_id: TEST_USER.id,
        data: {
          profile: state.profile,
          bookmarks: state.bookmarks,
          cache: [...state.cache.values()],
          settings: state.settings,
          preferences: state.preferences,
          searchHistory: { searches: state.searches, lastUpdated: 0 },
          readingHistory: state.history,
          notes: [],
          highlights: [...state.highlights.values()],
        },
      }),
    ),
  ];

  return {
    state,
    requests,
    handlers,
    /** Requests other than reads, as "METHOD path". */
    writes: () => requests.filter((request) => request.method !== "GET").map((request) => `${request.method} ${request.path}`),
    /** Makes matching requests fail with `status` until `heal()`. */
    fail(method: string, path: RegExp, status = 500) {
      failures.push({ method, path, status });
    },
    heal() {
      failures.length = 0;
    },
  };
}

/** better-auth's session endpoints answering for `user` (or nobody), and the session atom set to match. */
export function sessionHandlers(user: SessionUser | null): HttpHandler[] {
  const session = user
    ? { session: { id: "s1", userId: user.id, expiresAt: new Date(Date.now() + 86_400_000).toISOString(), token: "t" }, user }
    : null;
  return [
    http.get(`${origin()}/api/auth/get-session`, () => HttpResponse.json(session)),
    http.post(`${origin()}/api/auth/sign-out`, () => HttpResponse.json({ success: true })),
  ];
}

/** Puts the app's session straight into a known state (as if get-session had answered). */
export function setSessionAtom(user: SessionUser | null, isPending = false): void {
  const session = user ? { session: { id: "s1", userId: user.id, expiresAt: new Date(Date.now() + 86_400_000), token: "t" }, user } : null;
  setAuthSessionForTests({ data: session, isPending });
}
