/**
 * The feed marks' contract between the server (/api/me/feed-marks, the catch-up feed) and the
 * web app, without zod (the web's first load does not carry it): the zod schemas that check
 * these shapes are in feed-mark-schemas.ts.
 */

/**
 * Every signal the learned feed reads: the marks a user gives on purpose, and bookmarks and
 * reads as weaker ones. Kept here, where nothing is imported, so the catch-up contract
 * (src/shared/catchup.ts) can name them without importing the model.
 */
export const FEED_MARK_KINDS = ["relevant", "not-relevant", "bookmark", "read"] as const;
export type FeedMarkKind = (typeof FEED_MARK_KINDS)[number];

/** The marked paper a paper is most like: the learned half of why it ranks where it does. */
export type FeedLikeReason = {
  paperId: string;
  title: string;
  mark: Exclude<FeedMarkKind, "not-relevant">;
  /** 0..1: how alike the two papers' words, authors and categories are. */
  similarity: number;
};

/** The marks a user gives on purpose (bookmarks and reads are the weaker signals the server adds). */
export const USER_FEED_MARK_KINDS = ["relevant", "not-relevant"] as const;
export type UserFeedMarkKind = (typeof USER_FEED_MARK_KINDS)[number];

/** Marks one user keeps; the oldest go past this (a model learns from the recent ones anyway). */
export const FEED_MARKS_MAX = 2000;
/** Marks an anonymous visitor's feed request may carry (their marks live on the device). */
export const FEED_MARKS_REQUEST_MAX = 200;
/** Marks one batch import (the sign-in move) may carry. */
export const FEED_MARK_BATCH_MAX = 500;
/** The cold start asks a user to mark papers until they have marked this many. */
export const FEED_COLD_START_ENOUGH_MARKS = 3;
/** Text kept of a marked paper: enough for its words to teach the model. */
export const FEED_MARK_LIMITS = { title: 1000, abstract: 5000, authors: 200, author: 300, categories: 30, category: 40, date: 40 } as const;

/** What a mark keeps of its paper: the fields the model reads, so a paper outside the feed still trains it. */
export type MarkedPaper = {
  id: string;
  title: string;
  abstract: string;
  authors: string[];
  categories: string[];
  publishedDate: string | null;
};

/** One mark as stored and sent: the paper under its canonical id. */
export type FeedMarkEntry = {
  paperId: string;
  kind: UserFeedMarkKind;
  paper: MarkedPaper;
  /** ISO date-time of the mark (the later of two marks of a paper wins). */
  markedAt: string;
};

/** The marked paper a feed card is like, as the catch-up feed answers it. */
export type FeedCardLike = FeedLikeReason;

/** The same fields of any paper, cut to the limits a mark keeps. */
export function toMarkedPaper(paper: { id: string; title: string; abstract: string; authors: readonly string[]; categories: readonly string[]; publishedDate?: string | null }): MarkedPaper {
  const { title, abstract, authors, author, categories, category, date } = FEED_MARK_LIMITS;
  return {
    id: paper.id,
    title: paper.title.slice(0, title),
    abstract: paper.abstract.slice(0, abstract),
    authors: paper.authors.slice(0, authors).map((name) => name.slice(0, author)),
    categories: paper.categories.slice(0, categories).map((code) => code.slice(0, category)),
    publishedDate: paper.publishedDate ? paper.publishedDate.slice(0, date) : null,
  };
}
