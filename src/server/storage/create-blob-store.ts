import path from "node:path";
import type { Config } from "@/server/config";
import { PDF_CACHE_BUCKET } from "@/shared/pdf-cache";
import type { BlobStore } from "./blob-store";
import { blobUrlSigner, type BlobUrlSigner } from "./blob-url-signer";
import { fileBlobStore } from "./file-blob-store";
import type { S3BlobStoreOptions } from "./s3-blob-store";

/** True when the configuration names an S3-compatible store. */
export function usesS3(config: Pick<Config, "S3_ENDPOINT" | "S3_BUCKET">): boolean {
  return Boolean(config.S3_ENDPOINT || config.S3_BUCKET);
}

/**
 * The blob store the configuration asks for: S3 when S3_ENDPOINT or S3_BUCKET is set (the
 * bucket defaults to the spec's user-pdf-cache), else DATA_DIR/blobs. The signer is returned
 * too: the file store's URLs are checked by the /api/blobs route with it.
 */
export function createBlobStore(
  config: Pick<
    Config,
    "S3_ENDPOINT" | "S3_BUCKET" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_FORCE_PATH_STYLE" | "dataDir" | "publicUrl"
  >,
  secret: string,
): { store: BlobStore; signer: BlobUrlSigner } {
  const signer = blobUrlSigner(secret);
  if (usesS3(config)) {
    const credentials =
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined;
    const options: S3BlobStoreOptions = {
      bucket: config.S3_BUCKET ?? PDF_CACHE_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials,
    };
    return { store: lazyBlobStore("s3", () => import("./s3-blob-store").then((module) => module.s3BlobStore(options))), signer };
  }
  return { store: fileBlobStore({ root: path.join(config.dataDir, "blobs"), signer, publicUrl: config.publicUrl }), signer };
}

/** A store made on first use (the S3 one loads the AWS SDK, which a server that never reads the cache does not need). */
function lazyBlobStore(kind: BlobStore["kind"], make: () => Promise<BlobStore>): BlobStore {
  let made: Promise<BlobStore> | null = null;
  const store = () => {
    made ??= make().catch((error: unknown) => {
      made = null;
      throw error;
    });
    return made;
  };
  return {
    kind,
    setup: async () => (await store()).setup(),
    check: async () => (await store()).check(),
    put: async (key, bytes, options) => (await store()).put(key, bytes, options),
    get: async (key, options) => (await store()).get(key, options),
    head: async (key) => (await store()).head(key),
    delete: async (key) => (await store()).delete(key),
    signedUrl: async (key, options) => (await store()).signedUrl(key, options),
  };
}
