import { describe, expect, it } from "vitest";
import { recommend, type CatchupProfile } from "@/shared/catchup";
import { mixedPapers, topicPapers, type Topic } from "@/test/feed-papers";
import { FeedIndex, type FeedPaper } from "./feed-index";
import { resolveMarks, type FeedMark, type FeedMarkKind } from "./feed-marks";
import { trainFeedModel } from "./feed-model";
import { describeFeedReason, rankFeed } from "./rank-feed";

const noProfile: CatchupProfile = { categories: [], authors: [], keywords: [], excludeTerms: [] };
const topicOf = (paper: FeedPaper) => paper.id.split("-")[0] as Topic;
/** Marked papers come from elsewhere (older papers by other people), not from the feed being ranked. */
const marked = (topic: Topic, count: number, kind: FeedMarkKind, seed = 50): FeedMark[] =>
  topicPapers(topic, count, seed, ["Someone Else"]).map((paper) => ({ kind, paper: { ...paper, id: `old-${paper.id}-${seed}` } }));
/** The share of the top `k` papers that are on the topic. */
const topShare = (ranking: { paper: FeedPaper }[], topic: Topic, k: number) => ranking.slice(0, k).filter((entry) => topicOf(entry.paper) === topic).length / k;

const feed = mixedPapers({ quantum: 30, proteins: 30, vision: 30, economics: 30 });
const index = new FeedIndex(feed);

