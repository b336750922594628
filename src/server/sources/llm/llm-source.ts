import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import type { APICallError, LanguageModel } from "ai";
import type { Config } from "@/server/config";
import type { Logger } from "@/server/logger";
import { upstreamFetch } from "@/server/sources/http/upstream-agent";
import { LLM_MESSAGES } from "@/shared/llm/llm-constants";
import type { LlmMessage, LlmTaskName } from "@/shared/llm/llm-tasks";
import { PROVIDER_CATALOGUE, type ProviderProtocol } from "@/shared/llm/providers";
import { baseUrlProblem, BlockedAddressError, createGuardedFetch } from "./guarded-fetch";

type Sdk = typeof import("./llm-sdk");
let sdkLoading: Promise<Sdk> | undefined;
/** The AI SDK's part, loaded by the first call (llm-sdk.ts says why). */
const loadSdk = (): Promise<Sdk> => (sdkLoading ??= import("./llm-sdk"));

/** Which provider, model and key a call goes to; resolved by the caller, never logged whole. */
export type LlmTarget = {
  providerId: string;
  protocol: ProviderProtocol;
  baseUrl: string;
  apiKey: string;
  modelId: string;
  /** A user's own server: called through the guarded fetch (server-side request forgery). */
  isCustom: boolean;
};

export type LlmCallRequest = {
  target: LlmTarget;
  messages: LlmMessage[];
  /** A structured task: the answer must be its JSON (structured output, checked with zod). */
  task?: LlmTaskName;
  maxOutputTokens?: number;
  temperature?: number;
};

export type LlmCallResult = {
  text: string;
  /** The task's object, checked against its schema (structured tasks only). */
  object?: unknown;
  usage: { promptTokens: number | null; completionTokens: number | null };
  latencyMs: number;
  /** How the JSON was asked for: with a schema, or in JSON mode after the server refused the schema. */
  mode: "text" | "schema" | "json-mode";
};

export type LlmFailureKind = "unauthorized" | "rate_limited" | "not_found" | "bad_request" | "upstream" | "timeout" | "unreachable" | "blocked" | "invalid_response" | "empty";

/** A failed model call, in words a user can act on ("Connection failed: ..."). */
export class LlmCallError extends Error {
  constructor(
    readonly kind: LlmFailureKind,
    message: string,
    readonly upstreamStatus?: number,
    readonly usage?: LlmCallResult["usage"],
  ) {
    super(message);
    this.name = "LlmCallError";
  }
}

const BASE_URL_CONFIG: Record<string, keyof Config> = {
  openai: "LLM_OPENAI_BASE_URL",
  openrouter: "LLM_OPENROUTER_BASE_URL",
  groq: "LLM_GROQ_BASE_URL",
  anthropic: "LLM_ANTHROPIC_BASE_URL",
  huggingface: "LLM_HUGGINGFACE_BASE_URL",
  google: "LLM_GOOGLE_BASE_URL",
  together: "LLM_TOGETHER_BASE_URL",
  deepseek: "LLM_DEEPSEEK_BASE_URL",
  cerebras: "LLM_CEREBRAS_BASE_URL",
  requesty: "LLM_REQUESTY_BASE_URL",
};

/** The provider's own words for a refusal ("Incorrect API key provided: ..."), when its body says. */
function upstreamMessage(error: APICallError): string | null {
  try {
    const body = JSON.parse(error.responseBody ?? "") as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof body.error === "string" ? body.error : (body.error?.message ?? body.message);
    return typeof message === "string" && message.trim() ? message.trim().slice(0, 300) : null;
  } catch {
    const text = error.responseBody?.trim();
    return text ? text.slice(0, 200) : null;
  }
}

/**
 * Language models, through the AI SDK. Catalogue providers are called at their configured
 * base URLs (LLM_<ID>_BASE_URL, else the provider's public API); custom providers at the
 * user's base URL through the guarded fetch. Every call is bounded by LLM_TIMEOUT_MS as a
 * whole (retries included) and retried once on 429/5xx by the SDK.
 */
