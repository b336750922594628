// npm run demo: the sandbox upstream and Quire wired to it, on a fresh database, so Quire
// works with no internet. Flags: --port N (default PORT or 3000), --sandbox-port N
// (default SANDBOX_PORT or 4010).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildIfNeeded, startChild, waitForUrl } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.PORT ?? "3000" },
    "sandbox-port": { type: "string", default: process.env.SANDBOX_PORT ?? "4010" },
  },
});
const port = Number(values.port);
const sandboxPort = Number(values["sandbox-port"]);
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;

buildIfNeeded();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "quire-demo-"));
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });

const sandbox = startChild("tsx", ["sandbox/main.ts"], { env: { ...process.env, SANDBOX_PORT: String(sandboxPort) } });
await waitForUrl(`${sandboxUrl}/__control/health`, 30_000);

const app = startChild(process.execPath, ["--enable-source-maps", "dist/server/main.js"], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PUBLIC_URL: `http://localhost:${port}`,
    ARXIV_API_URL: `${sandboxUrl}/arxiv/api/query`,
    ARXIV_PDF_URL: `${sandboxUrl}/arxiv/pdf`,
    OPENALEX_API_URL: `${sandboxUrl}/openalex`,
    CROSSREF_API_URL: `${sandboxUrl}/crossref`,
    ZOTERO_API_URL: `${sandboxUrl}/zotero`,
    CONTACT_EMAIL: process.env.CONTACT_EMAIL ?? "demo@quire.invalid",
  },
});
await waitForUrl(`http://127.0.0.1:${port}/api/health`, 60_000);
console.log(`\nQuire demo: http://localhost:${port}  (sandbox upstream at ${sandboxUrl}, data in a fresh ${dataDir})\n`);

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  app.kill("SIGTERM");
  sandbox.kill("SIGTERM");
  setTimeout(() => {
    cleanup();
    process.exit(code);
  }, 1500).unref();
  app.on("exit", () => {
    cleanup();
    process.exit(code);
  });
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
app.on("exit", (code) => stop(code ?? 1));
sandbox.on("exit", (code) => stop(code ?? 1));
