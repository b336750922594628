import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DeleteObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startSandbox } from "../../../../sandbox/server";
import { PDF_FAULT_IDS } from "../../../../sandbox/arxiv/pdf-faults";
import type { CachedPdfEntry, PdfCacheStats } from "@/shared/pdf-cache";
import { testDatabaseKind } from "@/test/test-database";
import { startS3Server, S3_TEST_CREDENTIALS, type TestS3Server } from "@/test/s3-server";
import { startTestServer, type TestServer } from "@/test/test-server";
import { createSignedInUser, type SignedInUser } from "@/test/test-users";
import { eq } from "drizzle-orm";
import { resolveAuthSecret } from "@/server/auth/secret";
import { pdfBlobs, user as userTable } from "@/server/db/schema";
import { pdfProxyRoutes } from "@/server/features/pdf/pdf-proxy.routes";
import { pdfProxyService } from "@/server/features/pdf/pdf-proxy.service";
import { createLogger } from "@/server/logger";
import { createArxivPdfSource } from "@/server/sources/arxiv/arxiv-pdf-source";
import { blobUrlSigner } from "@/server/storage/blob-url-signer";
import { createBlobStore } from "@/server/storage/create-blob-store";
import { fileBlobStore, type BlobFileWriter } from "@/server/storage/file-blob-store";
import { createTestDatabase } from "@/test/test-database";
import { pdfCacheRepository } from "./pdf-cache.repository";
import { blobKeyFor, pdfCacheService } from "./pdf-cache.service";

/**
 * The cloud PDF cache end to end over real HTTP: Quire's server, the sandbox's arXiv PDFs,
 * and each object store (a directory, and a real S3-protocol server).
 */
const REAL = "1911.02782"; // 2,151,239 bytes
const LONG_EVAL = "2301.13298"; // 1,185,110 bytes
const SMALL_A = "0704.0086";
const SMALL_B = "0704.0087";
const TEN_PAGES = "2406.19956";

type Variant = {
  name: "file" | "s3";
  /** Whether the store still holds the object of `hash`. */
  holds(hash: string): Promise<boolean>;
  env(): Record<string, string>;
  /** Makes the stored object of `hash` hold other bytes. */
  corrupt(hash: string): Promise<void>;
  /** Deletes the stored object of `hash` behind the cache's back (an emptied bucket). */
  remove(hash: string): Promise<void>;
  breakStore(): Promise<void>;
  repairStore(): Promise<void>;
};

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let limitBytes = 0;
const sizes: Record<string, number> = {};
let s3: TestS3Server;
const tempDirs: string[] = [];

/**
 * A database of a test's own, with these users, and a file store in an empty directory
 * (removed after the tests); `writer` stands in for the file system's writes.
 */
async function ownCache(prefix: string, users: string[], writer?: BlobFileWriter) {
  const database = await createTestDatabase();
  const root = mkdtempSync(path.join(os.tmpdir(), `quire-${prefix}-`));
  tempDirs.push(root);
  await database.db.insert(userTable).values(users.map((id) => ({ id, name: id, email: `${id}@quire.invalid` })));
  const store = fileBlobStore({ root, signer: blobUrlSigner("x".repeat(32)), publicUrl: "http://127.0.0.1", ...(writer ? { writer } : {}) });
  return { database, root, store };
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, smtpPort: 0 });
  for (const id of [REAL, LONG_EVAL, SMALL_A, SMALL_B, TEN_PAGES]) {
    sizes[id] = (await (await fetch(`${sandbox.url}/arxiv/pdf/${id}`)).arrayBuffer()).byteLength;
  }
  // LongEval and one small paper fit; a second small one does not; S2ORC alone is over.
  limitBytes = sizes[LONG_EVAL]! + sizes[SMALL_A]! + 1000;
  s3 = await startS3Server();
}, 60_000);
afterAll(async () => {
  await s3?.close();
  await sandbox?.close();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await fetch(`${sandbox.url}/__control/faults`, { method: "DELETE" });
  await fetch(`${sandbox.url}/__control/requests`, { method: "DELETE" });
});

