/**
 * The language-model API (`/api/llm`), shared by the server's routes and the web app. zod-free
 * types; the routes hold the request schemas.
 *
 *   POST   /api/llm                      x-provider: <id>   LlmCompletionRequest -> LlmCompletionResponse
 *          (signed in: the stored key; anonymous, or to try a key: `apiKey` in the body, never stored)
 *   GET    /api/llm/providers            -> { providers: ProviderStatus[] }            (signed in)
 *   PUT    /api/llm/keys/:provider       { apiKey } -> { provider: ProviderStatus }    (signed in; encrypted)
 *   DELETE /api/llm/keys/:provider       -> 204                                        (signed in)
 *   POST   /api/llm/custom-providers     { name, baseUrl, models, apiKey? } -> 201 { provider }
 *   PUT    /api/llm/custom-providers/:name { baseUrl, models, apiKey? } -> { provider }  (name locked)
 *   DELETE /api/llm/custom-providers/:name -> 204
 *   POST   /api/llm/test                 { provider, model, apiKey?, baseUrl? } -> ProviderTestResult
 *   POST   /api/llm/correct-arxiv-id     { invalidId, title, authors?, abstract?, provider?, model? } -> { corrected_arxiv_id }
 *   POST   /api/llm/enhance              { paper, provider?, model? } -> EnhanceResponse
 *
 * Every call to a model writes a row to llm_usage. Keys are never sent back: a status says
 * whether there is one and its last four characters.
 */
import type { Paper } from "@/shared/paper";
import type { BibEntry, FieldChange, MergeResult } from "./bibliography-merge";
import type { LlmComponent } from "./llm-constants";
import type { LlmMessage, LlmTaskName } from "./llm-tasks";

/** A provider as the settings list shows it (without the client's isLoading). */
export type ProviderStatus = {
  provider: string;
  name: string;
  hasKey: boolean;
  /** The key's last four characters, the only part ever shown again. */
  keyLast4: string | null;
  /** The last test succeeded. */
  isValid: boolean;
  lastTested: string | null;
  isCustom: boolean;
  baseUrl: string | null;
  models: string[];
  error: string | null;
};

export type ProvidersResponse = { providers: ProviderStatus[] };

export type LlmCompletionRequest = {
  model: string;
  messages: LlmMessage[];
  task?: LlmTaskName;
  maxOutputTokens?: number;
  temperature?: number;
  component?: LlmComponent;
  /** An anonymous visitor's key (or one being tried), used for this call only. */
  apiKey?: string;
  /** An anonymous visitor's custom provider's base URL. */
  baseUrl?: string;
};

export type LlmUsageCounts = { promptTokens: number | null; completionTokens: number | null };

export type LlmCompletionResponse = {
  text: string;
  /** A structured task's answer, checked against its schema. */
  object?: unknown;
  usage: LlmUsageCounts;
  latencyMs: number;
  provider: string;
  model: string;
};

export type ProviderTestResult = {
  provider: string;
  model: string;
  isValid: boolean;
  lastTested: string;
  error: string | null;
  latencyMs: number | null;
};

export type EnhanceOutcome = "changes" | "no-changes" | "no-match" | "no-results";

export type EnhanceResponse = {
  outcome: EnhanceOutcome;
  /** The spec's words for every outcome but "changes": 'No Changes Needed', 'No suitable matches found among results', 'No enhanced results found'. */
  message: string | null;
  original: BibEntry;
  candidates: Paper[];
  result: MergeResult | null;
  changes: FieldChange[];
};

export type IdCorrectionResponse = { corrected_arxiv_id: string | null };

/** Error codes the LLM routes answer with (the message says the rest). */
export const LLM_ERROR_CODES = {
  keyMissing: "llm_key_missing",
  keyEmpty: "llm_key_empty",
  providerNotFound: "llm_provider_not_found",
  baseUrlRefused: "llm_base_url_refused",
  unauthorized: "llm_unauthorized",
  rateLimited: "llm_rate_limited",
  timeout: "llm_timeout",
  invalidResponse: "llm_invalid_response",
  upstream: "llm_upstream_error",
} as const;
