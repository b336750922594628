import type { S3Client } from "@aws-sdk/client-s3";
import { assertValidKey, describeCause, StorageError, type BlobRead, type BlobStore } from "./blob-store";

export type S3BlobStoreOptions = {
  bucket: string;
  region: string;
  /** Unset: AWS itself. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's own credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** How long to wait for a connection and for an answer (the store being down must not hold a PDF up). */
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
};

/**
 * Objects in a bucket of any S3-compatible store (AWS, MinIO, Ceph, R2, ...). Signed URLs are
 * the store's presigned GETs. Few retries and short connection timeouts: when the store is
 * down the PDF proxy goes on without the cache rather than waiting for it.
 */
export async function s3BlobStore(options: S3BlobStoreOptions): Promise<BlobStore & { client: S3Client }> {
  // Loaded here, not at the top: a server on the file store never loads the AWS SDK (half a second at boot).
  const { CreateBucketCommand, DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } =
    await import("@aws-sdk/client-s3");
  const { getSignedUrl } = await import("@aws-sdk/s3-request-presigner");
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    maxAttempts: 2,
    requestHandler: { connectionTimeout: options.connectTimeoutMs ?? 3000, requestTimeout: options.requestTimeoutMs ?? 30_000 },
    // Plain MD5-less PUTs and no response checksums: what every S3-compatible store understands.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const where = `the bucket ${bucket}${options.endpoint ? ` at ${options.endpoint}` : ""}`;

  const isMissing = (error: unknown) => {
    const name = error instanceof Error ? error.name : "";
    const status = (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
    return name === "NoSuchKey" || name === "NotFound" || status === 404;
  };
  const isMissingBucket = (error: unknown) => error instanceof Error && error.name === "NoSuchBucket";
  const failure = (error: unknown) => {
    if (error instanceof StorageError) return error;
    if (isMissingBucket(error)) return new StorageError("unavailable", `${capitalise(where)} does not exist.`, { cause: error });
    const full = error instanceof S3ServiceException && /QuotaExceeded|EntityTooLarge|InsufficientStorage|XMinioStorageFull/i.test(error.name);
    if (full) return new StorageError("full", `${capitalise(where)} is full (${error.name}).`, { cause: error });
    return new StorageError("unavailable", `The object store did not answer for ${where} (${describeCause(error)}).`, { cause: error });
  };

  async function createBucket(): Promise<boolean> {
    try {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return true;
    } catch (error) {
      const name = error instanceof Error ? error.name : "";
      if (name === "BucketAlreadyOwnedByYou" || name === "BucketAlreadyExists") return false;
      throw failure(error);
    }
  }

  async function putObject(key: string, bytes: Uint8Array, contentType: string) {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength }));
  }

  return {
    kind: "s3",
    client,

    async setup() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
        return { note: `PDF cache storage is ${where}; it already existed.` };
      } catch (error) {
        if (!isMissing(error) && !isMissingBucket(error)) throw failure(error);
      }
      const created = await createBucket();
      return { note: `PDF cache storage is ${where}; ${created ? "it was created" : "it already existed"}.` };
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        if (isMissing(error)) throw new StorageError("unavailable", `${capitalise(where)} does not exist.`, { cause: error });
        throw failure(error);
      }
    },

    async put(key, bytes, putOptions = {}) {
      assertValidKey(key);
      const contentType = putOptions.contentType ?? "application/octet-stream";
      try {
        await putObject(key, bytes, contentType);
      } catch (error) {
        if (!isMissingBucket(error)) throw failure(error);
        // The bucket was never set up (POST /api/pdf-proxy?action=setup): make it, once.
        await createBucket();
        try {
          await putObject(key, bytes, contentType);
        } catch (retryError) {
          throw failure(retryError);
        }
      }
    },

    async get(key, readOptions = {}): Promise<BlobRead | null> {
      assertValidKey(key);
      const range = readOptions.range ?? null;
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        if (!answer.Body) return null;
        const total = answer.ContentRange ? Number(/\/(\d+)$/.exec(answer.ContentRange)?.[1]) : answer.ContentLength;
        return { body: answer.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: Number(total ?? 0), range };
      } catch (error) {
        if (isMissing(error)) return null;
        throw failure(error);
      }
    },

    async head(key) {
      assertValidKey(key);
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: Number(answer.ContentLength ?? 0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw failure(error);
      }
    },

    async delete(key) {
      assertValidKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (isMissing(error)) return;
        throw failure(error);
      }
    },

    async signedUrl(key, urlOptions) {
      assertValidKey(key);
      const fileName = urlOptions.fileName;
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentType: "application/pdf",
        ResponseContentDisposition: fileName ? `inline; filename="${fileName.replace(/["\\\r\n]/g, "_")}"` : undefined,
      });
      return getSignedUrl(client, command, { expiresIn: urlOptions.expiresInSeconds });
    },
  };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
