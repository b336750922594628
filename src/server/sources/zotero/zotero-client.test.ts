import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { createLogger } from "@/server/logger";
import { mswServer } from "@/test/unit-setup";
import { createZoteroApi } from "./zotero-api";
import { createZoteroClient, ZoteroApiError } from "./zotero-client";

const API = "https://zotero.test";
const logger = createLogger("silent");
const client = () => createZoteroClient({ apiUrl: API, userAgent: "Quire/test", logger, fetch: (input, init) => fetch(input, init), backoffBaseMs: 5 });
const access = { apiKey: "KEY123", userId: "42" };
const item = (key: string) => ({ key, version: 3, data: { key, version: 3, itemType: "preprint", title: `Paper ${key}` } });

describe("Zotero client", () => {
  it("sends the API version and the key as a bearer token, and reads the paging headers", async () => {
    let seen: Request | undefined;
    mswServer.use(
      http.get(`${API}/users/42/items/top`, ({ request }) => {
        seen = request;
        return HttpResponse.json([item("AAAA2222")], { headers: { "Total-Results": "1234", "Last-Modified-Version": "77" } });
      }),
    );
    const page = await createZoteroApi(client()).items(access, { top: true, start: 100, limit: 500, itemType: "-attachment" });
    expect(seen?.headers.get("zotero-api-version")).toBe("3");
    expect(seen?.headers.get("authorization")).toBe("Bearer KEY123");
    const url = new URL(seen!.url);
    // The API's largest page is 100.
    expect(url.searchParams.get("limit")).toBe("100");
    expect(url.searchParams.get("start")).toBe("100");
    expect(url.searchParams.get("itemType")).toBe("-attachment");
    expect(page).toMatchObject({ totalResults: 1234, libraryVersion: 77, malformed: 0 });
    expect(page.items[0]!.key).toBe("AAAA2222");
  });

  it("answers 304 as not modified", async () => {
    mswServer.use(http.get(`${API}/users/42/items/top`, ({ request }) => (request.headers.get("if-modified-since-version") === "77" ? new HttpResponse(null, { status: 304 }) : HttpResponse.json([]))));
    const page = await createZoteroApi(client()).items(access, { top: true, ifModifiedSince: 77 });
    expect(page.notModified).toBe(true);
  });

  it("waits out Retry-After on a 429 and then succeeds", async () => {
    let calls = 0;
    const times: number[] = [];
    mswServer.use(
      http.get(`${API}/users/42/items`, () => {
        calls += 1;
        times.push(Date.now());
        return calls === 1 ? new HttpResponse("Too many requests", { status: 429, headers: { "Retry-After": "1" } }) : HttpResponse.json([item("BBBB2222")]);
      }),
    );
    const page = await createZoteroApi(client()).items(access);
    expect(calls).toBe(2);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(950);
    expect(page.items).toHaveLength(1);
  });

  it("retries a burst of 5xx, and gives up with a server error after the attempts", async () => {
    let calls = 0;
    mswServer.use(
      http.get(`${API}/users/42/items`, () => {
        calls += 1;
        return calls <= 3 ? new HttpResponse("Service Unavailable", { status: 503 }) : HttpResponse.json([]);
      }),
    );
    await createZoteroApi(client()).items(access);
    expect(calls).toBe(4);

    mswServer.use(http.get(`${API}/users/42/items`, () => new HttpResponse("Bad Gateway", { status: 502 })));
    const error = await createZoteroApi(client()).items(access).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ZoteroApiError);
    expect(error).toMatchObject({ kind: "server", status: 502 });
  });

  it("does not retry a 412 (stale version) and says so", async () => {
    let calls = 0;
    mswServer.use(
      http.delete(`${API}/users/42/items/CCCC2222`, ({ request }) => {
        calls += 1;
        expect(request.headers.get("if-unmodified-since-version")).toBe("5");
        return new HttpResponse("Item has been modified since specified version (expected 5, found 6)", { status: 412 });
      }),
    );
    const error = await createZoteroApi(client()).deleteItem(access, "CCCC2222", 5).catch((caught: unknown) => caught);
    expect(calls).toBe(1);
    expect(error).toMatchObject({ kind: "precondition", status: 412 });
  });

  it("holds every later request back for the seconds of a Backoff header", async () => {
    let calls = 0;
    mswServer.use(
      http.get(`${API}/users/42/items`, () => {
        calls += 1;
        return HttpResponse.json([item("DDDD2222")], { headers: { Backoff: "30" } });
      }),
    );
    const zotero = client();
    const api = createZoteroApi(zotero);
    const started = Date.now();
    // The answer carrying Backoff is used as it is.
    expect((await api.items(access)).items).toHaveLength(1);
    expect(zotero.pausedUntil() - started).toBeGreaterThanOrEqual(29_000);
    // The next request waits: cancelled after 300 ms, it never reached Zotero.
    const error = await api.items(access, { signal: AbortSignal.timeout(300) }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: "cancelled" });
    expect(calls).toBe(1);
  });

  it("reports a revoked key as unauthorized and knows keys by /keys/{key}", async () => {
    mswServer.use(
      http.get(`${API}/keys/GOODKEY`, () => HttpResponse.json({ key: "GOODKEY", userID: 42, username: "ada", access: { user: { library: true, write: true } } })),
      http.get(`${API}/keys/BADKEY`, () => new HttpResponse("Key not found", { status: 404 })),
      http.get(`${API}/users/42/items`, () => new HttpResponse("Forbidden", { status: 403 })),
    );
    const api = createZoteroApi(client());
    expect(await api.keyInfo("GOODKEY")).toEqual({ userId: "42", username: "ada", canRead: true, canWrite: true });
    expect(await api.keyInfo("BADKEY")).toBeNull();
    await expect(api.validate(access)).rejects.toMatchObject({ kind: "unauthorized", status: 403 });
  });

  it("writes in batches of 50 with a write token each", async () => {
    const tokens: string[] = [];
    const sizes: number[] = [];
    mswServer.use(
      http.post(`${API}/users/42/items`, async ({ request }) => {
        tokens.push(request.headers.get("zotero-write-token") ?? "");
        const body = (await request.json()) as unknown[];
        sizes.push(body.length);
        const success = Object.fromEntries(body.map((_, i) => [String(i), `K${String(tokens.length).padStart(3, "0")}${String(i).padStart(4, "0")}`]));
        return HttpResponse.json({ successful: {}, success, unchanged: {}, failed: tokens.length === 3 ? { "0": { code: 400, message: "Invalid field" } } : {} });
      }),
    );
    const newItems = Array.from({ length: 120 }, (_, i) => ({ itemType: "preprint" as const, title: `T${i}`, creators: [], abstractNote: "", date: "", url: "", DOI: "", extra: "", libraryCatalog: "", tags: [], collections: [] }));
    const result = await createZoteroApi(client()).createItems(access, newItems);
    expect(sizes).toEqual([50, 50, 20]);
    expect(new Set(tokens).size).toBe(3);
    for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(result.failed.get(100)).toBe("Invalid field");
    expect(result.created.size).toBe(120);
  });
});
