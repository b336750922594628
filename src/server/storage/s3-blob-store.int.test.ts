import { afterAll, beforeAll } from "vitest";
import { startS3Server, S3_TEST_CREDENTIALS, type TestS3Server } from "@/test/s3-server";
import { describeBlobStoreContract } from "./blob-store.contract";
import type { BlobStore } from "./blob-store";
import { s3BlobStore } from "./s3-blob-store";

let s3: TestS3Server;
let store: BlobStore;
let broken: BlobStore;

beforeAll(async () => {
  s3 = await startS3Server();
  const options = { bucket: "quire-contract", region: "us-east-1", forcePathStyle: true, credentials: S3_TEST_CREDENTIALS };
  store = await s3BlobStore({ ...options, endpoint: s3.endpoint });
  await store.setup();
  // A port nothing listens on: the store is down.
  const down = await startS3Server();
  const downEndpoint = down.endpoint;
  await down.close();
  broken = await s3BlobStore({ ...options, endpoint: downEndpoint, connectTimeoutMs: 1000 });
});
afterAll(async () => {
  await s3?.close();
});

describeBlobStoreContract("S3 (s3rver)", () => ({ store, broken, userId: "any-user", openSignedUrl: (url) => fetch(url) }));
