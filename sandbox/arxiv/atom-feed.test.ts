import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dataPath, getCorpus } from "../corpus";
import { escapeAttribute, escapeText, renderErrorFeed, renderFeed } from "./atom-feed";

interface Recording {
  url: string;
  status_code: number;
  body: string;
}

const directory = dataPath("recordings/arxiv/golden");
const recordings = new Map(
  readdirSync(directory)
    .filter((file) => file.endsWith(".json"))
    .map((file) => [file, JSON.parse(readFileSync(`${directory}/${file}`, "utf8")) as Recording]),
);
const recording = (prefix: string) => [...recordings.entries()].find(([file]) => file.startsWith(prefix))![1];
const recordedUpdated = (body: string) => new Date(/<updated>([^<]+)<\/updated>/.exec(body)![1]!);

describe("renderFeed", () => {
  it("writes an empty answer byte for byte as arXiv did", () => {
    for (const prefix of ["id_0000.0000_", "id_0808.05394_s0"]) {
      const { url, body } = recording(prefix);
      const idList = new URL(url).searchParams.get("id_list")!;
      expect(renderFeed({ searchQuery: "", idList, start: 0, maxResults: 100 }, [], 0, recordedUpdated(body))).toBe(body);
    }
  });

  it("derives the feed id from the query the way arXiv does, for every recording", () => {
    for (const [file, { body, status_code }] of recordings) {
      if (status_code !== 200) continue;
      const title = /<title>arXiv Query: ([^<]+)<\/title>/.exec(body)![1]!.replace(/&amp;/g, "&");
      const params = new URLSearchParams(title);
      const feed = renderFeed(
        { searchQuery: params.get("search_query")!, idList: params.get("id_list")!, start: Number(params.get("start")), maxResults: Number(params.get("max_results")) },
        [],
        0,
        new Date(0),
      );
      const expectedId = /<id>(https:\/\/arxiv\.org\/api\/[^<]+)<\/id>/.exec(body)![1];
      expect(`${file}: ${/<id>([^<]+)<\/id>/.exec(feed)![1]}`).toBe(`${file}: ${expectedId}`);
    }
  });

  it("writes a recorded paper's entry as arXiv did", () => {
    // 1605.08386's recorded summary has no leading spaces, so normalisation keeps it byte-equal.
    const { body } = recording("id_1605.08386_");
    const paper = getCorpus().byId.get("1605.08386")!;
    expect(renderFeed({ searchQuery: "", idList: "1605.08386", start: 0, maxResults: 100 }, [{ paper, version: 1 }], 1, recordedUpdated(body))).toBe(body);
  });
});

describe("renderErrorFeed", () => {
  it("writes the error feed byte for byte as arXiv did", () => {
    const { body } = recording("id_abc_");
    expect(renderErrorFeed("incorrect id format for abc", recordedUpdated(body))).toBe(body);
  });
});

describe("escaping", () => {
  it("escapes markup in text and quotes in attributes, and drops characters XML cannot hold", () => {
    expect(escapeText('a < b && "c" > d')).toBe('a &lt; b &amp;&amp; "c" &gt; d');
    expect(escapeAttribute('say "hi" & <bye>')).toBe("say &quot;hi&quot; &amp; &lt;bye&gt;");
    expect(escapeText("bell\u0007 tab\t")).toBe("bell tab\t");
  });
});
