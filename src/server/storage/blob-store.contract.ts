import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { StorageError, type BlobStore } from "./blob-store";

export type BlobStoreUnderTest = {
  store: BlobStore;
  /** The same kind of store pointed at something that does not work (a stopped server, a file as directory). */
  broken: BlobStore;
  /** The user signed URLs are made for, and `openSignedUrl` opens them as. */
  userId: string;
  openSignedUrl(url: string): Promise<Response>;
};

const text = (value: string) => new TextEncoder().encode(value);

async function readAll(body: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/**
 * What every BlobStore must do, run against each implementation (file-blob-store.int.test.ts,
 * s3-blob-store.int.test.ts) over a real file system and a real S3-protocol server.
 */
export function describeBlobStoreContract(name: string, subject: () => BlobStoreUnderTest): void {
  describe(`BlobStore contract: ${name}`, () => {
    const key = (label: string) => `test/${label}-${randomBytes(4).toString("hex")}.pdf`;

    it("sets itself up, and again without harm", async () => {
      const { store } = subject();
      expect((await store.setup()).note).toMatch(/storage/i);
      expect((await store.setup()).note).toMatch(/storage/i);
      await expect(store.check()).resolves.toBeUndefined();
    });

    it("stores bytes and reads them back whole, with their size", async () => {
      const { store } = subject();
      const bytes = randomBytes(300_000);
      const k = key("whole");
      await store.put(k, bytes, { contentType: "application/pdf" });
      expect(await store.head(k)).toEqual({ size: bytes.byteLength });
      const read = await store.get(k);
      expect(read?.size).toBe(bytes.byteLength);
      expect(read?.range).toBeNull();
      expect(Buffer.from(await readAll(read!.body)).equals(bytes)).toBe(true);
    });

    it("reads a byte range", async () => {
      const { store } = subject();
      const k = key("range");
      await store.put(k, text("0123456789abcdef"));
      const read = await store.get(k, { range: { start: 3, end: 9 } });
      expect(read?.size).toBe(16);
      expect(read?.range).toEqual({ start: 3, end: 9 });
      expect(new TextDecoder().decode(await readAll(read!.body))).toBe("3456789");
    });

    it("replaces an object written again under the same key", async () => {
      const { store } = subject();
      const k = key("replace");
      await store.put(k, text("first version"));
      await store.put(k, text("second"));
      expect(new TextDecoder().decode(await readAll((await store.get(k))!.body))).toBe("second");
      expect(await store.head(k)).toEqual({ size: 6 });
    });

    it("answers null for a missing object and deletes idempotently", async () => {
      const { store } = subject();
      const k = key("gone");
      expect(await store.get(k)).toBeNull();
      expect(await store.head(k)).toBeNull();
      await store.put(k, text("x"));
      await store.delete(k);
      await store.delete(k);
      expect(await store.get(k)).toBeNull();
    });

    it.each(["../escape.pdf", "/absolute.pdf", "a/../../b.pdf", "a\\b.pdf", "", "a//b.pdf"])("refuses the key %j", async (bad) => {
      const { store } = subject();
      await expect(store.put(bad, text("x"))).rejects.toMatchObject({ name: "StorageError", kind: "invalid" });
      await expect(store.get(bad)).rejects.toBeInstanceOf(StorageError);
    });

    // An altered signature is refused too: the file store's own test checks it (s3rver does not
    // verify SigV4 signatures, only their expiry; real S3 services verify both).
    it("gives a signed URL that reads the object", async () => {
      const { store, userId, openSignedUrl } = subject();
      const k = key("signed");
      await store.put(k, text("%PDF-1.4 signed"), { contentType: "application/pdf" });
      const url = await store.signedUrl(k, { expiresInSeconds: 3600, userId, fileName: "2401.00001.pdf" });
      const response = await openSignedUrl(url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(await response.text()).toBe("%PDF-1.4 signed");
    });

    it("refuses a signed URL after it expired", async () => {
      const { store, userId, openSignedUrl } = subject();
      const k = key("expiring");
      await store.put(k, text("%PDF-1.4 soon gone"));
      const url = await store.signedUrl(k, { expiresInSeconds: 1, userId });
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const response = await openSignedUrl(url);
      expect(response.status).toBe(403);
      await response.body?.cancel();
    });

    it("fails with a StorageError saying why when the store cannot be reached", async () => {
      const { broken } = subject();
      const failure = (await broken.put(key("down"), text("x")).catch((error: unknown) => error)) as StorageError;
      expect(failure).toBeInstanceOf(StorageError);
      expect(failure.kind).toBe("unavailable");
      expect(failure.message.length).toBeGreaterThan(10);
      await expect(broken.check()).rejects.toBeInstanceOf(StorageError);
      await expect(broken.get(key("down"))).rejects.toBeInstanceOf(StorageError);
    });
  });
}
