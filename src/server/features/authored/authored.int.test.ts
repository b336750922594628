import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useSandbox } from "../../../../sandbox/test-support/use-sandbox";
import { papers, userCache } from "@/server/db/schema";
import { meClient, testPaper } from "@/test/me-test-client";
import { startTestServer, type TestServer } from "@/test/test-server";
import { createSignedInUser, type SignedInUser } from "@/test/test-users";

const sandbox = useSandbox();
let server: TestServer;
let user: SignedInUser;

beforeAll(async () => {
  server = await startTestServer({ sandboxUrl: sandbox.url });
  user = await createSignedInUser(server);
});
afterAll(async () => {
  await server?.close();
});

async function arxivRequests(): Promise<string[]> {
  const answer = await sandbox.control("GET", "/__control/requests?route=arxiv-api");
  return ((await answer.json()) as { requests: { path: string }[] }).requests.map((request) => decodeURIComponent(request.path.replace(/\+/g, " ")));
}

/** An author who has papers in the sandbox's arXiv corpus (read from a listing, not hard-coded). */
async function someAuthor(): Promise<string> {
  const response = await sandbox.get("/arxiv/api/query?search_query=cat:cs.CL&max_results=5");
  const xml = await response.text();
  const name = /<author>\s*<name>([^<]+)<\/name>/.exec(xml)?.[1];
  if (!name) throw new Error("no author in the sandbox listing");
  await sandbox.control("DELETE", "/__control/requests");
  return name.trim();
}

