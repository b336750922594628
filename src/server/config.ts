import path from "node:path";
import { z } from "zod";
import { ANALYTICS_EVENTS_PER_MINUTE_PER_CLIENT } from "@/shared/analytics";
import { isArxivSetSpec } from "@/shared/arxiv-query/arxiv-sets";

/** A URL an operator may point at a real upstream or at the sandbox. */
const baseUrl = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }))
    .transform((value) => value.replace(/\/+$/, ""));

/** An optional http(s) base URL: unset keeps the default the code knows. */
const optionalBaseUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.union([z.undefined(), z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).transform((value) => value.replace(/\/+$/, ""))]));

const flag = z
  .enum(["true", "false", "1", "0", ""])
  .default("false")
  .transform((value) => value === "true" || value === "1");

const port = (fallback: number) =>
  z.coerce
    .number({ error: "must be a port number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(fallback);

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * Every setting Quire reads from the environment. docs/operations.md lists the same variables
 * with their defaults; `loadConfig` names the variable at fault and the server exits on a bad value.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  PORT: port(3000),
  /** Where the embedded database, blobs and the instance lock live. */
  DATA_DIR: z.string().trim().min(1).default("./data"),
  /** A real Postgres server; when unset Quire runs embedded PGlite in DATA_DIR. */
  DATABASE_URL: optionalString.pipe(
    z.union([z.undefined(), z.string().regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")]),
  ),
  /** The public origin users reach Quire at (links in e-mails, OAuth redirects). */
  PUBLIC_URL: optionalString.pipe(z.union([z.undefined(), z.url({ error: "must be a URL" })])),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Sent to upstreams (User-Agent, OpenAlex and Crossref `mailto`) so they can reach the operator. */
  CONTACT_EMAIL: optionalString.pipe(z.union([z.undefined(), z.email({ error: "must be an e-mail address" })])),
  ARXIV_API_URL: baseUrl("https://export.arxiv.org/api/query"),
  ARXIV_PDF_URL: baseUrl("https://arxiv.org/pdf"),
  /** arXiv's OAI-PMH service, where Quire's own arXiv index is harvested from. */
  ARXIV_OAI_URL: baseUrl("https://oaipmh.arxiv.org/oai"),
  /**
   * What Quire harvests into its own arXiv index: `all`, `off`, `followed` (the sets holding
   * the categories users' profiles and feeds follow) or a comma-separated list of arXiv's
   * OAI-PMH sets (`cs,math,physics:hep-th`). Unset: `followed` on the embedded database,
   * `all` on PostgreSQL.
   */
  ARXIV_HARVEST: optionalString.pipe(
    z.union([
      z.undefined(),
      z
        .string()
        .transform((value) => value.split(",").map((part) => part.trim()).filter(Boolean))
        .refine(
          (parts) => parts.length > 0 && (parts.length === 1 && ["all", "off", "followed"].includes(parts[0]!) ? true : parts.every(isArxivSetSpec)),
          "must be all, off, followed, or a comma-separated list of arXiv's sets such as cs,math,physics:hep-th",
        ),
    ]),
  ),
  /** How many searches of the arXiv index one instance runs at once (unset: two per CPU core). */
  INDEX_SEARCH_CONCURRENCY: optionalString.pipe(
    z.union([z.undefined(), z.string().transform(Number).pipe(z.number({ error: "must be a number" }).int("must be a whole number").min(1, "must be at least 1"))]),
  ),
  /** A PostgreSQL replica the index's searches read from (DATABASE_URL when unset). */
  DATABASE_READ_URL: optionalString.pipe(
    z.union([z.undefined(), z.string().regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")]),
  ),
  OPENALEX_API_URL: baseUrl("https://api.openalex.org"),
  OPENALEX_API_KEY: optionalString,
  CROSSREF_API_URL: baseUrl("https://api.crossref.org"),
  ZOTERO_API_URL: baseUrl("https://api.zotero.org"),
  /** Zotero's OAuth 1.0a endpoints: `<this>/request`, `/authorize`, `/access`. */
  ZOTERO_OAUTH_URL: baseUrl("https://www.zotero.org/oauth"),
  /** Zotero's page where a user creates an API key by hand ("Connect with an API key"). */
  ZOTERO_KEYS_URL: baseUrl("https://www.zotero.org/settings/keys/new"),
  /** The OAuth consumer Quire is registered as at Zotero; "Connect with Zotero" (OAuth) is offered only when both are set. */
  ZOTERO_CLIENT_KEY: optionalString,
  ZOTERO_CLIENT_SECRET: optionalString,
  /** Secret for sessions and encrypted columns; generated once and kept in the database when unset. */
  AUTH_SECRET: optionalString.pipe(z.union([z.undefined(), z.string().min(32, "must be at least 32 characters")])),
  /** Port of the sandbox upstream started by `npm run demo` and the tests. */
  SANDBOX_PORT: port(4010),
  /** Outgoing mail (verification, welcome, digests): smtp://user:pass@host:port or smtps://. Unset: mail is logged. */
  SMTP_URL: optionalString.pipe(z.union([z.undefined(), z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")])),
  /** The From: address of Quire's e-mail. */
  MAIL_FROM: optionalString,
  /** Google sign-in (OpenID Connect); offered only when the client id is set. */
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_DISCOVERY_URL: baseUrl("https://accounts.google.com/.well-known/openid-configuration"),
  /** GitHub sign-in (OAuth 2.0); offered only when the client id is set. */
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  GITHUB_AUTHORIZATION_URL: baseUrl("https://github.com/login/oauth/authorize"),
  GITHUB_TOKEN_URL: baseUrl("https://github.com/login/oauth/access_token"),
  GITHUB_API_URL: baseUrl("https://api.github.com"),
  /** Comma-separated e-mails that are made admin when they sign up, and at every boot. */
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Sign-in and sign-up attempts allowed per client IP per minute. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number({ error: "must be a number" }).int().min(1).default(20),
  /** Sign-in attempts allowed per account per 15 minutes. */
  AUTH_ACCOUNT_ATTEMPTS: z.coerce.number({ error: "must be a number" }).int().min(1).default(10),
  /** Product events (POST /api/events) allowed per client address per minute. */
  EVENTS_RATE_LIMIT_PER_MINUTE: z.coerce.number({ error: "must be a number" }).int().min(1).default(ANALYTICS_EVENTS_PER_MINUTE_PER_CLIENT),
  /** Language-model calls an anonymous visitor may make through /api/llm per client address per minute. */
  LLM_RATE_LIMIT_PER_MINUTE: z.coerce.number({ error: "must be a number" }).int().min(1).default(20),
  /** Take the client IP from X-Forwarded-For (set when Quire runs behind a reverse proxy). */
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((value) => value === "true" || value === "1"),
  /**
   * Where the catch-up and digest clock starts (ISO date-time); it runs forward from boot.
   * For the demo and tests, whose sandbox corpus ends in June 2026; unset in production.
   */
  CLOCK_START: optionalString.pipe(z.union([z.undefined(), z.iso.datetime({ offset: true, error: "must be an ISO date-time" })])),
  /** Digest schedules (cron, UTC): daily and weekly catch-up e-mails. */
  DIGEST_DAILY_CRON: z.string().trim().min(1).default("0 7 * * *"),
  DIGEST_WEEKLY_CRON: z.string().trim().min(1).default("0 7 * * 1"),
  /**
   * The cloud PDF cache's object store: any S3-compatible service when S3_ENDPOINT or S3_BUCKET
   * is set (AWS itself when only the bucket is), else files under DATA_DIR/blobs.
   */
  S3_ENDPOINT: optionalString.pipe(z.union([z.undefined(), z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })])),
  S3_BUCKET: optionalString.pipe(
    z.union([z.undefined(), z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)")]),
  ),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  /** Both or neither; with neither the AWS SDK's own credential chain is used (instance roles, AWS_* variables). */
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Path-style URLs (endpoint/bucket/key), which most self-hosted S3-compatible stores need. */
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((value) => value === "true" || value === "1"),
  /** How many bytes of PDFs one user may keep in the cloud cache; the least recently read go first. */
  PDF_CACHE_USER_LIMIT_BYTES: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be a positive number of bytes")
    .default(500 * 1024 * 1024),
  /**
   * Let users' custom language-model providers point at private, loopback or link-local
   * addresses (a model server on this machine or network). Off by default: on a server with
   * many users it would let anyone make Quire call the operator's internal network.
   */
  LLM_ALLOW_PRIVATE_BASE_URLS: flag,
  /** How long one language-model call may take, in milliseconds, before it is given up. */
  LLM_TIMEOUT_MS: z.coerce.number({ error: "must be a number" }).int().min(500).max(300_000).default(20_000),
  /** Each catalogue provider's API base; unset means the provider's public API. */
  LLM_OPENAI_BASE_URL: optionalBaseUrl,
  LLM_OPENROUTER_BASE_URL: optionalBaseUrl,
  LLM_GROQ_BASE_URL: optionalBaseUrl,
  LLM_ANTHROPIC_BASE_URL: optionalBaseUrl,
  LLM_HUGGINGFACE_BASE_URL: optionalBaseUrl,
  LLM_GOOGLE_BASE_URL: optionalBaseUrl,
  LLM_TOGETHER_BASE_URL: optionalBaseUrl,
  LLM_DEEPSEEK_BASE_URL: optionalBaseUrl,
  LLM_CEREBRAS_BASE_URL: optionalBaseUrl,
  LLM_REQUESTY_BASE_URL: optionalBaseUrl,
  /** Maximum JSON request body, in bytes. */
  BODY_LIMIT_BYTES: z.coerce.number({ error: "must be a number" }).int().min(1024).default(1024 * 1024),
});

/** S3 credentials come as a pair. */
const checkedConfigSchema = configSchema.superRefine((values, context) => {
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    const missing = values.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
    context.addIssue({ code: "custom", path: [missing], message: "must be set together with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY" });
  }
});

/** What the arXiv harvest takes (ARXIV_HARVEST, resolved). */
export type ArxivHarvestScope = { mode: "all" } | { mode: "off" } | { mode: "followed" } | { mode: "sets"; sets: string[] };

export type Config = z.infer<typeof configSchema> & {
  /** DATA_DIR made absolute. */
  dataDir: string;
  arxivHarvest: ArxivHarvestScope;
  /** PUBLIC_URL, or http://localhost:PORT. */
  publicUrl: string;
};

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = checkedConfigSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => {
      const name = issue.path.join(".") || "(environment)";
      return `${name}=${JSON.stringify(env[name] ?? "")}: ${issue.message}`;
    });
    throw new ConfigError(issues);
  }
  const values = parsed.data;
  const scope = values.ARXIV_HARVEST;
  const arxivHarvest: ArxivHarvestScope =
    scope === undefined
      ? { mode: values.DATABASE_URL ? "all" : "followed" }
      : scope.length === 1 && (scope[0] === "all" || scope[0] === "off" || scope[0] === "followed")
        ? { mode: scope[0] }
        : { mode: "sets", sets: [...new Set(scope)] };
  if (values.DATABASE_READ_URL && !values.DATABASE_URL) {
    throw new ConfigError([`DATABASE_READ_URL=${JSON.stringify(env.DATABASE_READ_URL ?? "")}: needs DATABASE_URL (a replica of the embedded database cannot exist)`]);
  }
  return {
    ...values,
    arxivHarvest,
    dataDir: path.resolve(values.DATA_DIR),
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ""),
  };
}
