/**
 * Replays every recorded 2026 arXiv API request (data/recordings/arxiv/golden) against the
 * sandbox and compares the answers: same status, same feed-level elements in the same order
 * with the same attributes, entries built from the same elements in arXiv's order, and, for
 * the papers the corpus has (all of them: the recorded entries are part of the corpus), the
 * same field values.
 */
import { readFileSync, readdirSync } from "node:fs";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { dataPath, repairMojibake } from "../corpus";
import { useSandbox } from "../test-support/use-sandbox";

interface Recording {
  url: string;
  status_code: number;
  body: string;
}

const directory = dataPath("recordings/arxiv/golden");
const recordings = readdirSync(directory)
  .filter((file) => file.endsWith(".json"))
  .sort()
  .map((file) => {
    const recording = JSON.parse(readFileSync(`${directory}/${file}`, "utf8")) as Recording;
    return { file, ...recording, body: repairMojibake(recording.body) };
  });

const sandbox = useSandbox();

// --- A structural view of an Atom document -------------------------------------------------

/** An element: its name (with namespace prefix), attribute names in order, text, children. */
interface Node {
  name: string;
  attributes: [string, string][];
  text: string;
  children: Node[];
}

const orderedParser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: "", parseTagValue: false, trimValues: false });

type RawNode = Record<string, unknown> & { ":@"?: Record<string, string> };

function toNodes(raw: RawNode[]): Node[] {
  const nodes: Node[] = [];
  for (const item of raw) {
    const name = Object.keys(item).find((key) => key !== ":@")!;
    if (name === "#text" || name === "?xml") continue;
    const content = item[name] as RawNode[];
    const text = content
      .filter((child) => "#text" in child)
      .map((child) => String(child["#text"]))
      .join("");
    nodes.push({ name, attributes: Object.entries(item[":@"] ?? {}), text, children: toNodes(content) });
  }
  return nodes;
}

function parseFeed(xml: string): Node {
  const feed = toNodes(orderedParser.parse(xml) as RawNode[]).find((node) => node.name === "feed");
  if (!feed) throw new Error("no <feed>");
  return feed;
}

/** Name plus attribute names: what must match between arXiv's and the sandbox's elements. */
const shape = (node: Node) => `${node.name}(${node.attributes.map(([key]) => key).join(",")})`;
const attribute = (node: Node, key: string) => node.attributes.find(([name]) => name === key)?.[1];
/** Links differ by role; everything else by name. */
const role = (node: Node) => (node.name === "link" ? `link[${attribute(node, "title") ?? attribute(node, "rel")}]` : node.name);

/** The element order of arXiv's 2026 entries; repeated elements stand together. */
const ENTRY_ORDER = [
  "id",
  "title",
  "updated",
  "link[alternate]",
  "link[pdf]",
  "summary",
  "category",
  "published",
  "arxiv:comment",
  "arxiv:primary_category",
  "arxiv:journal_ref",
  "author",
  "arxiv:doi",
  "link[doi]",
];

function followsEntryOrder(entry: Node): boolean {
  let position = 0;
  for (const child of entry.children) {
    const index = ENTRY_ORDER.indexOf(role(child));
    if (index < position) return false;
    position = index;
  }
  return true;
}

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

/** The values an entry carries, for comparing a paper across the two answers. */
function entryValues(entry: Node): Record<string, unknown> {
  const text = (name: string) => entry.children.filter((child) => child.name === name).map((child) => collapse(child.text));
  return {
    id: text("id")[0],
    title: text("title")[0],
    updated: text("updated")[0],
    published: text("published")[0],
    summary: text("summary")[0],
    comment: text("arxiv:comment"),
    journalRef: text("arxiv:journal_ref"),
    doi: text("arxiv:doi"),
    categories: entry.children.filter((child) => child.name === "category").map((child) => attribute(child, "term")),
    primary: entry.children.filter((child) => child.name === "arxiv:primary_category").map((child) => attribute(child, "term")),
    links: entry.children.filter((child) => child.name === "link").map((child) => attribute(child, "href")),
    authors: entry.children
      .filter((child) => child.name === "author")
      .map((author) => author.children.map((part) => `${part.name}=${collapse(part.text)}`)),
  };
}

