import { APICallError, generateText, NoObjectGeneratedError, Output, RetryError, zodSchema, type LanguageModelUsage, type Schema } from "ai";
import type { Config } from "@/server/config";
import type { Logger } from "@/server/logger";
import { upstreamFetch } from "@/server/sources/http/upstream-agent";
import { LLM_MESSAGES } from "@/shared/llm/llm-constants";
import { extractJsonObject, LLM_TASKS, type LlmMessage, type LlmTaskName } from "@/shared/llm/llm-tasks";
import { PROVIDER_CATALOGUE, type ProviderProtocol } from "@/shared/llm/providers";
import { baseUrlProblem, BlockedAddressError, createGuardedFetch } from "./guarded-fetch";
import { createLanguageModel } from "./llm-models";

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

/**
 * Each task's schema as the SDK takes it, made once: the SDK turns a zod schema into JSON
 * Schema on every call otherwise (about a millisecond and a half each).
 */
const TASK_SCHEMAS: Record<LlmTaskName, Schema<unknown>> = {
  "query-parse": zodSchema(LLM_TASKS["query-parse"].schema) as Schema<unknown>,
  "arxiv-id-correction": zodSchema(LLM_TASKS["arxiv-id-correction"].schema) as Schema<unknown>,
  "bibliography-merge": zodSchema(LLM_TASKS["bibliography-merge"].schema) as Schema<unknown>,
};
for (const schema of Object.values(TASK_SCHEMAS)) void schema.jsonSchema;

function usageOf(usage: LanguageModelUsage | undefined): LlmCallResult["usage"] {
  return { promptTokens: usage?.inputTokens ?? null, completionTokens: usage?.outputTokens ?? null };
}

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

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth += 1) {
    chain.push(current);
    current = RetryError.isInstance(current) ? current.lastError : (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** Whether a refusal is about the JSON schema, so the call is worth retrying in JSON mode. */
function refusesSchema(error: unknown): boolean {
  return causes(error).some(
    (cause) =>
      APICallError.isInstance(cause) &&
      (cause.statusCode === 400 || cause.statusCode === 422) &&
      /response_format|json_schema|structured output|schema/i.test(`${cause.message} ${cause.responseBody ?? ""}`),
  );
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

  function classify(error: unknown, usage?: LlmCallResult["usage"], lastFailedStatus?: number): LlmCallError {
    const chain = causes(error);
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

  async function run(request: LlmCallRequest, mode: LlmCallResult["mode"], seen: { failedStatus?: number }): Promise<LlmCallResult> {
    const { target } = request;
    const baseFetch = target.isCustom ? guardedFetch : upstreamFetch;
    const model = createLanguageModel({
      protocol: target.protocol,
      name: target.providerId,
      baseUrl: target.baseUrl,
      apiKey: target.apiKey,
      modelId: target.modelId,
      // Remembers the last failed status, for a call whose time runs out while it waits to retry.
      fetch: async (input, init) => {
        const response = await baseFetch(input, init);
        if (!response.ok) seen.failedStatus = response.status;
        return response;
      },
      structuredOutputs: mode === "schema",
    });
    const task = request.task ? LLM_TASKS[request.task] : undefined;
    const started = performance.now();
    // The SDK takes the system prompt as `instructions`, apart from the conversation.
    const instructions = request.messages.filter((message) => message.role === "system").map((message) => message.content).join("\n\n");
    const settings = {
      model,
      instructions: instructions || undefined,
      messages: request.messages
        .filter((message) => message.role !== "system")
        .map((message) => ({ role: message.role as "user" | "assistant", content: message.content })),
      maxOutputTokens: request.maxOutputTokens,
      temperature: request.temperature,
      maxRetries: 1,
      abortSignal: AbortSignal.timeout(timeoutMs),
    };
    if (!task) {
      const result = await generateText(settings);
      const latencyMs = Math.round(performance.now() - started);
      if (!result.text.trim()) throw new LlmCallError("empty", LLM_MESSAGES.noResponseText, undefined, usageOf(result.usage));
      return { text: result.text, usage: usageOf(result.usage), latencyMs, mode };
    }
    try {
      const output = mode === "schema" ? Output.object({ schema: TASK_SCHEMAS[request.task!], name: task.name, description: task.description }) : Output.json({ name: task.name });
      const result = await generateText({ ...settings, output });
      const object = mode === "schema" ? result.output : task.schema.parse(result.output);
      return { text: result.text, object, usage: usageOf(result.usage), latencyMs: Math.round(performance.now() - started), mode };
    } catch (error) {
      // A model that wrapped its JSON in prose or a code fence still answered: take the JSON out.
      const generated = causes(error).find((cause): cause is NoObjectGeneratedError => NoObjectGeneratedError.isInstance(cause));
      if (generated) {
        const usage = usageOf(generated.usage);
        if (!generated.text?.trim()) throw new LlmCallError("empty", LLM_MESSAGES.noResponseText, undefined, usage);
        let json: unknown;
        try {
          json = extractJsonObject(generated.text);
        } catch {
          throw new LlmCallError("invalid_response", `${LLM_MESSAGES.invalidResponseFormat}: the model answered with text, not JSON`, undefined, usage);
        }
        const checked = task.schema.safeParse(json);
        if (!checked.success) {
          const fields = [...new Set(checked.error.issues.map((issue) => issue.path.join(".") || "(answer)"))].slice(0, 4).join(", ");
          throw new LlmCallError("invalid_response", `${LLM_MESSAGES.invalidResponseFormat}: the model's JSON does not fit the expected fields (${fields})`, undefined, usage);
        }
        return { text: generated.text, object: checked.data, usage, latencyMs: Math.round(performance.now() - started), mode };
      }
      throw error;
    }
  }

  return {
    /** One model call; throws LlmCallError. A server that refuses JSON schemas is asked again in JSON mode. */
    async generate(request: LlmCallRequest): Promise<LlmCallResult> {
      const started = performance.now();
      const seen: { failedStatus?: number } = {};
      try {
        let result: LlmCallResult;
        try {
          result = await run(request, request.task ? "schema" : "text", seen);
        } catch (error) {
          if (!request.task || !refusesSchema(error)) throw error;
          logger.info({ provider: request.target.providerId, model: request.target.modelId }, "model server refused a JSON schema; asking in JSON mode");
          seen.failedStatus = undefined;
          result = await run(request, "json-mode", seen);
        }
        logger.info(
          { provider: request.target.providerId, model: request.target.modelId, task: request.task, ms: result.latencyMs, mode: result.mode, ...result.usage },
          "model answered",
        );
        return result;
      } catch (error) {
        const failure = error instanceof LlmCallError ? error : classify(error, undefined, seen.failedStatus);
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

    /** What is wrong with a custom provider's base URL (null when nothing is). */
    baseUrlProblem: (url: string) => baseUrlProblem(url, { allowPrivate: config.LLM_ALLOW_PRIVATE_BASE_URLS }),

    timeoutMs,
  };
}

export type LlmSource = ReturnType<typeof createLlmSource>;
