// @vitest-environment jsdom
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FEED_MARKS_REQUEST_MAX, toMarkedPaper } from "@/shared/feed/feed-mark-api";
import { mswServer } from "@/test/unit-setup";
import { requestFeedMarksSchema } from "@/shared/feed/feed-mark-schemas";
import type { Paper } from "@/shared/paper";
import type { ReadingHistoryEntry } from "@/web/lib/user-data/reading-history-store";
import { DEVICE_FEED_MARKS_KEY, deviceBookmarkSignals, deviceFeedMarks, deviceReadSignals, marksForFeedRequest, migrateDeviceFeedMarks } from "./device-feed-marks";

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

const paper = (id: string) => toMarkedPaper({ id, title: `Paper ${id}`, abstract: "On things.", authors: ["Ada Lovelace"], categories: ["cs.AI"], publishedDate: "2026-06-01" });
const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 0, minute));

describe("device feed marks", () => {
  it("sets, changes and clears a paper's mark under its canonical id", () => {
    deviceFeedMarks.set(paper("arXiv:2401.12345v2"), "relevant", at(1));
    expect(Object.keys(deviceFeedMarks.get())).toEqual(["2401.12345"]);
    expect(deviceFeedMarks.get()["2401.12345"]).toMatchObject({ kind: "relevant", paper: { id: "2401.12345", title: "Paper arXiv:2401.12345v2" } });
    deviceFeedMarks.set(paper("2401.12345"), "not-relevant", at(2));
    expect(deviceFeedMarks.get()["2401.12345"]?.kind).toBe("not-relevant");
    deviceFeedMarks.set(paper("2401.12345"), null, at(3));
    expect(deviceFeedMarks.get()).toEqual({});
  });

  it("reads damaged storage as no marks", () => {
    localStorage.setItem(DEVICE_FEED_MARKS_KEY, "[not json");
    expect(deviceFeedMarks.get()).toEqual({});
    localStorage.setItem(DEVICE_FEED_MARKS_KEY, JSON.stringify({ a: { kind: "maybe" }, b: null }));
    expect(deviceFeedMarks.get()).toEqual({});
  });

  it("sends the newest marks with a feed request, within the cap", () => {
    for (let minute = 0; minute < FEED_MARKS_REQUEST_MAX + 5; minute += 1) deviceFeedMarks.set(paper(`2401.${String(minute).padStart(5, "0")}`), "relevant", at(minute));
    const sent = marksForFeedRequest(deviceFeedMarks.get());
    expect(sent).toHaveLength(FEED_MARKS_REQUEST_MAX);
    expect(sent[0]!.paper.id).toBe(`2401.${String(FEED_MARKS_REQUEST_MAX + 4).padStart(5, "0")}`);
    expect(sent.map((mark) => mark.paper.id)).not.toContain("2401.00000");
  });

  it("sends the device's bookmarks and reading history as weaker positives, a paper's explicit mark first", () => {
    const full = (id: string) => ({ ...paper(id), url: "", pdfUrl: "", updatedDate: null, category: "cs.AI", source: "arxiv" }) as unknown as Paper;
    deviceFeedMarks.set(paper("2401.00001"), "not-relevant", at(1));
    const bookmarks = deviceBookmarkSignals({
      "2401.00001": { paperId: "2401.00001", dateAdded: at(2).toISOString(), title: "", category: "cs.AI", collections: [], paperData: full("2401.00001") },
      "2401.00002": { paperId: "2401.00002", dateAdded: at(3).toISOString(), title: "", category: "cs.AI", collections: [], paperData: full("2401.00002v3") },
      // A summary without the paper (a signed-in library's) teaches nothing.
      "2401.00009": { paperId: "2401.00009", collections: [] },
    });
    const reads = deviceReadSignals([
      { id: "r1", paperId: "2401.00003", paperData: full("2401.00003"), viewType: "abstract", readAt: at(4).toISOString() },
      { id: "r2", paperId: "2401.00002", paperData: full("2401.00002"), viewType: "pdf", readAt: at(5).toISOString() },
    ] as ReadingHistoryEntry[]);
    const sent = marksForFeedRequest(deviceFeedMarks.get(), { bookmarks, reads });
    expect(sent.map((mark) => [mark.kind, mark.paper.id])).toEqual([
      ["not-relevant", "2401.00001"],
      ["bookmark", "2401.00002"],
      ["read", "2401.00003"],
    ]);
    // Under its canonical id (the bookmark keeps the version it was saved in).
    expect(sent[1]!.paper).toEqual({ ...paper("2401.00002v3"), id: "2401.00002" });
    // Every signal fits the request's schema, and the cap holds with them.
    expect(requestFeedMarksSchema.safeParse(sent).success).toBe(true);
    const many = Array.from({ length: FEED_MARKS_REQUEST_MAX }, (_, k) => ({ paperId: `2402.${String(k).padStart(5, "0")}`, paperData: full(`2402.${String(k).padStart(5, "0")}`), at: at(k).toISOString() }));
    expect(marksForFeedRequest(deviceFeedMarks.get(), { bookmarks: many, reads })).toHaveLength(FEED_MARKS_REQUEST_MAX);
  });
});

describe("migrateDeviceFeedMarks", () => {
  it("uploads the device's marks and empties the device; nothing to do the second time", async () => {
    const batches: unknown[] = [];
    mswServer.use(
      http.post("*/api/me/feed-marks/batch", async ({ request }) => {
        batches.push(await request.json());
        return HttpResponse.json({ saved: 2 });
      }),
    );
    deviceFeedMarks.set(paper("2401.00001"), "relevant", at(1));
    deviceFeedMarks.set(paper("2401.00002"), "not-relevant", at(2));
    expect(await migrateDeviceFeedMarks()).toBe("moved");
    expect(batches).toEqual([
      {
        marks: [
          { kind: "not-relevant", paper: paper("2401.00002"), markedAt: at(2).toISOString() },
          { kind: "relevant", paper: paper("2401.00001"), markedAt: at(1).toISOString() },
        ],
      },
    ]);
    expect(deviceFeedMarks.get()).toEqual({});
    expect(localStorage.getItem(DEVICE_FEED_MARKS_KEY)).toBeNull();
    expect(await migrateDeviceFeedMarks()).toBe("nothing");
  });

  it("keeps the marks on the device when the server refuses them", async () => {
    mswServer.use(http.post("*/api/me/feed-marks/batch", () => HttpResponse.json({ error: { code: "internal_error", message: "no" } }, { status: 500 })));
    deviceFeedMarks.set(paper("2401.00001"), "relevant", at(1));
    expect(await migrateDeviceFeedMarks()).toBe("failed");
    expect(Object.keys(deviceFeedMarks.get())).toEqual(["2401.00001"]);
  });
});