function sandboxPath(recordedUrl: string): string {
  return `/arxiv/api/query${new URL(recordedUrl).search}`;
}

// --- The comparison --------------------------------------------------------------------------

describe.each(recordings)("$file", (recording) => {
  it("answers with the same status, feed elements and entry structure", async () => {
    const response = await sandbox.get(sandboxPath(recording.url));
    expect(response.status).toBe(recording.status_code);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const body = await response.text();
    expect(body.split("\n")[0]).toBe(recording.body.split("\n")[0]);

    const theirs = parseFeed(recording.body);
    const ours = parseFeed(body);
    expect(ours.attributes).toEqual(theirs.attributes);

    // Feed level: same elements in the same order, same attributes; entries counted apart.
    const feedShape = (feed: Node) => feed.children.filter((child) => child.name !== "entry").map(shape);
    expect(feedShape(ours)).toEqual(feedShape(theirs));
    const theirEntries = theirs.children.filter((child) => child.name === "entry");
    const ourEntries = ours.children.filter((child) => child.name === "entry");
    expect(ourEntries).toHaveLength(theirEntries.length);

    // Values that depend only on the request are identical (the feed id is a hash of the query).
    for (const name of ["id", "title", "link", "opensearch:itemsPerPage", "opensearch:startIndex"]) {
      const pick = (feed: Node) => {
        const found = feed.children.find((child) => child.name === name);
        return found ? `${name}: ${found.text} ${JSON.stringify(found.attributes)}` : `${name}: absent`;
      };
      expect(pick(ours)).toBe(pick(theirs));
    }

    // Entries: each element kind has arXiv's attributes, in arXiv's order.
    const knownShapes = new Map<string, string>();
    for (const entry of theirEntries) {
      expect(followsEntryOrder(entry)).toBe(true);
      for (const child of entry.children) knownShapes.set(role(child), shape(child));
    }
    for (const entry of ourEntries) {
      expect(followsEntryOrder(entry)).toBe(true);
      for (const child of entry.children) {
        if (knownShapes.has(role(child))) expect(shape(child)).toBe(knownShapes.get(role(child)));
        else expect(ENTRY_ORDER).toContain(role(child));
      }
      for (const author of entry.children.filter((child) => child.name === "author")) {
        expect(author.children.map((part) => part.name)[0]).toBe("name");
        expect(author.children.slice(1).every((part) => part.name === "arxiv:affiliation")).toBe(true);
      }
    }
  });

  it("gives every recorded paper the recorded values", async () => {
    const theirEntries = parseFeed(recording.body).children.filter((child) => child.name === "entry");
    if (recording.status_code !== 200 || theirEntries.length === 0) return;
    const ids = theirEntries.map((entry) => entryValues(entry).id as string).map((id) => id.replace("http://arxiv.org/abs/", ""));
    const response = await sandbox.get(`/arxiv/api/query?id_list=${encodeURIComponent(ids.join(","))}&max_results=${ids.length}`);
    const ourEntries = parseFeed(await response.text()).children.filter((child) => child.name === "entry");
    expect(ourEntries.map((entry) => entryValues(entry))).toEqual(theirEntries.map((entry) => entryValues(entry)));
  });
});

describe("id_list answers", () => {
  const byId = recordings.filter((recording) => recording.file.startsWith("id_"));

  it.each(byId)("$file is the recorded body apart from the time of the request", async (recording) => {
    const body = await (await sandbox.get(sandboxPath(recording.url))).text();
    // The feed's <updated> is the time of the request (and the error entry's too); arXiv keeps
    // the leading spaces of some old abstracts, the sandbox trims every abstract.
    const normalise = (xml: string) =>
      xml.replace(/(<feed[^]*?<updated>)[^<]+(<\/updated>)/, "$1T$2").replace(/(<title>Error<\/title>\n\s*<updated>)[^<]+/, "$1T").replace(/<summary>\s+/g, "<summary>");
    expect(normalise(body)).toBe(normalise(recording.body));
  });
});
