import { describe, expect, it } from "vitest";
import { mixedPapers, topicPapers, TOPIC_CATEGORIES } from "@/test/feed-papers";
import { pickColdStartPapers } from "./cold-start";
import { FeedIndex } from "./feed-index";

const papers = mixedPapers({ quantum: 40, proteins: 40, vision: 40, economics: 40 });
const index = new FeedIndex(papers);

describe("pickColdStartPapers", () => {
  it("asks only about papers of the user's categories, each category in turn, the newest first", () => {
    const picked = pickColdStartPapers(index, { categories: [TOPIC_CATEGORIES.vision, TOPIC_CATEGORIES.quantum], count: 6 });
    expect(picked).toHaveLength(6);
    expect(picked.map((paper) => paper.categories[0])).toEqual(["cs.CV", "quant-ph", "cs.CV", "quant-ph", "cs.CV", "quant-ph"]);
    expect(picked[0]!.id).toBe("vision-0");
    const since = (paper: { publishedDate?: string | null }) => Date.parse("2026-06-01") - Date.parse(paper.publishedDate!);
    // Recent: all from the newest papers of the two categories.
    for (const paper of picked) expect(since(paper)).toBeLessThan(40 * 86_400_000);
  });

  it("prefers papers unlike those already asked about", () => {
    // Near-copies of the newest vision paper crowd the top of the list; the picks skip them.
    const copies = Array.from({ length: 5 }, (_, n) => ({ ...papers[2]!, id: `copy-${n}`, publishedDate: "2026-06-02T00:00:00.000Z" }));
    const withCopies = new FeedIndex([...copies, ...papers]);
    const picked = pickColdStartPapers(withCopies, { categories: ["cs.CV"], count: 4 });
    expect(picked.filter((paper) => paper.id.startsWith("copy-"))).toHaveLength(1);
  });

  it("gives a category without papers' turns to the others, and asks nothing without candidates", () => {
    expect(pickColdStartPapers(index, { categories: ["cs.CV", "math.AG"], count: 4 }).every((paper) => paper.categories[0] === "cs.CV")).toBe(true);
    expect(pickColdStartPapers(index, { categories: ["math.AG"] })).toEqual([]);
    expect(pickColdStartPapers(new FeedIndex(topicPapers("quantum", 3)), { categories: ["quant-ph"], count: 8 })).toHaveLength(3);
  });

  it("is deterministic", () => {
    const options = { categories: [TOPIC_CATEGORIES.economics, TOPIC_CATEGORIES.proteins] };
    expect(pickColdStartPapers(new FeedIndex([...papers]), options).map((paper) => paper.id)).toEqual(pickColdStartPapers(index, options).map((paper) => paper.id));
  });
});
