import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** s3rver's fixed credentials: it checks request signatures against them. */
export const S3_TEST_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export type TestS3Server = {
  /** http://127.0.0.1:port */
  endpoint: string;
  port: number;
  /** Stops answering (connections refused), as a store that is down; `start()` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A real S3-protocol server (s3rver) on a free loopback port, with its objects in a fresh
 * temporary directory, for the blob store's tests against S3.
 */
export async function startS3Server(options: { port?: number } = {}): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "quire-s3-"));
  let port = options.port ?? 0;
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({ port, address: "127.0.0.1", silent: true, directory });
    port = (await server.run()).port;
  };
  const stop = async () => {
    await server?.close();
    server = null;
  };
  await start();
  return {
    get endpoint() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    start,
    stop,
    close: async () => {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
