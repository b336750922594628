/** Runs the sandbox upstream on SANDBOX_PORT (default 4010) until SIGINT or SIGTERM. */
import { startSandbox } from "./server";

const DEFAULT_PORT = 4010;

const port = Number(process.env.SANDBOX_PORT ?? DEFAULT_PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`[sandbox] SANDBOX_PORT must be a port number, got ${process.env.SANDBOX_PORT}`);
  process.exit(1);
}

const sandbox = await startSandbox({ port, host: process.env.SANDBOX_HOST ?? "127.0.0.1" });
// performance.now() counts from process start, so this includes loading the code and the data.
console.log(`[sandbox] listening on ${sandbox.url} (ready ${Math.round(performance.now())} ms after start)`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  sandbox.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`[sandbox] error while stopping on ${signal}:`, error);
      process.exit(1);
    },
  );
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