describe("rankFeed", () => {
  it("learns a topic from a few Relevant marks and ranks its papers first", () => {
    for (const topic of ["quantum", "vision", "economics"] as const) {
      const ranked = rankFeed(index, { marks: marked(topic, 3, "relevant"), profile: noProfile });
      expect(ranked.model).toMatchObject({ trained: true, positives: 3, negatives: 0, sampledNegatives: 120 });
      expect(topShare(ranked.papers, topic, 30)).toBe(1);
    }
  });

  it("pushes a topic marked Not relevant down", () => {
    const liked = marked("quantum", 2, "relevant");
    const without = rankFeed(index, { marks: liked, profile: noProfile }).papers;
    const withDislike = rankFeed(index, { marks: [...liked, ...marked("proteins", 3, "not-relevant")], profile: noProfile }).papers;
    const meanRank = (ranking: typeof without, topic: Topic) =>
      ranking.reduce((sum, entry, rank) => sum + (topicOf(entry.paper) === topic ? rank : 0), 0) / 30;
    expect(meanRank(withDislike, "proteins")).toBeGreaterThan(meanRank(without, "proteins") + 10);
    expect(topShare(withDislike, "proteins", 60)).toBe(0);
  });

  it("counts a bookmark and a read less than a Relevant mark", () => {
    // One strong and one weak signal for different topics: the strong one's topic leads.
    const strongVision = rankFeed(index, { marks: [...marked("vision", 2, "relevant"), ...marked("economics", 2, "bookmark")], profile: noProfile }).papers;
    expect(topShare(strongVision, "vision", 20)).toBe(1);
    const strongEconomics = rankFeed(index, { marks: [...marked("vision", 2, "bookmark"), ...marked("economics", 2, "relevant")], profile: noProfile }).papers;
    expect(topShare(strongEconomics, "economics", 20)).toBe(1);
    const readVersusBookmark = rankFeed(index, { marks: [...marked("vision", 2, "read"), ...marked("economics", 2, "bookmark")], profile: noProfile }).papers;
    expect(topShare(readVersusBookmark, "economics", 20)).toBe(1);
    // Alone, weak signals still teach the model.
    expect(topShare(rankFeed(index, { marks: marked("quantum", 2, "read"), profile: noProfile }).papers, "quantum", 30)).toBe(1);
  });

  it("says which marked paper each paper is most like", () => {
    const [quantum] = marked("quantum", 1, "relevant", 60);
    const [proteins] = marked("proteins", 1, "bookmark", 61);
    const ranked = rankFeed(index, { marks: [quantum!, proteins!], profile: noProfile }).papers;
    const alike = ranked.filter((item) => ["quantum", "proteins"].includes(topicOf(item.paper)) && item.like);
    // Papers the model rates relevant say which mark they are like: all of the marked topic's, the
    // bookmarked topic's less surely (a bookmark counts half).
    expect(alike.filter((entry) => topicOf(entry.paper) === "quantum")).toHaveLength(30);
    expect(alike.filter((entry) => topicOf(entry.paper) === "proteins").length).toBeGreaterThan(5);
    for (const entry of alike) {
      const expected = topicOf(entry.paper) === "quantum" ? quantum! : proteins!;
      expect(entry.like).toMatchObject({ paperId: expected.paper.id, title: expected.paper.title, mark: expected.kind });
      expect(entry.like!.similarity).toBeGreaterThan(0.1);
      expect(entry.like!.similarity).toBeLessThanOrEqual(1);
    }
    const top = ranked[0]!;
    expect(describeFeedReason(top)).toEqual([
      topicOf(top.paper) === "quantum" ? `like “${quantum!.paper.title}” that you marked` : `like “${proteins!.paper.title}” that you saved`,
    ]);
    // Papers like neither marked paper are not said to be like one.
    for (const entry of ranked.filter((item) => ["vision", "economics"].includes(topicOf(item.paper)))) expect(entry.like).toBeNull();
  });

  it("never explains a marked paper of the feed as like itself", () => {
    // The user marked two of the feed's own quantum papers (a copy of each, as a stored mark keeps).
    const [first, second] = feed.filter((paper) => topicOf(paper) === "quantum");
    const marks: FeedMark[] = [first!, second!].map((paper) => ({ kind: "relevant", paper: { ...paper } }));
    const ranked = rankFeed(index, { marks, profile: noProfile, explain: { offset: 0, limit: feed.length } }).papers;
    const cardOf = (id: string) => ranked.find((entry) => entry.paper.id === id)!;
    // Each marked paper is like the other one, never like itself.
    expect(cardOf(first!.id).like).toMatchObject({ paperId: second!.id });
    expect(cardOf(second!.id).like).toMatchObject({ paperId: first!.id });
    for (const entry of ranked) if (entry.like) expect(entry.like.paperId).not.toBe(entry.paper.id);
    // With one mark, the marked paper has no other paper to be like.
    const alone = rankFeed(index, { marks: marks.slice(0, 1), profile: noProfile }).papers;
    expect(alone.find((entry) => entry.paper.id === first!.id)!.like).toBeNull();
    expect(alone.find((entry) => entry.paper.id === second!.id)!.like).toMatchObject({ paperId: first!.id });
  });

  it("works out the likeness only for the ranks asked for (the page shown)", () => {
    const marks = marked("quantum", 2, "relevant");
    const firstPage = rankFeed(index, { marks, profile: noProfile, explain: { offset: 0, limit: 10 } }).papers;
    expect(firstPage.slice(0, 10).every((entry) => entry.like !== null)).toBe(true);
    expect(firstPage.slice(10).every((entry) => entry.like === null)).toBe(true);
    const thirdPage = rankFeed(index, { marks, profile: noProfile, explain: { offset: 20, limit: 10 } }).papers;
    expect(thirdPage.map((entry) => entry.paper.id)).toEqual(firstPage.map((entry) => entry.paper.id));
    expect(thirdPage.slice(20, 30).every((entry) => entry.like !== null)).toBe(true);
    expect([...thirdPage.slice(0, 20), ...thirdPage.slice(30)].every((entry) => entry.like === null)).toBe(true);
  });

  it("without marks ranks exactly as today's profile scoring, with its reasons", () => {
    const profile: CatchupProfile = { categories: ["cs.CV"], authors: [], keywords: ["segmentation", "auction"], excludeTerms: [] };
    const ranked = rankFeed(index, { marks: [], profile });
    expect(ranked.model.trained).toBe(false);
    const today = recommend(index.scoring.score(profile), 0);
    expect(ranked.papers.slice(0, today.length).map((entry) => entry.paper.id)).toEqual(today.map((entry) => entry.paper.id));
    expect(ranked.papers[0]).toMatchObject({ explanation: today[0]!.explanation, like: null });
    expect(describeFeedReason(ranked.papers[0]!)[0]).toBe("category cs.CV +0.3");
    expect(ranked.papers.at(-1)).toMatchObject({ explanation: null, like: null });
    expect(describeFeedReason(ranked.papers.at(-1)!)).toEqual([]);
    expect(ranked.papers.every((entry) => entry.modelScore === null && entry.score === entry.profileScore)).toBe(true);
  });

  it("blends: the profile still counts once the model is trained", () => {
    const marks = marked("quantum", 2, "relevant");
    const profile: CatchupProfile = { categories: ["econ.TH"], authors: [], keywords: [], excludeTerms: [] };
    const blend = rankFeed(index, { marks, profile }).papers;
    const modelOnly = rankFeed(index, { marks, profile }, { modelWeight: 1 }).papers;
    const profileOnly = rankFeed(index, { marks: [], profile }).papers;
    const meanRank = (ranking: typeof blend, topic: Topic) => ranking.reduce((sum, entry, rank) => sum + (topicOf(entry.paper) === topic ? rank : 0), 0) / 30;
    // The profile's category rises above where the model alone puts it; the marked topic above where the profile puts it.
    expect(meanRank(blend, "economics")).toBeLessThan(meanRank(modelOnly, "economics") - 10);
    expect(meanRank(blend, "quantum")).toBeLessThan(meanRank(profileOnly, "quantum") - 10);
    // Among the papers the profile does not score, the marked topic leads.
    expect(topShare(blend.filter((entry) => topicOf(entry.paper) !== "economics"), "quantum", 30)).toBe(1);
    for (const entry of blend) expect(entry.score).toBeCloseTo(0.7 * entry.modelScore! + 0.3 * entry.profileScore, 10);
    // A card gives both halves of the reason.
    const likedEconomics = blend.find((entry) => topicOf(entry.paper) === "economics" && entry.like === null)!;
    expect(describeFeedReason(likedEconomics)).toEqual(["category econ.TH +0.3"]);
  });

  it("ranks only the candidates asked for, and samples negatives among them", () => {
    const candidates = feed.flatMap((paper, position) => (topicOf(paper) === "vision" || topicOf(paper) === "quantum" ? [position] : []));
    const ranked = rankFeed(index, { marks: marked("vision", 2, "relevant"), profile: noProfile, candidates });
    expect(ranked.papers).toHaveLength(60);
    expect(ranked.model.sampledNegatives).toBe(60);
    expect(topShare(ranked.papers, "vision", 30)).toBe(1);
  });

  it("is deterministic: the same marks give the same ranking, scores and reasons", () => {
    const marks = [...marked("quantum", 2, "relevant"), ...marked("vision", 1, "bookmark"), ...marked("proteins", 1, "not-relevant")];
    const once = rankFeed(index, { marks, profile: noProfile });
    const again = rankFeed(new FeedIndex([...feed]), { marks: marks.map((mark) => ({ ...mark })), profile: noProfile });
    expect(again).toEqual(once);
  });

  it("trains no model until there is a positive mark", () => {
    expect(trainFeedModel(index, [])).toBeNull();
    expect(trainFeedModel(index, marked("quantum", 2, "not-relevant"))).toBeNull();
    expect(rankFeed(index, { marks: marked("quantum", 2, "not-relevant"), profile: noProfile }).model.trained).toBe(false);
  });
});

describe("resolveMarks", () => {
  const [paper] = topicPapers("quantum", 1);
  it("lets an explicit mark override a bookmark or a read, and keeps the heavier weak signal", () => {
    expect(resolveMarks([{ kind: "bookmark", paper: paper! }, { kind: "not-relevant", paper: paper! }])).toEqual([{ kind: "not-relevant", paper, label: -1, weight: 1 }]);
    expect(resolveMarks([{ kind: "not-relevant", paper: paper! }, { kind: "read", paper: paper! }])).toMatchObject([{ kind: "not-relevant" }]);
    expect(resolveMarks([{ kind: "read", paper: paper! }, { kind: "bookmark", paper: paper! }])).toMatchObject([{ kind: "bookmark", weight: 0.5, label: 1 }]);
    expect(resolveMarks([{ kind: "relevant", paper: paper! }, { kind: "not-relevant", paper: paper! }])).toMatchObject([{ kind: "not-relevant" }]);
  });
});
