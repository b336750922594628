// npm run demo: the sandbox upstream and Quire wired to it, so Quire works with no internet.
// It runs on a fresh temporary database, deleted when it stops, unless DATA_DIR names a
// directory to keep (created if missing; the next demo with the same DATA_DIR finds its
// accounts and library again). Flags: --port N (default PORT or 3000), --sandbox-port N
// (default SANDBOX_PORT or 4010), --smtp-port N (the sandbox's SMTP sink; default
// SANDBOX_SMTP_PORT, else the sandbox port + 1 when that is free, else a free port).
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
// Node strips the types of this small, import-free module (the OAuth clients the sandbox knows).
import {
  SANDBOX_GITHUB_CLIENT_ID,
  SANDBOX_GITHUB_CLIENT_SECRET,
  SANDBOX_GOOGLE_CLIENT_ID,
  SANDBOX_GOOGLE_CLIENT_SECRET,
  SANDBOX_ZOTERO_CLIENT_KEY,
  SANDBOX_ZOTERO_CLIENT_SECRET,
} from "../sandbox/oauth/clients.ts";
import { buildIfNeeded, compileCacheEnv, freePort, quirePhase, sandboxPhase, sandboxUpstreamEnv, serverNodeArgs, startChild, waitForChild } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.PORT ?? "3000" },
    "sandbox-port": { type: "string", default: process.env.SANDBOX_PORT ?? "4010" },
    "smtp-port": { type: "string", default: process.env.SANDBOX_SMTP_PORT },
  },
});
const port = Number(values.port);
const sandboxPort = Number(values["sandbox-port"]);
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;

/** Whether nothing listens on the loopback port. */
function portIsFree(candidate) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(candidate, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}
const smtpPort =
  values["smtp-port"] !== undefined
    ? Number(values["smtp-port"])
    : sandboxPort > 0 && sandboxPort < 65535 && (await portIsFree(sandboxPort + 1))
      ? sandboxPort + 1
      : await freePort();
const smtpUrl = `smtp://127.0.0.1:${smtpPort}`;

buildIfNeeded();
const keptDataDir = process.env.DATA_DIR?.trim() ? path.resolve(process.env.DATA_DIR.trim()) : null;
if (keptDataDir) mkdirSync(keptDataDir, { recursive: true });
const dataDir = keptDataDir ?? mkdtempSync(path.join(os.tmpdir(), "quire-demo-"));
const cleanup = () => {
  if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
};

/**
 * Waits for a child to answer while it lives and makes progress (a busy machine makes a start
 * slow, not failed); when it dies or stalls, says why with its last output and stops the demo.
 */
async function awaitChild(child, url, name) {
  try {
    await waitForChild(child, url, { name });
  } catch (error) {
    console.error(`\nThe demo did not start: ${error.message}`);
    for (const started of [sandbox, app]) if (started && started.exitCode === null) started.kill("SIGTERM");
    cleanup();
    process.exit(1);
  }
}

let app;
const sandbox = startChild("tsx", ["sandbox/main.ts"], {
  env: { ...process.env, SANDBOX_PORT: String(sandboxPort), SANDBOX_SMTP_PORT: String(smtpPort) },
  phaseOf: sandboxPhase,
});
await awaitChild(sandbox, `${sandboxUrl}/__control/health`, "the sandbox");

app = startChild(process.execPath, serverNodeArgs, {
  phaseOf: quirePhase,
  env: {
    // React's production build for the pages the server draws, as under npm start.
    NODE_ENV: "production",
    ...compileCacheEnv(),
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    // Unset unless asked for (the end-to-end tests name 127.0.0.1): the demo then trusts the
    // address a page is opened at (localhost, 127.0.0.1, a LAN address) and links to localhost.
    PUBLIC_URL: process.env.DEMO_PUBLIC_URL || "",
    ...sandboxUpstreamEnv(sandboxUrl),
    SMTP_URL: smtpUrl,
    GOOGLE_CLIENT_ID: SANDBOX_GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: SANDBOX_GOOGLE_CLIENT_SECRET,
    GOOGLE_DISCOVERY_URL: `${sandboxUrl}/oauth/google/.well-known/openid-configuration`,
    GITHUB_CLIENT_ID: SANDBOX_GITHUB_CLIENT_ID,
    GITHUB_CLIENT_SECRET: SANDBOX_GITHUB_CLIENT_SECRET,
    GITHUB_AUTHORIZATION_URL: `${sandboxUrl}/oauth/github/login/oauth/authorize`,
    GITHUB_TOKEN_URL: `${sandboxUrl}/oauth/github/login/oauth/access_token`,
    GITHUB_API_URL: `${sandboxUrl}/oauth/github/api`,
    ZOTERO_CLIENT_KEY: SANDBOX_ZOTERO_CLIENT_KEY,
    ZOTERO_CLIENT_SECRET: SANDBOX_ZOTERO_CLIENT_SECRET,
    CONTACT_EMAIL: process.env.CONTACT_EMAIL ?? "demo@quire.invalid",
    // Quire's own arXiv index takes the whole sandbox corpus at start (four pages of OAI-PMH,
    // arXiv's 3-second pace): searches are answered from it within a minute.
    ARXIV_HARVEST: process.env.ARXIV_HARVEST ?? "all",
    // The sandbox corpus's newest papers are from 3 June 2026: the catch-up clock starts just after.
    CLOCK_START: process.env.CLOCK_START ?? "2026-06-04T06:00:00Z",
    // The demo's admin (the developer pages' digest test, POST /api/email/send).
    ADMIN_EMAILS: process.env.ADMIN_EMAILS ?? "admin@quire.invalid",
    // The sandbox's language model is on loopback: let custom providers reach it (a real
    // multi-user server leaves this off, so users cannot point Quire at its own network).
    LLM_ALLOW_PRIVATE_BASE_URLS: process.env.LLM_ALLOW_PRIVATE_BASE_URLS ?? "true",
  },
});
await awaitChild(app, `http://127.0.0.1:${port}/api/health`, "Quire");
console.log(
  [
    "",
    `Quire demo: http://localhost:${port}  (sandbox upstream at ${sandboxUrl})`,
    keptDataDir
      ? `  data:      kept in ${keptDataDir} (DATA_DIR): a later demo with the same DATA_DIR carries on from it`
      : `  data:      a fresh temporary database in ${dataDir}, deleted when the demo stops (set DATA_DIR to keep one)`,
    `  e-mail:    the app sends to the sandbox's SMTP sink ${smtpUrl}; read it at ${sandboxUrl}/__control/mail`,
    `  sign-in:   "Google" and "GitHub" are the sandbox's providers (${sandboxUrl}/oauth/google, ${sandboxUrl}/oauth/github): any e-mail address works`,
    `  LLM:       Settings > LLM & AI Settings > Add Custom Provider, base URL ${sandboxUrl}/llm/v1, model sandbox-parse, no key; then turn on Plain-language search`,
    `  zotero:    "Connect with Zotero" signs in at the sandbox's zotero.org (${sandboxUrl}/zotero-web): any username and password`,
    "",
  ].join("\n"),
);

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
