import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox } from "../../../../sandbox/server";
import { addArxivVersion, publishArxivPaper, resetArxiv, setArxivOai } from "../../../../sandbox/test-support/arxiv-oai";
import { listMail } from "../../../../sandbox/test-support/mail";
import { indexedPaperToPaper } from "@/server/features/arxiv-index/index-search";
import { testDatabaseKind } from "@/test/test-database";
import { startTestServer, type TestServer } from "@/test/test-server";
import { createSignedInUser, type SignedInUser } from "@/test/test-users";
import type { Paper } from "@/shared/paper";
import type { PaperChange } from "@/shared/paper-changes";

// A small set of the sandbox's corpus (econ: a few dozen records), harvested whole, then again
// after the sandbox's arXiv has a new version of one paper and a publication of another.
const SCOPE = "econ";
const REVISED = "2406.19956";
const PUBLISHED = "2503.20711";
const READ_ONLY = "2505.23842";
// Published in journals that OpenAlex and Crossref know while arXiv's records name none
// (sandbox/scholarly/published-elsewhere.ts), and a paper no journal has published.
const ELSEWHERE = "2501.05022";
const ELSEWHERE_DOI = "10.1016/j.ijindorg.2025.103150";
const VIA_CROSSREF = "2601.16488";
const UNPUBLISHED = "2601.05050";

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let server: TestServer;

async function indexed(id: string): Promise<Paper> {
  const [row] = await server.arxivIndex.papers.byIds([id]);
  if (!row) throw new Error(`${id} is not in the index`);
  return indexedPaperToPaper(row);
}

async function call(user: SignedInUser, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, { method, headers: user.headers(), body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
}

const changesOf = async (user: SignedInUser): Promise<PaperChange[]> => (await call(user, "GET", "/api/me/paper-changes")).body.changes;

/** The check runs on the job queue after the harvest run: wait until it has found `count` changes (or time out). */
async function waitForChanges(user: SignedInUser, count: number): Promise<PaperChange[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const changes = await changesOf(user);
    if (changes.length >= count || Date.now() > deadline) return changes;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function bookmark(user: SignedInUser, paper: Paper) {
  const answer = await call(user, "PUT", `/api/me/bookmarks/${encodeURIComponent(paper.id)}`, { paper, tags: ["Reading group"] });
  expect(answer.status).toBe(200);
}

async function setDigest(user: SignedInUser) {
  const answer = await call(user, "PUT", "/api/me/profile", { emailPreferences: { welcome: false, notifications: "daily" } });
  expect(answer.status).toBe(200);
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, smtpPort: 0 });
  await resetArxiv(sandbox.url);
  await setArxivOai(sandbox.url, { recordsPerPage: 100 });
  server = await startTestServer({ sandboxUrl: sandbox.url, paperChanges: true, email: { retryDelaySeconds: 1 }, env: { SMTP_URL: sandbox.smtpUrl } });
  expect(await server.arxivIndex.harvest.harvestScope(SCOPE)).toBe("done");
}, 120_000);
afterAll(async () => {
  await server?.close();
  await resetArxiv(sandbox.url).catch(() => undefined);
  await sandbox?.close();
});

