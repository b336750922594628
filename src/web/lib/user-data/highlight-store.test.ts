// @vitest-environment jsdom
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import type { Highlight, HighlightInput } from "@/shared/highlights";
import { mswServer } from "@/test/unit-setup";
import { createDeviceHighlightStore, createServerHighlightStore, newHighlight } from "@/web/lib/user-data/highlight-store";
import { ARXIV_ID_SPELLINGS } from "@/shared/paper-id.fixtures";

const input = (paperId = "2401.12345"): HighlightInput => ({
  paperId,
  pageNumber: 2,
  rects: [
    { x: 0.1, y: 0.2, width: 0.5, height: 0.02 },
    { x: 0.1, y: 0.23, width: 0.3, height: 0.02 },
  ],
  color: "#FFFF00",
  text: "selected words",
});

/** A fake /api/me/highlights that can drop off the network. */
function fakeServer() {
  const state = { offline: false, rows: new Map<string, Highlight>(), puts: 0 };
  mswServer.use(
    http.get("*/api/me/highlights", ({ request }) => {
      if (state.offline) return HttpResponse.error();
      const paperId = new URL(request.url).searchParams.get("paperId");
      return HttpResponse.json({ highlights: [...state.rows.values()].filter((row) => row.paperId === paperId) });
    }),
    http.put("*/api/me/highlights/:id", async ({ params, request }) => {
      if (state.offline) return HttpResponse.error();
      state.puts += 1;
      const body = (await request.json()) as HighlightInput;
      const row = { ...body, id: String(params.id), coordinates: body.rects[0]!, createdAt: "", updatedAt: "" };
      state.rows.set(row.id, row);
      return HttpResponse.json({ highlight: row });
    }),
    http.patch("*/api/me/highlights/:id", async ({ params, request }) => {
      if (state.offline) return HttpResponse.error();
      const row = state.rows.get(String(params.id));
      if (!row) return HttpResponse.json({ error: { code: "not_found", message: "No such highlight." } }, { status: 404 });
      row.color = ((await request.json()) as { color: Highlight["color"] }).color;
      return HttpResponse.json({ highlight: row });
    }),
    http.delete("*/api/me/highlights/:id", ({ params }) => {
      if (state.offline) return HttpResponse.error();
      state.rows.delete(String(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return state;
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

beforeEach(() => localStorage.clear());

describe("device highlights", () => {
  it("keeps highlights per paper across store instances, with their bounding box", async () => {
    const store = createDeviceHighlightStore();
    const saved = await store.add(input());
    expect(saved.coordinates.x).toBeCloseTo(0.1);
    expect(saved.coordinates.y).toBeCloseTo(0.2);
    expect(saved.coordinates.width).toBeCloseTo(0.5);
    expect(saved.coordinates.height).toBeCloseTo(0.05);
    await store.recolor("2401.12345", saved.id, "#ADD8E6");
    const again = createDeviceHighlightStore();
    expect(again.getSnapshot("2401.12345")).toMatchObject([{ id: saved.id, color: "#ADD8E6", pageNumber: 2 }]);
    expect(again.getSnapshot("other")).toEqual([]);
    await again.remove("2401.12345", saved.id);
    expect(createDeviceHighlightStore().getSnapshot("2401.12345")).toEqual([]);
  });

  it("hands out the same array until something changes (for useSyncExternalStore)", async () => {
    const store = createDeviceHighlightStore();
    expect(store.getSnapshot("p")).toBe(store.getSnapshot("p"));
    await store.add(input("p"));
    expect(store.getSnapshot("p")).toBe(store.getSnapshot("p"));
  });

  it("files every spelling of a paper id under one paper, the server's rule", async () => {
    const store = createDeviceHighlightStore();
    for (const spelling of ARXIV_ID_SPELLINGS) await store.add(input(spelling));
    const stored = JSON.parse(localStorage.getItem("highlights")!);
    expect(Object.keys(stored)).toEqual(["2401.12345"]);
    for (const spelling of ARXIV_ID_SPELLINGS) expect(store.getSnapshot(spelling)).toHaveLength(ARXIV_ID_SPELLINGS.length);
    const [first] = store.getSnapshot("2401.12345");
    await store.remove("https://arxiv.org/abs/2401.12345v1", first!.id);
    expect(store.getSnapshot("2401.12345")).toHaveLength(ARXIV_ID_SPELLINGS.length - 1);
  });

  it("files highlights kept under older spellings under the canonical id at load, each kept", async () => {
    const old = (paperId: string, id: string): Highlight => ({ ...newHighlight(input(paperId)), id });
    localStorage.setItem(
      "highlights",
      JSON.stringify({ "2401.12345v1": [old("2401.12345v1", "a"), old("2401.12345v1", "b")], "2401.12345": [old("2401.12345", "c")], "arXiv:2401.12345v2": [old("arXiv:2401.12345v2", "d")] }),
    );
    const store = createDeviceHighlightStore();
    expect(store.getSnapshot("2401.12345").map((h) => [h.paperId, h.id]).sort()).toEqual([
      ["2401.12345", "a"],
      ["2401.12345", "b"],
      ["2401.12345", "c"],
      ["2401.12345", "d"],
    ]);
    // Stored so at once: the move happens once.
    expect(Object.keys(JSON.parse(localStorage.getItem("highlights")!))).toEqual(["2401.12345"]);
  });
});

describe("server highlights", () => {
  it("saves to the server and loads what is there", async () => {
    const server = fakeServer();
    const store = createServerHighlightStore({ userId: "u1" });
    const saved = await store.add(input());
    await until(() => server.rows.has(saved.id) && store.pendingCount() === 0);
    const other = createServerHighlightStore({ userId: "u1" });
    other.load("2401.12345");
    await until(() => other.getSnapshot("2401.12345").length === 1);
    store.dispose?.();
    other.dispose?.();
  });

  it("does not lose a highlight made offline: it shows at once, survives a reload and is sent once back online", async () => {
    const server = fakeServer();
    server.offline = true;
    const store = createServerHighlightStore({ userId: "u2" });
    const saved = await store.add(input());
    expect(store.getSnapshot("2401.12345").map((h) => h.id)).toEqual([saved.id]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.pendingCount()).toBe(1);
    expect(server.rows.size).toBe(0);
    store.dispose?.();

    // A reload while still offline: the outbox on the device brings the highlight back.
    const reloaded = createServerHighlightStore({ userId: "u2" });
    reloaded.load("2401.12345");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reloaded.getSnapshot("2401.12345").map((h) => h.id)).toEqual([saved.id]);

    server.offline = false;
    window.dispatchEvent(new Event("online"));
    await until(() => server.rows.has(saved.id) && reloaded.pendingCount() === 0);
    expect(server.puts).toBe(1);
    // Another user's outbox is separate.
    expect(createServerHighlightStore({ userId: "someone-else" }).pendingCount()).toBe(0);
    reloaded.dispose?.();
  });

  it("sends recolours and removals in order after the save they follow", async () => {
    const server = fakeServer();
    server.offline = true;
    const store = createServerHighlightStore({ userId: "u3" });
    const first = await store.add(input());
    const second = await store.add(input());
    await store.recolor("2401.12345", first.id, "#FFB6C1");
    await store.remove("2401.12345", second.id);
    expect(store.getSnapshot("2401.12345")).toMatchObject([{ id: first.id, color: "#FFB6C1" }]);
    server.offline = false;
    window.dispatchEvent(new Event("online"));
    await until(() => store.pendingCount() === 0);
    expect([...server.rows.values()]).toMatchObject([{ id: first.id, color: "#FFB6C1" }]);
    store.dispose?.();
  });
});
