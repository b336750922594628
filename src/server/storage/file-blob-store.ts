import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import * as fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { assertValidKey, StorageError, type BlobRead, type BlobStore } from "./blob-store";
import type { BlobUrlSigner } from "./blob-url-signer";

/** The file-system calls the store writes with; a seam so a test can fill the disk. */
export type BlobFileWriter = Pick<typeof fs, "writeFile">;

/**
 * Objects as files under `root` (DATA_DIR/blobs by default). A write goes to a temporary file
 * first and is renamed into place, so a reader never sees half an object and a full disk
 * leaves nothing behind. Signed URLs are Quire's own (`/api/blobs/...`, blob-url-signer.ts).
 */
export function fileBlobStore(options: { root: string; signer: BlobUrlSigner; publicUrl: string; writer?: BlobFileWriter }): BlobStore {
  const { root, signer, publicUrl } = options;
  const writer = options.writer ?? fs;
  const tmpDir = path.join(root, ".tmp");
  const pathOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split("/"));
  };

  async function statOf(key: string) {
    try {
      const stats = await fs.stat(pathOf(key));
      return stats.isFile() ? stats : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw unavailable(error);
    }
  }

  return {
    kind: "file",

    async setup() {
      try {
        await fs.mkdir(tmpDir, { recursive: true });
      } catch (error) {
        throw unavailable(error);
      }
      return { note: `PDF cache storage is the directory ${root}.` };
    },

    async check() {
      try {
        await fs.mkdir(tmpDir, { recursive: true });
        await fs.access(tmpDir, fs.constants.W_OK);
      } catch (error) {
        throw unavailable(error);
      }
    },

    async put(key, bytes) {
      const target = pathOf(key);
      const temporary = path.join(tmpDir, `${randomUUID()}.part`);
      try {
        await fs.mkdir(tmpDir, { recursive: true });
        await fs.mkdir(path.dirname(target), { recursive: true });
        await writer.writeFile(temporary, bytes);
        await fs.rename(temporary, target);
      } catch (error) {
        await fs.rm(temporary, { force: true }).catch(() => undefined);
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOSPC" || code === "EDQUOT") throw new StorageError("full", "The disk holding the PDF cache is full.", { cause: error });
        throw unavailable(error);
      }
    },

    async get(key, readOptions = {}): Promise<BlobRead | null> {
      const stats = await statOf(key);
      if (!stats) return null;
      const range = readOptions.range ?? null;
      const stream = createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
      return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, size: stats.size, range };
    },

    async head(key) {
      const stats = await statOf(key);
      return stats ? { size: stats.size } : null;
    },

    async delete(key) {
      try {
        await fs.rm(pathOf(key), { force: true });
      } catch (error) {
        throw unavailable(error);
      }
    },

    async signedUrl(key, urlOptions) {
      assertValidKey(key);
      const fileName = urlOptions.fileName ?? path.posix.basename(key);
      return `${publicUrl}${signer.sign({ key, userId: urlOptions.userId, expiresInSeconds: urlOptions.expiresInSeconds, fileName })}`;
    },
  };
}

function unavailable(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  const code = (error as NodeJS.ErrnoException).code ?? "error";
  return new StorageError("unavailable", `The PDF cache directory cannot be used (${code}).`, { cause: error });
}