describe(`the version watch on ${testDatabaseKind}`, () => {
  it("finds a new version and a publication after a harvest, lists them, digests them once, and moves the bookmark on request; the switch off stops it", async () => {
    const watcher = await createSignedInUser(server);
    const switchedOff = await createSignedInUser(server);
    const historyReader = await createSignedInUser(server);
    const revised = await indexed(REVISED);
    const published = await indexed(PUBLISHED);
    const readOnly = await indexed(READ_ONLY);
    expect(published.doi ?? published.journalRef).toBeNull();
    const keptVersion = Number(/v(\d+)$/.exec(revised.arxivId!)![1]);

    for (const user of [watcher, switchedOff]) {
      await bookmark(user, revised);
      await bookmark(user, published);
      await setDigest(user);
    }
    expect((await call(switchedOff, "PUT", "/api/me/settings", { watchPaperChanges: false })).status).toBe(200);
    expect((await call(historyReader, "PUT", "/api/me/settings", { watchReadingHistory: true })).status).toBe(200);
    expect((await call(historyReader, "POST", "/api/me/history", { paper: readOnly, viewType: "abs" })).status).toBeLessThan(300);

    // Nothing changed yet: a check finds nothing.
    expect(await server.paperChanges.checkAll()).toBe(0);

    await addArxivVersion(sandbox.url, REVISED, { comment: "v2: new robustness checks" });
    await publishArxivPaper(sandbox.url, PUBLISHED, { doi: "10.1016/j.jeconom.2026.105123", journalRef: "Journal of Econometrics 250 (2026) 105123" });
    await publishArxivPaper(sandbox.url, READ_ONLY, { journalRef: "Econometrica 94 (2026) 1-30" });
    expect(await server.arxivIndex.harvest.harvestScope(SCOPE)).toBe("done");

    const changes = await waitForChanges(watcher, 2);
    expect(changes).toHaveLength(2);
    const version = changes.find((change) => change.kind === "version")!;
    expect(version).toMatchObject({ paperId: REVISED, origin: "bookmark", source: "index", fromVersion: keptVersion, toVersion: keptVersion + 1, comment: "v2: new robustness checks", seenAt: null });
    expect(Date.parse(version.versionDate!)).toBeGreaterThan(Date.now() - 2 * 24 * 3600 * 1000);
    expect(changes.find((change) => change.kind === "published")).toMatchObject({
      paperId: PUBLISHED,
      doi: "10.1016/j.jeconom.2026.105123",
      journalRef: "Journal of Econometrics 250 (2026) 105123",
    });
    // The switch off: nothing for that user; the reading history only for the one who asked for it.
    expect(await changesOf(switchedOff)).toEqual([]);
    expect(await waitForChanges(historyReader, 1)).toMatchObject([{ paperId: READ_ONLY, kind: "published", origin: "history", journalRef: "Econometrica 94 (2026) 1-30" }]);
    // The watcher's history is not watched (default off), so reading the same paper adds nothing there.

    // A second check stores nothing twice.
    expect(await server.paperChanges.checkAll()).toBe(0);

    // Seen.
    expect((await call(watcher, "POST", "/api/me/paper-changes/seen", {})).body.seen).toBe(2);
    expect((await changesOf(watcher)).every((change) => change.seenAt !== null)).toBe(true);

    // The digest lists the changes once; the switched-off user gets none of them.
    const run = await server.email!.runDigest("daily");
    expect(run.errors).toBe(0);
    const mail = await waitForMail(watcher.email);
    expect(mail.subject).toMatch(/2 changes to your papers/);
    expect(mail.text).toContain(`v${keptVersion} → v${keptVersion + 1}`);
    expect(mail.text).toContain("v2: new robustness checks");
    expect(mail.text).toContain("Published in Journal of Econometrics 250 (2026) 105123");
    expect((await listMail(sandbox.url, switchedOff.email)).filter((sent) => /catch-up/.test(sent.subject))).toEqual([]);
    const forDigest = await server.paperChanges.forDigest(watcher.id);
    expect(forDigest.changes).toEqual([]);

    // Move to the new version: the kept paper takes the new version; the change is closed.
    const updated = await call(watcher, "POST", `/api/me/paper-changes/bookmarks/${REVISED}/update`);
    expect(updated.status).toBe(200);
    expect(updated.body.bookmark.paperData).toMatchObject({ arxivId: `${REVISED}v${keptVersion + 1}`, comments: "v2: new robustness checks", pdfUrl: `https://arxiv.org/pdf/${REVISED}v${keptVersion + 1}` });
    expect(updated.body.bookmark.tags).toEqual(["Reading group"]);
    const publishedUpdate = await call(watcher, "POST", `/api/me/paper-changes/bookmarks/${PUBLISHED}/update`);
    expect(publishedUpdate.body.bookmark.paperData).toMatchObject({ doi: "10.1016/j.jeconom.2026.105123", journalRef: "Journal of Econometrics 250 (2026) 105123" });
    expect(await changesOf(watcher)).toEqual([]);
    expect(await server.paperChanges.checkAll()).toBe(0);
    // Nothing left to apply, an unknown bookmark and a bad change id are clear errors.
    expect((await call(watcher, "POST", `/api/me/paper-changes/bookmarks/${REVISED}/update`)).body.error.code).toBe("conflict");
    expect((await call(watcher, "POST", `/api/me/paper-changes/bookmarks/2401.00001/update`)).status).toBe(404);
    expect((await call(watcher, "POST", `/api/me/paper-changes/not-a-uuid/dismiss`)).status).toBe(400);
  }, 120_000);

  it("finds a publication arXiv does not name at OpenAlex (many papers a request), or at Crossref when OpenAlex fails, and asks again only after the interval", async () => {
    const user = await createSignedInUser(server);
    const elsewhere = await indexed(ELSEWHERE);
    const unpublished = await indexed(UNPUBLISHED);
    expect(elsewhere.doi ?? elsewhere.journalRef).toBeNull();
    await bookmark(user, elsewhere);
    await bookmark(user, unpublished);
    await setDigest(user);

    const since = Date.now();
    expect(await server.paperChanges.checkAll()).toBeGreaterThanOrEqual(1);
    const changes = await changesOf(user);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      paperId: ELSEWHERE,
      kind: "published",
      origin: "bookmark",
      source: "openalex",
      doi: ELSEWHERE_DOI,
      journalRef: "International Journal of Industrial Organization 101 (2025) 103150",
    });
    // Both papers in one OpenAlex request, their arXiv DOIs OR-ed.
    const byDoi = (await upstreamRequests("openalex-api", since)).filter((path) => path.includes("filter=doi:"));
    expect(byDoi).toHaveLength(1);
    expect(byDoi[0]).toMatch(new RegExp(`doi:[^&]*10\\.48550/arxiv\\.(${ELSEWHERE}|${UNPUBLISHED})\\|[^&]*10\\.48550/arxiv\\.(${ELSEWHERE}|${UNPUBLISHED})`));

    // Within the interval nothing is asked again, found or not.
    const again = Date.now();
    expect(await server.paperChanges.checkAll()).toBe(0);
    expect(await upstreamRequests("openalex-api", again)).toEqual([]);
    expect(await upstreamRequests("crossref-api", again)).toEqual([]);

    // OpenAlex down: Crossref's metadata matching finds the other one.
    const fault = await addFault({ route: "openalex-api", status: 503, match: `arxiv.${VIA_CROSSREF}` });
    try {
      await bookmark(user, await indexed(VIA_CROSSREF));
      const crossrefSince = Date.now();
      expect(await server.paperChanges.checkAll()).toBe(1);
      expect((await changesOf(user)).find((change) => change.paperId === VIA_CROSSREF)).toMatchObject({
        kind: "published",
        source: "crossref",
        doi: "10.1016/j.geb.2026.04.007",
        journalRef: expect.stringMatching(/^Games and Economic Behavior 158 \(2026\) 112-140$/),
      });
      expect((await upstreamRequests("crossref-api", crossrefSince)).some((path) => path.includes("query.bibliographic=Anonymous Pricing"))).toBe(true);
    } finally {
      await fetch(`${sandbox.url}/__control/faults?id=${fault}`, { method: "DELETE" });
    }

    // The digest says it, and Update moves the bookmark to the journal version.
    expect((await server.email!.runDigest("daily")).errors).toBe(0);
    const mail = await waitForMail(user.email);
    expect(mail.text).toContain("Published in International Journal of Industrial Organization 101 (2025) 103150");
    expect(mail.text).toContain("Published in Games and Economic Behavior");
    const updated = await call(user, "POST", `/api/me/paper-changes/bookmarks/${ELSEWHERE}/update`);
    expect(updated.body.bookmark.paperData).toMatchObject({ doi: ELSEWHERE_DOI, journalRef: "International Journal of Industrial Organization 101 (2025) 103150" });
    expect((await changesOf(user)).map((change) => change.paperId)).toEqual([VIA_CROSSREF]);
    expect(await server.paperChanges.checkAll()).toBe(0);
  }, 120_000);

  it("compares a paper the user opens with their bookmark (papers outside the index), and dismisses", async () => {
    const user = await createSignedInUser(server);
    const kept: Paper = { ...(await indexed(REVISED)), id: "2401.09999", arxivId: "2401.09999v1", doi: null, journalRef: null, url: "https://arxiv.org/abs/2401.09999v1", pdfUrl: "https://arxiv.org/pdf/2401.09999v1" };
    await bookmark(user, kept);
    const opened: Paper = { ...kept, arxivId: "2401.09999v3", updatedDate: "2026-03-12T10:00:00Z", comments: "v3: camera ready", doi: "10.1000/example.1" };
    const observed = await call(user, "POST", "/api/me/paper-changes/observed", { paper: opened });
    expect(observed.status).toBe(200);
    expect(observed.body.changes).toHaveLength(2);
    expect(observed.body.changes.find((change: PaperChange) => change.kind === "version")).toMatchObject({ fromVersion: 1, toVersion: 3, source: "opened", comment: "v3: camera ready" });
    const dismissed = await call(user, "POST", `/api/me/paper-changes/${observed.body.changes[0].id}/dismiss`);
    expect(dismissed.status).toBe(200);
    expect(await changesOf(user)).toHaveLength(1);
    // A paper with no bookmark, and a bad paper, change nothing.
    expect((await call(user, "POST", "/api/me/paper-changes/observed", { paper: { ...opened, id: "2401.08888" } })).body.changes).toEqual([]);
    expect((await call(user, "POST", "/api/me/paper-changes/observed", { paper: { id: "x" } })).status).toBe(400);
    // Another user cannot dismiss it.
    const other = await createSignedInUser(server);
    const remaining = (await changesOf(user))[0]!;
    expect((await call(other, "POST", `/api/me/paper-changes/${remaining.id}/dismiss`)).status).toBe(404);
  }, 60_000);
});

type LoggedRequest = { path: string };

async function upstreamRequests(route: "openalex-api" | "crossref-api", since: number): Promise<string[]> {
  const answer = await fetch(`${sandbox.url}/__control/requests?route=${route}&since=${since}`);
  return ((await answer.json()) as { requests: LoggedRequest[] }).requests.map((request) => decodeURIComponent(request.path.replace(/\+/g, " ")));
}

async function addFault(fault: Record<string, unknown>): Promise<number> {
  const answer = await fetch(`${sandbox.url}/__control/faults`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(fault) });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { faults: { id: number }[] }).faults[0]!.id;
}

async function waitForMail(to: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = (await listMail(sandbox.url, to)).filter((sent) => /catch-up/.test(sent.subject));
    if (mail.length > 0) return mail[0]!;
    if (Date.now() > deadline) throw new Error(`no digest reached ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
