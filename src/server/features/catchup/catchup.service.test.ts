import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import type { CatchupFeedRequest } from "@/shared/catchup";
import type { Paper } from "@/shared/paper";
import type { ArxivSource } from "@/server/sources/arxiv/arxiv-source";
import type { CatchupRepository } from "./catchup.repository";
import { catchupService, type CatchupPaperIndex } from "./catchup.service";

/** Counts the learned feed's index builds (each costs seconds over 10,000 papers). */
const feedIndexBuilds = vi.hoisted(() => ({ count: 0 }));
vi.mock("@/shared/feed/feed-index", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/shared/feed/feed-index")>();
  class CountedFeedIndex<T> extends original.FeedIndex<T & Paper> {
    constructor(...args: ConstructorParameters<typeof original.FeedIndex<T & Paper>>) {
      super(...args);
      feedIndexBuilds.count++;
    }
  }
  return { ...original, FeedIndex: CountedFeedIndex };
});

const NOW = new Date("2026-06-04T06:00:00Z");

function paper(index: number): Paper {
  const published = new Date(NOW.getTime() - (index % 28) * 24 * 60 * 60 * 1000 - 60_000).toISOString();
  return {
    id: `2605.${String(index).padStart(5, "0")}`,
    title: `Paper ${index}`,
    authors: ["A. Author"],
    abstract: "An abstract.",
    url: `https://arxiv.org/abs/2605.${index}v1`,
    pdfUrl: `https://arxiv.org/pdf/2605.${index}v1`,
    publishedDate: published,
    updatedDate: published,
    categories: ["cs.LG"],
    category: "cs.LG",
    source: "arxiv",
  } as Paper;
}

describe("the catch-up feed over Quire's own arXiv index", () => {
  it("shows every paper of the range in a covered category, past the API listing's 1,000, without arXiv", async () => {
    const papers = Array.from({ length: 1500 }, (_, index) => paper(index)).sort((a, b) => Date.parse(b.publishedDate!) - Date.parse(a.publishedDate!));
    const index: CatchupPaperIndex = {
      covering: async (categories) => new Map(categories.map((category) => [category, NOW])),
      papersSince: vi.fn(async () => papers),
    };
    const arxiv = { search: vi.fn() } as unknown as ArxivSource;
    const repository = { states: vi.fn(async () => []) } as unknown as CatchupRepository;
    const service = catchupService({ repository, arxiv, clock: { now: () => NOW }, logger: pino({ level: "silent" }), index });
    const feed = await service.feed({
      profile: { categories: ["cs.LG"], authors: [], keywords: [], excludeTerms: [] },
      range: "monthly",
      threshold: 0.3,
      tab: "all",
      filter: "all",
      page: 0,
    });
    expect(feed.counts.all).toBe(1500);
    expect(feed.index).toEqual({ refreshedAt: NOW.toISOString(), stale: false, failedCategories: [] });
    expect(arxiv.search).not.toHaveBeenCalled();
    // Read once, then from memory until the harvest or the day moves on.
    await service.feed({ profile: { categories: ["cs.LG"], authors: [], keywords: [], excludeTerms: [] }, range: "daily", threshold: 0.3, tab: "all", filter: "all", page: 0 });
    expect(index.papersSince).toHaveBeenCalledTimes(1);
  });
});

describe("the learned feed's profile half", () => {
  it("follows the profile author's identity, not everyone of the name, as the feed without marks does", async () => {
    // Two people named Yang Liu sign papers of the range (OpenAlex A1 the even ones, A2 the odd ones).
    const papers = Array.from({ length: 60 }, (_, index) => ({ ...paper(index), authors: index < 12 ? ["Yang Liu"] : ["A. Author"] }) as Paper);
    papers.sort((a, b) => Date.parse(b.publishedDate!) - Date.parse(a.publishedDate!));
    const writer = (id: string) => (Number(id.slice(-5)) % 2 === 0 ? "A1" : "A2");
    const index: CatchupPaperIndex = { covering: async (categories) => new Map(categories.map((category) => [category, NOW])), papersSince: async () => papers };
    const authors = {
      paperAuthorIds: vi.fn(async (asked: readonly Paper[]) => new Map(asked.map((item) => [item.id, new Set([writer(item.id)])] as const))),
    };
    const service = catchupService({
      repository: { states: vi.fn(async () => []) } as unknown as CatchupRepository,
      arxiv: { search: vi.fn() } as unknown as ArxivSource,
      clock: { now: () => NOW },
      logger: pino({ level: "silent" }),
      index,
      authors,
    });
    const request: CatchupFeedRequest = {
      profile: { categories: ["cs.LG"], authors: [{ name: "Yang Liu", openalexId: "A1" }], keywords: [], excludeTerms: [] },
      range: "monthly",
      threshold: 0.3,
      tab: "all",
      filter: "all",
      author: "Yang Liu",
      page: 0,
    };
    const marked = { ...paper(100), title: "Sparse attention for long documents", abstract: "Attention over long inputs." };
    const feed = await service.feed(request, { marks: [{ kind: "relevant", paper: marked }], explicit: 1 });
    expect(feed.learned).toBeDefined();
    expect(feed.papers).toHaveLength(12);
    for (const entry of feed.papers) {
      const expected = writer(entry.paper.id) === "A1" ? { author: "Yang Liu", authorBy: "identity" } : { author: null };
      expect(entry.explanation, entry.paper.id).toMatchObject(expected);
      expect(entry.explanation.authorId).toBeUndefined();
    }
    expect(authors.paperAuthorIds).toHaveBeenCalled();
  });
});

describe("the learned feed's index", () => {
  it("is built once for a list of papers, not again each minute while the list stays the same", async () => {
    const papers = Array.from({ length: 200 }, (_, index) => paper(index)).sort((a, b) => Date.parse(b.publishedDate!) - Date.parse(a.publishedDate!));
    let now = NOW;
    const index: CatchupPaperIndex = { covering: async (categories) => new Map(categories.map((category) => [category, NOW])), papersSince: async () => papers };
    const service = catchupService({
      repository: { states: vi.fn(async () => []) } as unknown as CatchupRepository,
      arxiv: { search: vi.fn() } as unknown as ArxivSource,
      clock: { now: () => now },
      logger: pino({ level: "silent" }),
      index,
    });
    const request: CatchupFeedRequest = {
      profile: { categories: ["cs.LG"], authors: [], keywords: [], excludeTerms: [] },
      range: "weekly",
      threshold: 0.3,
      tab: "all",
      filter: "all",
      page: 0,
    };
    const marks = { marks: [{ kind: "relevant" as const, paper: { ...paper(300), title: "Paper about attention" } }], explicit: 1 };
    const before = feedIndexBuilds.count;
    const first = await service.feed(request, marks);
    expect(first.learned).toBeDefined();
    expect(feedIndexBuilds.count).toBe(before + 1);
    // Minutes later the range starts minutes later, but holds the same papers.
    for (const minutes of [1, 2, 5, 30]) {
      now = new Date(NOW.getTime() + minutes * 60_000);
      const again = await service.feed(request, marks);
      expect(again.papers.map((entry) => entry.paper.id)).toEqual(first.papers.map((entry) => entry.paper.id));
    }
    expect(feedIndexBuilds.count).toBe(before + 1);
    // Another range is another list.
    await service.feed({ ...request, range: "monthly" }, marks);
    expect(feedIndexBuilds.count).toBe(before + 2);
  });
});
