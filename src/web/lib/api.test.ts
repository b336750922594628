// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { mswServer } from "@/test/unit-setup";
import { api, ApiError, apiFetch, CLIENT_ERROR_CODES } from "@/web/lib/api";

const url = (path: string) => new URL(path, window.location.origin).toString();

describe("apiFetch", () => {
  it("returns parsed JSON for a successful reply", async () => {
    mswServer.use(http.get(url("/api/health"), () => HttpResponse.json({ ok: true })));
    await expect(apiFetch<{ ok: boolean }>("/api/health")).resolves.toEqual({ ok: true });
  });

  it("prefixes /api and encodes query parameters, repeating arrays", async () => {
    let seen = "";
    mswServer.use(
      http.get(url("/api/search"), ({ request }) => {
        seen = new URL(request.url).search;
        return HttpResponse.json([]);
      }),
    );
    await api.get("search", { query: { q: "au:smith", authors: ["A", "B"], page: 0, skip: undefined } });
    expect(seen).toBe("?q=au%3Asmith&authors=A&authors=B&page=0");
  });

  it("sends plain values as JSON", async () => {
    let body: unknown = null;
    let contentType: string | null = null;
    mswServer.use(
      http.post(url("/api/me/bookmarks"), async ({ request }) => {
        contentType = request.headers.get("content-type");
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await expect(api.post("/api/me/bookmarks", { paperId: "2401.00001" })).resolves.toBeUndefined();
    expect(contentType).toBe("application/json");
    expect(body).toEqual({ paperId: "2401.00001" });
  });

  it("turns the server's error envelope into an ApiError with code, message and status", async () => {
    mswServer.use(
      http.get(url("/api/me/profile"), () =>
        HttpResponse.json({ error: { code: "unauthorized", message: "Sign in required" } }, { status: 401 }),
      ),
    );
    const error = await apiFetch("/api/me/profile").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "unauthorized", message: "Sign in required", status: 401 });
  });

  it("falls back to the status line when the error body is not an envelope", async () => {
    mswServer.use(
      http.get(url("/api/arxiv"), () => new HttpResponse("<html>Bad gateway</html>", { status: 502 })),
    );
    await expect(apiFetch("/api/arxiv")).rejects.toMatchObject({
      code: CLIENT_ERROR_CODES.http,
      status: 502,
      message: expect.stringMatching(/^HTTP 502/),
    });
  });

  it("reports a network failure as status 0", async () => {
    mswServer.use(http.get(url("/api/crossref"), () => HttpResponse.error()));
    await expect(apiFetch("/api/crossref")).rejects.toMatchObject({
      code: CLIENT_ERROR_CODES.network,
      message: "Network error",
      status: 0,
    });
  });
});