function fileVariant(): Variant {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "quire-pdf-cache-"));
  tempDirs.push(dataDir);
  const blobs = path.join(dataDir, "blobs");
  return {
    name: "file",
    holds: async (hash) => existsSync(path.join(blobs, ...blobKeyFor(hash).split("/"))),
    env: () => ({ DATA_DIR: dataDir }),
    corrupt: async (hash) => writeFileSync(path.join(blobs, ...blobKeyFor(hash).split("/")), "%PDF-1.4 these are not the bytes you stored"),
    remove: async (hash) => rmSync(path.join(blobs, ...blobKeyFor(hash).split("/"))),
    breakStore: async () => {
      // The directory is gone and a file stands in its place: nothing can be read or written.
      renameSync(blobs, `${blobs}.away`);
      writeFileSync(blobs, "not a directory");
    },
    repairStore: async () => {
      rmSync(blobs, { force: true });
      renameSync(`${blobs}.away`, blobs);
      mkdirSync(path.join(blobs, ".tmp"), { recursive: true });
    },
  };
}

function s3Variant(): Variant {
  const bucket = `quire-cache-${Math.random().toString(36).slice(2, 8)}`;
  const client = () => new S3Client({ endpoint: s3.endpoint, region: "us-east-1", forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
  return {
    name: "s3",
    holds: async (hash) =>
      client()
        .send(new HeadObjectCommand({ Bucket: bucket, Key: blobKeyFor(hash) }))
        .then(() => true)
        .catch(() => false),
    env: () => ({
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    }),
    corrupt: async (hash) => {
      await client().send(new PutObjectCommand({ Bucket: bucket, Key: blobKeyFor(hash), Body: Buffer.from("%PDF-1.4 these are not the bytes you stored") }));
    },
    remove: async (hash) => {
      await client().send(new DeleteObjectCommand({ Bucket: bucket, Key: blobKeyFor(hash) }));
    },
    breakStore: () => s3.stop(),
    repairStore: () => s3.start(),
  };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe.each([{ make: fileVariant }, { make: s3Variant }])(`cloud PDF cache (${testDatabaseKind})`, ({ make }) => {
  const variant = make();
  let server: TestServer;
  let owner: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer({ sandboxUrl: sandbox.url, env: { ...variant.env(), PDF_CACHE_USER_LIMIT_BYTES: String(limitBytes) } });
    owner = await createSignedInUser(server);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const open = (user: SignedInUser | null, paperId: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/pdf-proxy?paperId=${encodeURIComponent(paperId)}`, { headers: { ...(user ? { Cookie: user.cookie } : {}), ...headers } });
  const api = async <T>(user: SignedInUser, method: string, route: string): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${server.url}/api/pdf-cache${route}`, { method, headers: user.headers() });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  };
  const list = async (user: SignedInUser) => {
    const answer = await api<{ files: CachedPdfEntry[] }>(user, "GET", "");
    if (answer.status !== 200) throw new Error(`GET /api/pdf-cache: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.files;
  };
  const stats = async (user: SignedInUser) => (await api<PdfCacheStats>(user, "GET", "/stats")).body;
  /** The cache stores in the background once the download is whole: wait for it. */
  async function waitForEntry(user: SignedInUser, paperId: string, check: (entry: CachedPdfEntry) => boolean = () => true) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const entry = (await list(user)).find((file) => file.paperId === paperId);
      if (entry && check(entry)) return entry;
      if (Date.now() > deadline) throw new Error(`${paperId} was not cached for ${user.email}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const pdfRequests = async () =>
    ((await (await fetch(`${sandbox.url}/__control/requests?route=arxiv-pdf`)).json()) as { requests: unknown[] }).requests.length;
  /**
   * The host holds its next PDF answer a second: opens sent together are all in before the
   * first one's download ends, however slowly the machine handles them ("at once" is opens
   * that overlap; one that arrives after the download and the store finished is a later open).
   */
  const holdNextPdfAnswer = () =>
    fetch(`${sandbox.url}/__control/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ route: "arxiv-pdf", latencyMs: 1000, times: 1 }),
    });

  describe(`${variant.name} store`, () => {
    it("stores the first open once, serves the second from the cache, and counts both opens", async () => {
      const first = await open(owner, TEN_PAGES);
      expect(first.status).toBe(200);
      expect(first.headers.get("x-pdf-cache")).toBe("miss");
      expect(first.headers.get("cache-control")).toBe("private, no-cache");
      const bytes = new Uint8Array(await first.arrayBuffer());
      const entry = await waitForEntry(owner, TEN_PAGES);
      expect(entry).toMatchObject({
        paperId: TEN_PAGES,
        arxivId: TEN_PAGES,
        source: "arxiv",
        fileSize: bytes.byteLength,
        fileHash: sha256(bytes),
        accessCount: 1,
        storagePath: `user-${owner.id}/arxiv/${TEN_PAGES}.pdf`,
      });
      await fetch(`${sandbox.url}/__control/requests`, { method: "DELETE" });

      const second = await open(owner, TEN_PAGES);
      expect(second.status).toBe(200);
      expect(second.headers.get("x-pdf-cache")).toBe("hit");
      expect(second.headers.get("etag")).toBe(`"sha256-${entry.fileHash}"`);
      expect(Buffer.from(await second.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
      expect(await pdfRequests()).toBe(0);
      const after = (await list(owner)).find((file) => file.paperId === TEN_PAGES)!;
      expect(after.accessCount).toBe(2);
      expect(Date.parse(after.lastAccessed)).toBeGreaterThan(Date.parse(entry.lastAccessed));
      // The title and authors come from arXiv once the file is stored.
      const titled = await waitForEntry(owner, TEN_PAGES, (file) => file.paperTitle !== null);
      expect(titled.paperTitle?.length).toBeGreaterThan(5);
      expect(titled.paperAuthors?.length).toBeGreaterThan(2);
    }, 30_000);

    it("answers ranges from the cache (not counted as opens), 416 past the end, 304 for the browser's copy (counted)", async () => {
      const entry = await waitForEntry(owner, TEN_PAGES);
      const part = await open(owner, TEN_PAGES, { Range: "bytes=100-1123" });
      expect(part.status).toBe(206);
      expect(part.headers.get("x-pdf-cache")).toBe("hit");
      expect(part.headers.get("content-range")).toBe(`bytes 100-1123/${entry.fileSize}`);
      expect((await part.arrayBuffer()).byteLength).toBe(1024);
      const tail = await open(owner, TEN_PAGES, { Range: "bytes=-10" });
      expect(tail.headers.get("content-range")).toBe(`bytes ${entry.fileSize - 10}-${entry.fileSize - 1}/${entry.fileSize}`);
      await tail.arrayBuffer();
      const beyond = await open(owner, TEN_PAGES, { Range: `bytes=${entry.fileSize}-` });
      expect(beyond.status).toBe(416);
      expect((await list(owner)).find((file) => file.paperId === TEN_PAGES)!.accessCount).toBe(entry.accessCount);

      const revalidated = await open(owner, TEN_PAGES, { "If-None-Match": `"sha256-${entry.fileHash}"` });
      expect(revalidated.status).toBe(304);
      expect((await list(owner)).find((file) => file.paperId === TEN_PAGES)!.accessCount).toBe(entry.accessCount + 1);
      expect(await pdfRequests()).toBe(0);
    });

    it("keeps anonymous readers as they were: nothing stored, the browser may keep the file an hour", async () => {
      const response = await open(null, SMALL_B);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-pdf-cache")).toBeNull();
      expect(response.headers.get("cache-control")).toBe("private, max-age=3600");
      await response.arrayBuffer();
      const again = await open(null, SMALL_B);
      expect(again.headers.get("x-pdf-cache")).toBeNull();
      await again.arrayBuffer();
      expect(await pdfRequests()).toBe(2);
    });

    it("stores a paper two users keep once, counts it for each, and drops the bytes with the last of them", async () => {
      const other = await createSignedInUser(server);
      await (await open(other, TEN_PAGES)).arrayBuffer();
      const theirs = await waitForEntry(other, TEN_PAGES);
      const mine = await waitForEntry(owner, TEN_PAGES);
      expect(theirs.fileHash).toBe(mine.fileHash);
      expect(theirs.storagePath).toBe(`user-${other.id}/arxiv/${TEN_PAGES}.pdf`);
      expect((await stats(other)).totalSize).toBe(theirs.fileSize);
      const everything = await fetch(`${server.url}/api/pdf-cache/stats/all`, { headers: owner.headers() });
      expect(everything.status).toBe(403);

      const removed = await api(other, "DELETE", `/files/${TEN_PAGES}`);
      expect(removed.status).toBe(204);
      expect(await list(other)).toEqual([]);
      // Still mine, still whole.
      const hit = await open(owner, TEN_PAGES);
      expect(hit.headers.get("x-pdf-cache")).toBe("hit");
      expect(sha256(new Uint8Array(await hit.arrayBuffer()))).toBe(mine.fileHash);
      expect((await api(other, "DELETE", `/files/${TEN_PAGES}`)).body).toEqual({ error: { code: "not_found", message: "File not found" } });
      expect((await api(other, "DELETE", "/files/not-a-paper")).status).toBe(400);
    });

    it("keeps a user within the limit by removing the least recently read, and never stores a PDF over it", async () => {
      const reader = await createSignedInUser(server);
      await (await open(reader, SMALL_A)).arrayBuffer();
      await waitForEntry(reader, SMALL_A);
      await (await open(reader, SMALL_B)).arrayBuffer();
      await waitForEntry(reader, SMALL_B);
      // SMALL_A read again: SMALL_B is now the least recently read.
      expect((await open(reader, SMALL_A)).headers.get("x-pdf-cache")).toBe("hit");
      await (await open(reader, LONG_EVAL)).arrayBuffer();
      await waitForEntry(reader, LONG_EVAL);
      expect((await list(reader)).map((file) => file.paperId).sort()).toEqual([LONG_EVAL, SMALL_A].sort());
      const within = await stats(reader);
      expect(within.totalSize).toBeLessThanOrEqual(limitBytes);
      expect(within).toMatchObject({ totalFiles: 2, limitBytes, storage: { kind: variant.name, ok: true, reason: null } });

      const tooBig = await open(reader, REAL);
      expect(tooBig.status).toBe(200);
      expect(tooBig.headers.get("x-pdf-cache-reason")).toBe("over-user-limit");
      expect((await tooBig.arrayBuffer()).byteLength).toBe(sizes[REAL]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await list(reader)).map((file) => file.paperId)).not.toContain(REAL);
    }, 30_000);

    it("finds a corrupt cached object by its hash, serves the PDF from the host and stores it again", async () => {
      const reader = await createSignedInUser(server);
      const good = new Uint8Array(await (await open(reader, SMALL_B)).arrayBuffer());
      const entry = await waitForEntry(reader, SMALL_B);
      await variant.corrupt(entry.fileHash);

      const refetched = await open(reader, SMALL_B);
      expect(refetched.status).toBe(200);
      expect(refetched.headers.get("x-pdf-cache")).toBe("miss");
      expect(refetched.headers.get("x-pdf-cache-reason")).toBe("corrupt-object-refetched");
      expect(Buffer.from(await refetched.arrayBuffer()).equals(Buffer.from(good))).toBe(true);
      await waitForEntry(reader, SMALL_B, (file) => file.accessCount === 2);
      const healed = await open(reader, SMALL_B);
      expect(healed.headers.get("x-pdf-cache")).toBe("hit");
      expect(Buffer.from(await healed.arrayBuffer()).equals(Buffer.from(good))).toBe(true);
    }, 30_000);

    it("says the object is missing (not corrupt) when the store lost it, and fetches it again", async () => {
      const reader = await createSignedInUser(server);
      const good = new Uint8Array(await (await open(reader, SMALL_B)).arrayBuffer());
      const entry = await waitForEntry(reader, SMALL_B);
      await variant.remove(entry.fileHash);
      const part = await open(reader, SMALL_B, { Range: "bytes=0-99" });
      expect(part.headers.get("x-pdf-cache-reason")).toBe("missing-object-refetched");
      await part.arrayBuffer();
      const refetched = await open(reader, SMALL_B);
      expect(refetched.headers.get("x-pdf-cache")).toBe("miss");
      expect(refetched.headers.get("x-pdf-cache-reason")).toBe("missing-object-refetched");
      expect(Buffer.from(await refetched.arrayBuffer()).equals(Buffer.from(good))).toBe(true);
      await waitForEntry(reader, SMALL_B, (file) => file.accessCount === 2);
      expect(await variant.holds(entry.fileHash)).toBe(true);
    }, 30_000);

    it("downloads a paper once when it is opened twice at once, by one reader or by two", async () => {
      const reader = await createSignedInUser(server);
      await fetch(`${sandbox.url}/__control/requests`, { method: "DELETE" });
      await holdNextPdfAnswer();
      const [first, second] = await Promise.all([open(reader, LONG_EVAL), open(reader, LONG_EVAL)]);
      const bodies = await Promise.all([first.arrayBuffer(), second.arrayBuffer()]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(bodies.map((body) => body.byteLength)).toEqual([sizes[LONG_EVAL], sizes[LONG_EVAL]]);
      expect(sha256(new Uint8Array(bodies[0]))).toBe(sha256(new Uint8Array(bodies[1])));
      expect([first.headers.get("x-pdf-cache"), second.headers.get("x-pdf-cache")].sort()).toEqual(["hit", "miss"]);
      expect(await pdfRequests()).toBe(1);
      expect((await waitForEntry(reader, LONG_EVAL)).accessCount).toBe(2);

      const [a, b] = [await createSignedInUser(server), await createSignedInUser(server)];
      await fetch(`${sandbox.url}/__control/requests`, { method: "DELETE" });
      await holdNextPdfAnswer();
      const both = await Promise.all([open(a, SMALL_A), open(b, SMALL_A)]);
      const sizesSeen = await Promise.all(both.map(async (answer) => (await answer.arrayBuffer()).byteLength));
      expect(sizesSeen).toEqual([sizes[SMALL_A], sizes[SMALL_A]]);
      expect(await pdfRequests()).toBe(1);
      await waitForEntry(a, SMALL_A);
      await waitForEntry(b, SMALL_A);
    }, 30_000);

    it("does not store a PDF the host cut off half-way", async () => {
      const reader = await createSignedInUser(server);
      const cut = await open(reader, PDF_FAULT_IDS.truncated);
      expect(cut.status).toBe(200);
      await cut.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await list(reader)).toEqual([]);
    });

    it("gives a signed URL of a cached PDF, for 3600 s and for its user", async () => {
      const entry = await waitForEntry(owner, TEN_PAGES);
      const signed = await api<{ url: string; expiresAt: string }>(owner, "GET", `/files/${TEN_PAGES}/url`);
      expect(signed.status).toBe(200);
      expect(Date.parse(signed.body.expiresAt) - Date.now()).toBeGreaterThan(3590_000);
      const response = await fetch(signed.body.url, { headers: { Cookie: owner.cookie } });
      expect(response.status).toBe(200);
      expect(sha256(new Uint8Array(await response.arrayBuffer()))).toBe(entry.fileHash);
      if (variant.name === "file") {
        const other = await createSignedInUser(server);
        expect((await fetch(signed.body.url, { headers: { Cookie: other.cookie } })).status).toBe(403);
      }
      expect((await api(owner, "GET", `/files/${SMALL_A}/url`)).status).toBe(404);
    });

    it("sets its storage up on request (signed in only)", async () => {
      const answer = await fetch(`${server.url}/api/pdf-proxy?action=setup`, { method: "POST", headers: owner.headers() });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ error: null, note: expect.stringMatching(/PDF cache storage is/) });
      expect((await fetch(`${server.url}/api/pdf-proxy?action=setup`, { method: "POST" })).status).toBe(401);
    });

    it("opens PDFs through the proxy while the object store is down, and says why", async () => {
      const reader = await createSignedInUser(server);
      await (await open(reader, SMALL_A)).arrayBuffer();
      await waitForEntry(reader, SMALL_A);
      await variant.breakStore();
      try {
        const cached = await open(reader, SMALL_A);
        expect(cached.status).toBe(200);
        expect(cached.headers.get("x-pdf-cache-reason")).toBe("storage-unavailable");
        expect((await cached.arrayBuffer()).byteLength).toBe(sizes[SMALL_A]);
        const uncached = await open(reader, SMALL_B);
        expect(uncached.status).toBe(200);
        // A paper never cached says why it will not be either.
        expect(uncached.headers.get("x-pdf-cache")).toBe("miss");
        expect(uncached.headers.get("x-pdf-cache-reason")).toBe("storage-unavailable");
        expect((await uncached.arrayBuffer()).byteLength).toBe(sizes[SMALL_B]);
        // Later opens go straight to the host for a while, without waiting for the store again.
        const again = await open(reader, SMALL_A);
        expect(again.headers.get("x-pdf-cache-reason")).toBe("storage-unavailable");
        await again.arrayBuffer();

        const down = await stats(reader);
        expect(down.storage.ok).toBe(false);
        expect(down.storage.reason).toMatch(variant.name === "s3" ? /ECONNREFUSED|did not answer/ : /cannot be used/);
        expect(down.totalFiles).toBe(1);
        const setup = await fetch(`${server.url}/api/pdf-proxy?action=setup`, { method: "POST", headers: reader.headers() });
        expect(setup.status).toBe(503);
        expect(((await setup.json()) as { error: { message: string } }).error.message).toMatch(/^Failed to initialize PDF cache service: /);
      } finally {
        await variant.repairStore();
      }
      expect((await stats(reader)).storage).toEqual({ kind: variant.name, ok: true, reason: null });
      expect((await open(reader, SMALL_A)).headers.get("x-pdf-cache")).toBe("hit");
      expect((await list(reader)).map((file) => file.paperId)).toEqual([SMALL_A]);
    }, 30_000);

    it("clears a user's cache, and exports what it holds; the bytes go with the last reader", async () => {
      const reader = await createSignedInUser(server);
      const only = "0704.0088";
      await (await open(reader, only)).arrayBuffer();
      const entry = await waitForEntry(reader, only);
      expect(await variant.holds(entry.fileHash)).toBe(true);
      const exported = (await (await fetch(`${server.url}/api/me/export`, { headers: reader.headers() })).json()) as { data: { pdfCache: CachedPdfEntry[] } };
      expect(exported.data.pdfCache.map((file) => file.paperId)).toEqual([only]);
      expect((await api<{ removed: number }>(reader, "DELETE", "")).body).toEqual({ removed: 1 });
      expect(await list(reader)).toEqual([]);
      expect(await stats(reader)).toMatchObject({ totalFiles: 0, totalSize: 0, totalSizeMB: 0, lastCachedAt: null });
      expect(await server.database.db.select().from(pdfBlobs).where(eq(pdfBlobs.hash, entry.fileHash))).toEqual([]);
      expect(await variant.holds(entry.fileHash)).toBe(false);
      expect((await fetch(`${server.url}/api/pdf-cache`)).status).toBe(401);
    });

    it("removes the bytes a deleted account kept when the sweep runs", async () => {
      const leaving = await createSignedInUser(server);
      const only = "0704.0089";
      await (await open(leaving, only)).arrayBuffer();
      const entry = await waitForEntry(leaving, only);
      const deleted = await fetch(`${server.url}/api/auth/delete-user`, { method: "POST", headers: leaving.headers(), body: JSON.stringify({ password: leaving.password }) });
      expect(deleted.status).toBe(200);
      expect(await variant.holds(entry.fileHash)).toBe(true);
      const secret = await resolveAuthSecret(server.database.db, server.config.AUTH_SECRET);
      const sweeper = pdfCacheService({
        repository: pdfCacheRepository(server.database.db),
        store: createBlobStore(server.config, secret).store,
        logger: createLogger("silent"),
        limitBytes,
      });
      expect(await sweeper.sweepUnusedBlobs()).toBeGreaterThanOrEqual(1);
      expect(await variant.holds(entry.fileHash)).toBe(false);
      // What others keep stays.
      expect((await open(owner, TEN_PAGES)).headers.get("x-pdf-cache")).toBe("hit");
    });
  });
});

describe(`a full disk while the cache saves (${testDatabaseKind})`, () => {
  it("still sends the whole PDF, stores nothing and leaves no partial file", async () => {
    const fullDisk: BlobFileWriter = {
      writeFile: (async (file: string, data: Uint8Array) => {
        writeFileSync(file, data.subarray(0, Math.floor(data.byteLength / 2)));
        throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
      }) as BlobFileWriter["writeFile"],
    };
    const { database, root, store } = await ownCache("full-disk", ["reader"], fullDisk);
    try {
      const logger = createLogger("silent");
      const cache = pdfCacheService({
        repository: pdfCacheRepository(database.db),
        store,
        logger,
        limitBytes: 10 * 1024 * 1024,
      });
      const proxy = pdfProxyService({ source: createArxivPdfSource({ pdfUrl: `${sandbox.url}/arxiv/pdf`, userAgent: "quire-test", logger }), cache });
      const response = await proxy.proxy({ paperId: LONG_EVAL, range: undefined, userId: "reader" });
      expect(response.status).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBe(sizes[LONG_EVAL]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await cache.list("reader")).toEqual([]);
      expect(readdirSync(path.join(root, ".tmp"))).toEqual([]);
      expect(await database.db.select().from(pdfBlobs)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe(`two opens of a paper at once (${testDatabaseKind})`, () => {
  it("download it once even when the first download ends while the second is still reading its session", async () => {
    const { database, store } = await ownCache("pdf-overlap", ["first", "second"]);
    try {
      const logger = createLogger("silent");
      const cache = pdfCacheService({
        repository: pdfCacheRepository(database.db),
        store,
        logger,
        limitBytes: 10 * 1024 * 1024,
      });
      const host = createArxivPdfSource({ pdfUrl: `${sandbox.url}/arxiv/pdf`, userAgent: "quire-test", logger });
      let downloads = 0;
      const proxy = pdfProxyService({ source: { ...host, fetchPdf: (id, request) => (downloads++, host.fetchPdf(id, request)) }, cache });
      // Sessions are read as the server reads them; the second reader's is held until the test lets it go.
      let sessionRead!: () => void;
      const secondSession = new Promise<void>((resolve) => (sessionRead = resolve));
      const auth = {
        api: {
          getSession: async ({ headers }: { headers: Headers }) => {
            const id = /reader=(\w+)/.exec(headers.get("cookie") ?? "")?.[1] ?? "";
            if (id === "second") await secondSession;
            return { user: { id } };
          },
        },
      } as unknown as NonNullable<Parameters<typeof pdfProxyRoutes>[1]>["auth"];
      const routes = pdfProxyRoutes(proxy, { auth });
      const open = (reader: string) => routes.request(`/?paperId=${SMALL_A}`, { headers: { cookie: `reader=${reader}` } });

      const first = await open("first");
      expect(first.headers.get("x-pdf-cache")).toBe("miss");
      expect(downloads).toBe(1);
      expect(cache.downloading(SMALL_A)).toBe(true);
      // The second open arrives while the first downloads; its session is read only once that
      // download has ended and stored the file, after its cache lookup would have found nothing.
      const second = open("second");
      const bytes = new Uint8Array(await first.arrayBuffer());
      await vi.waitFor(() => expect(cache.downloading(SMALL_A)).toBe(false));
      expect((await cache.list("first")).map((file) => file.paperId)).toEqual([SMALL_A]);
      sessionRead();
      const shared = await second;
      expect(shared.status).toBe(200);
      expect(shared.headers.get("x-pdf-cache")).toBe("hit");
      expect(sha256(new Uint8Array(await shared.arrayBuffer()))).toBe(sha256(bytes));
      expect(downloads).toBe(1);
      expect((await cache.list("second")).map((file) => file.fileHash)).toEqual([sha256(bytes)]);

      // An open that arrives after the download ended is a later open: its own download.
      await database.db.insert(userTable).values({ id: "later", name: "Later", email: "later@quire.invalid" });
      const third = await open("later");
      expect(third.headers.get("x-pdf-cache")).toBe("miss");
      await third.arrayBuffer();
      expect(downloads).toBe(2);
    } finally {
      await database.close();
    }
  });
});

describe(`storing a PDF over the limit (${testDatabaseKind})`, () => {
  it("never lets a reader see the user over the limit: the new row and the removals land together", async () => {
    const { database, store } = await ownCache("pdf-trim", ["reader"]);
    try {
      const pdf = (fill: string) => new TextEncoder().encode(`%PDF-1.4\n${fill.repeat(400)}\n%%EOF\n`);
      const limit = 1000;
      const cache = pdfCacheService({
        repository: pdfCacheRepository(database.db),
        store,
        logger: createLogger("silent"),
        limitBytes: limit,
      });
      await cache.add("reader", "0704.0001", pdf("a"));
      await cache.add("reader", "0704.0002", pdf("b"));
      const seen: number[] = [];
      for (let round = 0; round < 5; round++) {
        let storing = true;
        const stored = cache.add("reader", `0704.001${round}`, pdf(String(round))).finally(() => {
          storing = false;
        });
        // A reader looking as often as it can (yielding, so the store goes on too).
        while (storing) {
          seen.push((await cache.list("reader")).reduce((total, file) => total + file.fileSize, 0));
          await new Promise((resolve) => setImmediate(resolve));
        }
        await stored;
      }
      expect(seen.length).toBeGreaterThan(5);
      expect(Math.max(...seen)).toBeLessThanOrEqual(limit);
      expect((await cache.list("reader")).map((file) => file.paperId).sort()).toEqual(["0704.0013", "0704.0014"]);
    } finally {
      await database.close();
    }
  });
});

describe(`a cached PDF of a paper revised since (${testDatabaseKind})`, () => {
  it("is checked against arXiv once a day after a day, fetched again when revised, and not brought back once removed", async () => {
    const { database, root, store } = await ownCache("pdf-refresh", ["reader"]);
    try {
      const day = 24 * 60 * 60 * 1000;
      const cachedAt = Date.parse("2026-03-02T10:00:00Z");
      let now = cachedAt;
      let revisedAt = "2026-03-01T00:00:00Z";
      const lookups: string[][] = [];
      // While set, arXiv's answers wait for it (a lookup still under way when the next read comes).
      let slowArxiv: Promise<void> | null = null;
      const logger = createLogger("silent");
      const arxiv = {
        search: async (params: { idList?: string[] }) => {
          lookups.push(params.idList ?? []);
          await slowArxiv;
          return { papers: [{ id: params.idList?.[0], title: "A paper", authors: ["A. Author"], updatedDate: revisedAt }] };
        },
      } as unknown as Parameters<typeof pdfCacheService>[0]["arxiv"];
      const repository = pdfCacheRepository(database.db);
      const cache = pdfCacheService({
        repository,
        store,
        logger,
        limitBytes: 50 * 1024 * 1024,
        arxiv,
        pdfSource: createArxivPdfSource({ pdfUrl: `${sandbox.url}/arxiv/pdf`, userAgent: "quire-test", logger }),
        clock: () => new Date(now),
      });
      const latest = new Uint8Array(await (await fetch(`${sandbox.url}/arxiv/pdf/${SMALL_A}`)).arrayBuffer());
      // The version cached first: other bytes than the host's latest.
      const first = new Uint8Array(await (await fetch(`${sandbox.url}/arxiv/pdf/${SMALL_B}`)).arrayBuffer());
      await cache.add("reader", SMALL_A, first);
      const read = async () => {
        const outcome = await cache.serve("reader", SMALL_A, {});
        return sha256(new Uint8Array(await outcome.response!.arrayBuffer()));
      };
      const entry = async () => (await cache.list("reader")).find((file) => file.paperId === SMALL_A)!;
      const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
      // The first read looks the title up (a PDF cached through add() has none yet).
      await read();
      await vi.waitFor(async () => expect((await entry()).paperTitle).toBe("A paper"));
      lookups.length = 0;

      // Within a day of caching: no lookup.
      now = cachedAt + day - 1000;
      expect(await read()).toBe(sha256(first));
      await settle();
      expect(lookups).toEqual([]);

      // Two days on, not revised since: one lookup, the cached copy stays; read again that day, no second lookup.
      now = cachedAt + 2 * day;
      expect(await read()).toBe(sha256(first));
      expect(await read()).toBe(sha256(first));
      await settle();
      expect(lookups).toEqual([[SMALL_A]]);
      expect((await entry()).fileHash).toBe(sha256(first));

      // arXiv has a newer version: the next day's read is still the cached copy, then the new one is stored.
      revisedAt = new Date(cachedAt + 2.5 * day).toISOString();
      now = cachedAt + 3 * day + 1000;
      expect(await read()).toBe(sha256(first));
      await vi.waitFor(async () => expect((await entry()).fileHash).toBe(sha256(latest)), { timeout: 10_000 });
      expect(await read()).toBe(sha256(latest));
      // Six reads counted and the open that cached it; the refresh is not a read.
      expect((await entry()).accessCount).toBe(7);
      expect(await cache.list("reader")).toHaveLength(1);
      expect((await database.db.select().from(pdfBlobs)).map((blob) => blob.hash)).toEqual([sha256(latest)]);

      // A PDF kept at a version (a bookmark of v1 opened) stays that version, however old and
      // however revised the paper: its title is looked up once, arXiv is never asked whether it changed.
      const versioned = `${SMALL_A}v1`;
      await cache.add("reader", versioned, first);
      lookups.length = 0;
      revisedAt = new Date(now + day).toISOString();
      const readVersioned = async () => sha256(new Uint8Array(await (await cache.serve("reader", versioned, {})).response!.arrayBuffer()));
      // The second read comes while the first one's title lookup is still under way: arXiv is asked once.
      let answerArxiv = () => {};
      slowArxiv = new Promise<void>((resolve) => (answerArxiv = resolve));
      expect(await readVersioned()).toBe(sha256(first));
      now += 5 * day;
      expect(await readVersioned()).toBe(sha256(first));
      answerArxiv();
      slowArxiv = null;
      await vi.waitFor(async () => expect((await cache.list("reader")).find((file) => file.paperId === versioned)!.paperTitle).toBe("A paper"));
      await settle();
      expect(lookups).toEqual([[versioned]]);
      expect((await cache.list("reader")).find((file) => file.paperId === versioned)!.fileHash).toBe(sha256(first));
      await cache.remove("reader", versioned);

      // A refresh that finds the PDF removed brings nothing back.
      await cache.remove("reader", SMALL_A);
      expect(await cache.add("reader", SMALL_A, first, { read: false })).toEqual({ stored: false, reason: null });
      expect(await cache.list("reader")).toEqual([]);
      expect(await database.db.select().from(pdfBlobs)).toEqual([]);
      expect(readdirSync(root, { recursive: true }).filter((file) => String(file).endsWith(".pdf"))).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