describe("/api/me/authored-papers", () => {
  it("adds manual papers unverified, refuses a duplicate with the spec's message, verifies and removes", async () => {
    const api = meClient(server, user);
    expect((await api.get("/authored-papers")).body).toEqual({ papers: [] });

    const added = await api.post("/authored-papers", { paper: testPaper("2401.00011", { title: "My first paper" }) });
    expect(added.status, added.text).toBe(201);
    expect(added.body.paper).toMatchObject({ paperId: "2401.00011", isVerified: false, verificationMethod: "manual" });
    expect(added.body.paper.paper.title).toBe("My first paper");

    const again = await api.post("/authored-papers", { paper: testPaper("2401.00011", { title: "My first paper" }) });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("Paper My first paper is already in your authored papers list.");

    const orcid = await api.post("/authored-papers", { paper: testPaper("10.5555/x.y", { source: "crossref", title: "Journal one" }), verificationMethod: "orcid_verification" });
    expect(orcid.body.paper).toMatchObject({ isVerified: true, verificationMethod: "orcid_verification" });

    // Newest first.
    const list = await api.get("/authored-papers");
    expect(list.body.papers.map((entry: any) => entry.paperId)).toEqual(["10.5555/x.y", "2401.00011"]);

    // An arXiv match needs one of the profile's names on the paper.
    const refused = await api.call("PATCH", "/authored-papers/2401.00011", { verificationMethod: "auto_arxiv_match" });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain("None of your author names is on this paper");
    expect((await api.post("/authored-papers", { paper: testPaper("2401.00013"), verificationMethod: "auto_arxiv_match" })).status).toBe(400);
    await api.put("/profile", { authorNames: ["ada lovelace"] });
    const verified = await api.call("PATCH", "/authored-papers/2401.00011", { verificationMethod: "auto_arxiv_match" });
    expect(verified.body.paper).toMatchObject({ isVerified: true, verificationMethod: "auto_arxiv_match" });
    const unverified = await api.call("PATCH", "/authored-papers/2401.00011", { verificationMethod: "manual" });
    expect(unverified.body.paper.isVerified).toBe(false);

    expect((await api.del(`/authored-papers/${encodeURIComponent("10.5555/x.y")}`)).status).toBe(204);
    expect((await api.get("/authored-papers")).body.papers.map((entry: any) => entry.paperId)).toEqual(["2401.00011"]);
    expect((await api.call("PATCH", "/authored-papers/10.5555%2Fx.y", { verificationMethod: "manual" })).status).toBe(404);
  });

  it("keeps what a user sent to that user: the shared papers row is never written from it", async () => {
    const other = await createSignedInUser(server);
    const mine = meClient(server, user);
    const theirs = meClient(server, other);
    const id = "2401.00077";
    expect((await mine.post("/authored-papers", { paper: testPaper(id, { title: "Alice's own title", authors: ["Alice"] }) })).status).toBe(201);
    expect((await theirs.post("/authored-papers", { paper: testPaper(id, { title: "Bob's own title", authors: ["Bob"] }) })).status).toBe(201);
    const titleIn = async (api: typeof mine) => ((await api.get("/authored-papers")).body.papers as { paperId: string; paper: { title: string } }[]).find((entry) => entry.paperId === id)?.paper.title;
    expect(await titleIn(mine)).toBe("Alice's own title");
    expect(await titleIn(theirs)).toBe("Bob's own title");
    expect(await server.database.db.select().from(papers).where(eq(papers.id, id))).toEqual([]);
  });

  it("refuses bad input with a 400 and stores nothing", async () => {
    const api = meClient(server, user);
    const before = (await api.get("/authored-papers")).body.papers.length;
    expect((await api.post("/authored-papers", { paper: { id: "" } })).status).toBe(400);
    expect((await api.post("/authored-papers", { paper: testPaper("2401.00012"), verificationMethod: "trust-me" })).status).toBe(400);
    expect((await api.post("/authored-papers", "not json")).status).toBe(400);
    expect((await api.call("PATCH", "/authored-papers/2401.00011", { verificationMethod: "nope" })).status).toBe(400);
    expect((await api.post("/authored-papers/refresh", { force: "yes" })).status).toBe(400);
    expect((await api.get("/authored-papers")).body.papers.length).toBe(before);
  });

  it("refresh searches arXiv for each author name (50 at most), saves matches verified, then answers from the 24-hour cache", async () => {
    const api = meClient(server, user);
    const author = await someAuthor();
    expect((await api.put("/profile", { authorNames: [author] })).status).toBe(200);

    const first = await api.post("/authored-papers/refresh", {});
    expect(first.status, first.text).toBe(200);
    const requests = await arxivRequests();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toContain(`search_query=au:"${author}"`);
    expect(requests[0]).toContain("max_results=50");
    expect(first.body.cached).toBe(false);
    expect(first.body.found).toBeGreaterThan(0);
    expect(first.body.found).toBeLessThanOrEqual(50);
    expect(first.body.added + first.body.alreadyPresent + first.body.failed).toBe(first.body.found);
    const matched = first.body.papers.filter((entry: any) => entry.verificationMethod === "auto_arxiv_match");
    expect(matched.length).toBe(first.body.added);
    // Newest paper first.
    const dates = matched.map((entry: any) => Date.parse(entry.paper.publishedDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(matched.every((entry: any) => entry.isVerified && entry.paper.authors.some((name: string) => name.includes(author.split(" ").at(-1)!)))).toBe(true);

    const [entry] = await server.database.db.select().from(userCache).where(eq(userCache.cacheKey, `profile-papers-${user.id}`));
    expect(entry).toBeDefined();
    expect(entry!.expiresAt!.getTime() - entry!.cachedAt.getTime()).toBe(24 * 60 * 60 * 1000);

    // Within 24 hours: no arXiv call, everything already in the list.
    await sandbox.control("DELETE", "/__control/requests");
    const second = await api.post("/authored-papers/refresh", {});
    expect(second.body).toMatchObject({ cached: true, found: first.body.found, added: 0, alreadyPresent: first.body.found });
    expect(await arxivRequests()).toEqual([]);

    // A forced refresh asks arXiv again.
    const forced = await api.post("/authored-papers/refresh", { force: true });
    expect(forced.body.cached).toBe(false);
    expect(await arxivRequests()).toHaveLength(1);
  });

  it("refresh with no author names finds nothing and calls nobody; an arXiv failure is a clear error and keeps the list", async () => {
    const api = meClient(server, user);
    await api.put("/profile", { authorNames: [] });
    await sandbox.control("DELETE", "/__control/requests");
    const none = await api.post("/authored-papers/refresh", { force: true });
    expect(none.body).toMatchObject({ found: 0, added: 0 });
    expect(await arxivRequests()).toEqual([]);

    await api.put("/profile", { authorNames: ["Nobody Atall Xyzzy"] });
    const empty = await api.post("/authored-papers/refresh", { force: true });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ found: 0, added: 0 });

    const before = (await api.get("/authored-papers")).body.papers.length;
    // A name never searched, so no cached answer stands in for the failing arXiv.
    await api.put("/profile", { authorNames: ["Never Searched Before"] });
    await sandbox.control("POST", "/__control/faults", { route: "arxiv-api", status: 503, times: 20 });
    const failed = await api.post("/authored-papers/refresh", { force: true });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(failed.status).not.toBe(500);
    expect(typeof failed.body.error.message).toBe("string");
    expect((await api.get("/authored-papers")).body.papers.length).toBe(before);
  });
});
