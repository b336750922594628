/**
 * Where large bytes live (cached PDFs): one small interface, two implementations chosen by
 * configuration (create-blob-store.ts): files under DATA_DIR/blobs, or any S3-compatible
 * object store. Keys are plain relative paths (`pdf/sha256/ab/abcd….pdf`); callers decide them.
 * The same contract test suite (blob-store.contract.ts) runs against both.
 */

/** An inclusive byte range, already resolved against the object's size. */
export type BlobRange = { start: number; end: number };

export type BlobRead = {
  body: ReadableStream<Uint8Array>;
  /** The whole object's size in bytes. */
  size: number;
  /** The part `body` holds, or null for the whole object. */
  range: BlobRange | null;
};

export type BlobStoreKind = "file" | "s3";

export interface BlobStore {
  readonly kind: BlobStoreKind;
  /** Creates the directory or bucket when it is missing; answers what it did, in words. */
  setup(): Promise<{ note: string }>;
  /** Resolves when the store answers (and the bucket exists); rejects with a StorageError saying why. */
  check(): Promise<void>;
  /** Writes the object whole (readers never see half of it); replaces one of the same key. */
  put(key: string, bytes: Uint8Array, options?: { contentType?: string }): Promise<void>;
  /** The object, or a part of it; null when there is no such object. */
  get(key: string, options?: { range?: BlobRange }): Promise<BlobRead | null>;
  head(key: string): Promise<{ size: number } | null>;
  /** Removes the object; a missing one is no error. */
  delete(key: string): Promise<void>;
  /**
   * A URL that reads the object without other credentials for `expiresInSeconds`. The file
   * store's URL is Quire's own, signed with the server secret, and also checks that the
   * signed-in user is `userId`; S3's is the store's presigned URL (signature and expiry only).
   */
  signedUrl(key: string, options: { expiresInSeconds: number; userId: string; fileName?: string }): Promise<string>;
}

/** A store failure, with the words a person reads in the cache card and the logs. */
export class StorageError extends Error {
  constructor(
    readonly kind: "unavailable" | "full" | "invalid",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "StorageError";
  }
}

/** Keys are relative paths of safe characters: no `..`, no leading slash, no backslash. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function assertValidKey(key: string): void {
  if (key.length > 512 || !KEY.test(key) || key.split("/").some((part) => part === "." || part === "..")) {
    throw new StorageError("invalid", `Invalid object key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}

/** A short, readable reason from a low-level error (connection refused, timeout, status). */
export function describeCause(error: unknown): string {
  if (error instanceof StorageError) return error.message;
  const code = (error as { code?: unknown })?.code;
  const name = error instanceof Error ? error.name : "";
  const status = (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
  if (typeof code === "string" && code) return code;
  if (status) return `${name || "error"} (HTTP ${status})`;
  return name && name !== "Error" ? name : error instanceof Error ? error.message : String(error);
}
