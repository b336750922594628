import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "@/test/test-server";
import { createSignedInUser, type SignedInUser } from "@/test/test-users";
import { describeBlobStoreContract } from "./blob-store.contract";
import type { BlobStore } from "./blob-store";
import { blobUrlSigner } from "./blob-url-signer";
import { fileBlobStore, type BlobFileWriter } from "./file-blob-store";
import { readdir } from "node:fs/promises";

/**
 * The file store, under a real Quire server (its /api/blobs route checks the signed URLs with
 * the server secret and the signed-in user) sharing the same directory and secret.
 */
const SECRET = "file-blob-store-test-secret-0123456789abcdef";
let dataDir: string;
let server: TestServer;
let owner: SignedInUser;
let store: BlobStore;
let broken: BlobStore;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "quire-blobs-"));
  server = await startTestServer({ env: { DATA_DIR: dataDir, AUTH_SECRET: SECRET } });
  owner = await createSignedInUser(server);
  const signer = blobUrlSigner(SECRET);
  store = fileBlobStore({ root: path.join(dataDir, "blobs"), signer, publicUrl: server.url });
  // A regular file where the directory should be: nothing can be written under it.
  const notADirectory = path.join(dataDir, "not-a-directory");
  writeFileSync(notADirectory, "x");
  broken = fileBlobStore({ root: path.join(notADirectory, "blobs"), signer, publicUrl: server.url });
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describeBlobStoreContract("file system", () => ({
  store,
  broken,
  userId: owner.id,
  openSignedUrl: (url) => fetch(url, { headers: { Cookie: owner.cookie } }),
}));

describe("file store specifics", () => {
  it("a signed URL is for its user only: another user, or nobody, is refused", async () => {
    const key = "test/private.pdf";
    await store.put(key, new TextEncoder().encode("%PDF-1.4 mine"));
    const url = await store.signedUrl(key, { expiresInSeconds: 3600, userId: owner.id, fileName: "mine.pdf" });
    const mine = await fetch(url, { headers: { Cookie: owner.cookie } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-disposition")).toBe('inline; filename="mine.pdf"');
    await mine.arrayBuffer();

    const other = await createSignedInUser(server);
    const stolen = await fetch(url, { headers: { Cookie: other.cookie } });
    expect(stolen.status).toBe(403);
    expect(((await stolen.json()) as { error: { code: string } }).error.code).toBe("signed_url_other_user");
    expect((await fetch(url)).status).toBe(401);
    // Rewriting the user, the expiry or the signature in the URL breaks the signature.
    const later = String(Math.floor(Date.now() / 1000) + 99_999);
    for (const forged of [
      url.replace(`user=${owner.id}`, `user=${other.id}`),
      url.replace(/expires=\d+/, `expires=${later}`),
      url.replace(/signature=[^&]{3}/, "signature=AAA"),
    ]) {
      const refused = await fetch(forged, { headers: { Cookie: other.cookie } });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("signed_url_invalid");
    }
  });

  it("a full disk during a save leaves no object and no partial file, and says the disk is full", async () => {
    const fullDisk: BlobFileWriter = {
      writeFile: (async (file: string, data: Uint8Array) => {
        // Half the bytes reach the disk, then it is full, as a real write fails part-way.
        writeFileSync(file, data.subarray(0, Math.floor(data.byteLength / 2)));
        throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", errno: -28, syscall: "write" });
      }) as BlobFileWriter["writeFile"],
    };
    const root = path.join(dataDir, "full-disk");
    const full = fileBlobStore({ root, signer: blobUrlSigner(SECRET), publicUrl: server.url, writer: fullDisk });
    await expect(full.put("pdf/a.pdf", new Uint8Array(10_000))).rejects.toMatchObject({ kind: "full", message: "The disk holding the PDF cache is full." });
    expect(await full.head("pdf/a.pdf")).toBeNull();
    expect(await readdir(path.join(root, ".tmp"))).toEqual([]);
  });
});
