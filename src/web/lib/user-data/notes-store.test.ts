// @vitest-environment jsdom
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mswServer } from "@/test/unit-setup";
import { createDeviceNotesStore, DEVICE_NOTES_KEY, migrateDeviceNotes } from "./notes-store";
import { ARXIV_ID_SPELLINGS } from "@/shared/paper-id.fixtures";
import { MERGED_NOTES_SEPARATOR } from "@/shared/paper-notes";

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe("device notes", () => {
  it("saves, replaces and reads a note per paper; blank text removes it", async () => {
    const store = createDeviceNotesStore(() => new Date("2026-01-02T03:04:05Z"));
    expect(await store.get("2401.00001")).toBeNull();
    await store.save("2401.00001", "first");
    await store.save("10.1000/x", "doi note");
    await store.save("2401.00001", "**second**");
    expect(await store.get("2401.00001")).toEqual({ paperId: "2401.00001", content: "**second**", updatedAt: "2026-01-02T03:04:05.000Z" });
    expect(store.list().map((note) => note.paperId).sort()).toEqual(["10.1000/x", "2401.00001"]);
    expect(await store.save("2401.00001", "  ")).toBeNull();
    expect(await store.get("2401.00001")).toBeNull();
  });

  it("reads a damaged entry as no notes", async () => {
    localStorage.setItem(DEVICE_NOTES_KEY, "[not json");
    expect(await createDeviceNotesStore().get("x")).toBeNull();
  });

  it("keeps one note for every spelling of a paper id, the server's rule", async () => {
    const store = createDeviceNotesStore();
    for (const [index, spelling] of ARXIV_ID_SPELLINGS.entries()) await store.save(spelling, `note ${index}`);
    expect(store.list().map((note) => note.paperId)).toEqual(["2401.12345"]);
    for (const spelling of ARXIV_ID_SPELLINGS) expect((await store.get(spelling))?.content).toBe("note 15");
  });

  it("finds a note kept under another spelling before, and moves it to the canonical id on save", async () => {
    localStorage.setItem(DEVICE_NOTES_KEY, JSON.stringify({ "arXiv:2401.12345v2": { content: "old", updatedAt: "2025-01-01T00:00:00.000Z" } }));
    const store = createDeviceNotesStore();
    expect((await store.get("arXiv:2401.12345v2"))?.content).toBe("old");
    await store.save("arXiv:2401.12345v2", "new");
    expect(store.list().map((note) => [note.paperId, note.content])).toEqual([["2401.12345", "new"]]);
  });

  it("files notes kept under older spellings under the canonical id, keeping both texts when they differ", async () => {
    localStorage.setItem(
      DEVICE_NOTES_KEY,
      JSON.stringify({
        "2401.12345v2": { content: "first draft", updatedAt: "2025-01-01T00:00:00.000Z" },
        "arXiv:2401.12345": { content: "second thoughts", updatedAt: "2025-01-03T00:00:00.000Z" },
        "2401.12345": { content: "second thoughts", updatedAt: "2025-01-02T00:00:00.000Z" },
        "10.1000/ABC": { content: "doi note", updatedAt: "2025-01-01T00:00:00.000Z" },
      }),
    );
    const store = createDeviceNotesStore();
    expect(store.list().map((note) => [note.paperId, note.content, note.updatedAt])).toEqual([
      ["2401.12345", `second thoughts${MERGED_NOTES_SEPARATOR}first draft`, "2025-01-03T00:00:00.000Z"],
      ["10.1000/abc", "doi note", "2025-01-01T00:00:00.000Z"],
    ]);
    expect((await store.get("2401.12345"))?.content).toBe(`second thoughts${MERGED_NOTES_SEPARATOR}first draft`);
    expect((await store.get("10.1000/abc"))?.content).toBe("doi note");
  });
});

describe("migrateDeviceNotes", () => {
  it("uploads notes the account lacks, keeps the account's own, and empties the device", async () => {
    const server = new Map<string, string>([["2401.00002", "account wins"]]);
    const puts: string[] = [];
    mswServer.use(
      http.get("*/api/me/notes/:paperId", ({ params }) => {
        const content = server.get(String(params.paperId));
        return content ? HttpResponse.json({ note: { paperId: params.paperId, content, updatedAt: "" } }) : HttpResponse.json({ note: null });
      }),
      http.put("*/api/me/notes/:paperId", async ({ params, request }) => {
        const body = (await request.json()) as { content: string };
        puts.push(String(params.paperId));
        server.set(String(params.paperId), body.content);
        return HttpResponse.json({ note: { paperId: params.paperId, content: body.content, updatedAt: "" } });
      }),
    );
    const device = createDeviceNotesStore();
    await device.save("2401.00001", "device note");
    await device.save("2401.00002", "device copy");
    expect(await migrateDeviceNotes()).toBe("moved");
    expect(puts).toEqual(["2401.00001"]);
    expect(server.get("2401.00002")).toBe("account wins");
    expect(device.list()).toEqual([]);
    expect(await migrateDeviceNotes()).toBe("nothing");
  });

  it("keeps notes on the device when the server fails", async () => {
    mswServer.use(http.get("*/api/me/notes/:paperId", () => HttpResponse.json({ error: { code: "x", message: "" } }, { status: 500 })));
    const device = createDeviceNotesStore();
    await device.save("2401.00001", "keep me");
    expect(await migrateDeviceNotes()).toBe("failed");
    expect((await device.get("2401.00001"))?.content).toBe("keep me");
  });
});