export function createLlmSource(options: { config: Pick<Config, "LLM_ALLOW_PRIVATE_BASE_URLS" | "LLM_TIMEOUT_MS"> & Partial<Config>; logger: Logger }) {
  const { config, logger } = options;
  const guardedFetch = createGuardedFetch({ allowPrivate: config.LLM_ALLOW_PRIVATE_BASE_URLS });
  const timeoutMs = config.LLM_TIMEOUT_MS;

  /** A failed HTTP status in words; `detail` is ": <the provider's message>" or "". */
  function statusFailure(status: number, detail: string): LlmCallError {
    if (status === 401 || status === 403) return new LlmCallError("unauthorized", `${LLM_MESSAGES.connectionFailed}: the provider refused the API key (HTTP ${status})${detail}`, status);
    if (status === 429) return new LlmCallError("rate_limited", `${LLM_MESSAGES.connectionFailed}: the provider is limiting requests (HTTP 429)${detail}`, status);
    if (status === 404) return new LlmCallError("not_found", `${LLM_MESSAGES.connectionFailed}: no such model or endpoint (HTTP 404)${detail}`, status);
    if (status >= 400 && status < 500) return new LlmCallError("bad_request", `${LLM_MESSAGES.connectionFailed}: the provider refused the request (HTTP ${status})${detail}`, status);
    return new LlmCallError("upstream", `${LLM_MESSAGES.connectionFailed}: the provider answered HTTP ${status}${detail}`, status);
  }

  function classify(sdk: Sdk, error: unknown, usage?: LlmCallResult["usage"], lastFailedStatus?: number): LlmCallError {
    const { APICallError, NoObjectGeneratedError } = sdk;
    const chain = sdk.errorChain(error);
    const timedOut = chain.some((cause) => cause instanceof Error && (cause.name === "TimeoutError" || cause.name === "AbortError"));
    if (timedOut && lastFailedStatus !== undefined) {
      // The time ran out while waiting to retry a failed answer: that answer is the news.
      return statusFailure(lastFailedStatus, "");
    }
    if (chain.some((cause) => cause instanceof BlockedAddressError)) {
      const blocked = chain.find((cause) => cause instanceof BlockedAddressError) as BlockedAddressError;
      return new LlmCallError("blocked", blocked.message);
    }
    if (timedOut) {
      return new LlmCallError("timeout", `${LLM_MESSAGES.connectionFailed}: the model did not answer within ${Math.round(timeoutMs / 100) / 10} s`);
    }
    const apiError = chain.find((cause): cause is APICallError => APICallError.isInstance(cause));
    if (apiError) {
      const status = apiError.statusCode;
      const said = upstreamMessage(apiError);
      const detail = said ? `: ${said}` : "";
      if (status !== undefined && status >= 200 && status < 300) {
        return new LlmCallError("invalid_response", `${LLM_MESSAGES.invalidResponseFormat}: the provider's answer could not be read`, status);
      }
      if (status !== undefined) return statusFailure(status, detail);
      return new LlmCallError("unreachable", `${LLM_MESSAGES.connectionFailed}: the provider could not be reached`);
    }
    if (chain.some((cause) => NoObjectGeneratedError.isInstance(cause) || cause instanceof SyntaxError || (cause instanceof Error && cause.name === "ZodError"))) {
      return new LlmCallError("invalid_response", `${LLM_MESSAGES.invalidResponseFormat}: the model's answer is not the JSON asked for`, undefined, usage);
    }
    if (chain.some((cause) => cause instanceof TypeError)) return new LlmCallError("unreachable", `${LLM_MESSAGES.connectionFailed}: the provider could not be reached`);
    return new LlmCallError("upstream", `${LLM_MESSAGES.connectionFailed}: ${error instanceof Error ? error.message.slice(0, 200) : "unknown error"}`);
  }

  /**
   * Models made recently, by everything that makes them differ (the key among it): building
   * one builds the SDK's response schemas too, a millisecond a call otherwise. Kept in this
   * process only, a handful at a time.
   */
  const models = new Map<string, LanguageModel>();
  const MODELS_KEPT = 50;
  /** What the call running now has seen, for the fetch every cached model shares. */
  const callContext = new AsyncLocalStorage<{ failedStatus?: number }>();

  function modelFor(sdk: Sdk, target: LlmTarget, mode: LlmCallResult["mode"]) {
    const key = createHash("sha256").update(JSON.stringify([target.protocol, target.providerId, target.baseUrl, target.apiKey, target.modelId, target.isCustom, mode === "schema"])).digest("hex");
    let model = models.get(key);
    if (!model) {
      const baseFetch = target.isCustom ? guardedFetch : upstreamFetch;
      model = sdk.createLanguageModel({
        protocol: target.protocol,
        name: target.providerId,
        baseUrl: target.baseUrl,
        apiKey: target.apiKey,
        modelId: target.modelId,
        // Remembers the last failed status, for a call whose time runs out while it waits to retry.
        fetch: async (input, init) => {
          const response = await baseFetch(input, init);
          const seen = callContext.getStore();
          if (!response.ok && seen) seen.failedStatus = response.status;
          return response;
        },
        structuredOutputs: mode === "schema",
      });
      models.set(key, model);
      if (models.size > MODELS_KEPT) models.delete(models.keys().next().value!);
    }
    return model;
  }

  /** One attempt in one mode; shared/llm/structured-call.ts does the SDK part, the same as in the browser. */
  async function run(sdk: Sdk, request: LlmCallRequest, mode: LlmCallResult["mode"], seen: { failedStatus?: number }): Promise<LlmCallResult> {
    return callContext.run(seen, () => attempt(sdk, request, mode));
  }

  async function attempt(sdk: Sdk, request: LlmCallRequest, mode: LlmCallResult["mode"]): Promise<LlmCallResult> {
    const { EmptyAnswerError, InvalidAnswerError } = sdk;
    const model = modelFor(sdk, request.target, mode);
    const started = performance.now();
    const settings = {
      model,
      messages: request.messages,
      maxOutputTokens: request.maxOutputTokens,
      temperature: request.temperature,
      maxRetries: 1,
      abortSignal: AbortSignal.timeout(timeoutMs),
    };
    try {
      if (!request.task) {
        const result = await sdk.textCall(settings);
        return { ...result, latencyMs: Math.round(performance.now() - started), mode };
      }
      const result = await sdk.structuredCall({ ...settings, task: request.task, mode: mode === "json-mode" ? "json-mode" : "schema" });
      return { ...result, latencyMs: Math.round(performance.now() - started), mode };
    } catch (error) {
      if (error instanceof EmptyAnswerError) throw new LlmCallError("empty", LLM_MESSAGES.noResponseText, undefined, error.usage);
      if (error instanceof InvalidAnswerError) throw new LlmCallError("invalid_response", error.message, undefined, error.usage);
      throw error;
    }
  }

  return {
    /** One model call; throws LlmCallError. A server that refuses JSON schemas is asked again in JSON mode. */
    async generate(request: LlmCallRequest): Promise<LlmCallResult> {
      const started = performance.now();
      const seen: { failedStatus?: number } = {};
      const sdk = await loadSdk();
      try {
        let result: LlmCallResult;
        try {
          result = await run(sdk, request, request.task ? "schema" : "text", seen);
        } catch (error) {
          if (!request.task || !sdk.refusesSchema(error)) throw error;
          logger.info({ provider: request.target.providerId, model: request.target.modelId }, "model server refused a JSON schema; asking in JSON mode");
          seen.failedStatus = undefined;
          result = await run(sdk, request, "json-mode", seen);
        }
        logger.info(
          { provider: request.target.providerId, model: request.target.modelId, task: request.task, ms: result.latencyMs, mode: result.mode, ...result.usage },
          "model answered",
        );
        return result;
      } catch (error) {
        const failure = error instanceof LlmCallError ? error : classify(sdk, error, undefined, seen.failedStatus);
        logger.warn({ provider: request.target.providerId, model: request.target.modelId, task: request.task, kind: failure.kind, ms: Math.round(performance.now() - started) }, failure.message);
        throw failure;
      }
    },

    /** Where a catalogue provider is called: the operator's LLM_<ID>_BASE_URL, else its public API. */
    catalogueBaseUrl(providerId: string): string | undefined {
      const key = BASE_URL_CONFIG[providerId];
      const configured = key ? (config[key] as string | undefined) : undefined;
      return configured ?? PROVIDER_CATALOGUE.find((provider) => provider.id === providerId)?.defaultBaseUrl;
    },

    /**
     * The catalogue providers a browser may call itself (those that allow it: not server-only)
     * and where: an anonymous visitor's key then never passes through this server.
     */
    directProviders(): { id: string; baseUrl: string }[] {
      return PROVIDER_CATALOGUE.filter((provider) => !provider.corsRestricted && !provider.requiresServer).map((provider) => ({
        id: provider.id,
        baseUrl: this.catalogueBaseUrl(provider.id)!,
      }));
    },

    /** What is wrong with a custom provider's base URL (null when nothing is). */
    baseUrlProblem: (url: string) => baseUrlProblem(url, { allowPrivate: config.LLM_ALLOW_PRIVATE_BASE_URLS }),

    timeoutMs,
  };
}

export type LlmSource = ReturnType<typeof createLlmSource>;
