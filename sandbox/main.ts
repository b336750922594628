/**
 * Runs the sandbox upstream until SIGINT or SIGTERM: HTTP on `--port` / SANDBOX_PORT (default
 * 4010), the SMTP sink on `--smtp-port` / SANDBOX_SMTP_PORT (default the HTTP port + 1, or a free
 * port when the HTTP port is 0); arXiv's OAI-PMH over `--arxiv-corpus` / SANDBOX_ARXIV_CORPUS
 * ("real", the default, or "scale:<N>").
 */
import { parseArgs } from "node:util";
import { parseCorpusChoice } from "./oaipmh/scale/scale-corpus";
import { startSandbox } from "./server";

const DEFAULT_PORT = 4010;

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    "smtp-port": { type: "string" },
    "arxiv-corpus": { type: "string" },
  },
});

function portFrom(text: string, what: string): number {
  const port = Number(text);
  if (text.trim() === "" || !Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`[sandbox] ${what} must be a port number, got ${text}`);
    process.exit(1);
  }
  return port;
}

const port = portFrom(values.port ?? process.env.SANDBOX_PORT ?? String(DEFAULT_PORT), values.port ? "--port" : "SANDBOX_PORT");
const smtpSetting = values["smtp-port"] ?? process.env.SANDBOX_SMTP_PORT;
const smtpPort = smtpSetting === undefined ? (port === 0 ? 0 : port + 1) : portFrom(smtpSetting, values["smtp-port"] ? "--smtp-port" : "SANDBOX_SMTP_PORT");

let arxivCorpus: string;
try {
  arxivCorpus = values["arxiv-corpus"] ?? process.env.SANDBOX_ARXIV_CORPUS ?? "real";
  parseCorpusChoice(arxivCorpus);
} catch (error) {
  console.error(`[sandbox] ${values["arxiv-corpus"] ? "--arxiv-corpus" : "SANDBOX_ARXIV_CORPUS"}: ${(error as Error).message}`);
  process.exit(1);
}

// "[sandbox] starting: <phase>" lines: the demo reads them to say what it waits for.
const loaded = Math.round(performance.now());
const sandbox = await startSandbox({
  port,
  smtpPort,
  host: process.env.SANDBOX_HOST ?? "127.0.0.1",
  arxivCorpus,
  onPhase: (name) => console.log(`[sandbox] starting: ${name}`),
});
// performance.now() counts from process start, so `load` is Node (and tsx) loading the code.
const preload = sandbox.preload;
const phases = [`load ${loaded}`, ...Object.entries(preload?.phases ?? {}).map(([name, ms]) => `${name} ${ms}`)].join(", ");
const cache = preload ? `; corpus ${preload.corpusFromCache ? "read from" : "written to"} sandbox/.cache` : "";
console.log(`[sandbox] listening on ${sandbox.url} (SMTP sink ${sandbox.smtpUrl}, mail at ${sandbox.url}/__control/mail)`);
console.log(`[sandbox] started in ${Math.round(performance.now())} ms: ${phases}${cache}`);

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
