/**
 * An OpenAI-compatible chat endpoint (route name `llm-chat`): `POST /llm/v1/chat/completions`
 * and `GET /llm/v1/models`, what a local model server (Ollama, llama.cpp, vLLM) or OpenAI
 * itself offers. Add it in Quire as a custom provider with base URL `<sandbox>/llm/v1`. A path
 * segment before `v1` is accepted and ignored (`<sandbox>/llm/<anything>/v1`), so a test can
 * give its provider a base URL of its own and aim faults at it with `match`.
 *
 * Answers are deterministic, read from the prompt (llm/chat-model.ts): Quire's query-parsing,
 * arXiv id-correction and merge prompts get the JSON they ask for; usage counts come back.
 * Like OpenAI: `response_format` `json_object` or `json_schema` (models whose id ends in
 * `-json-mode` refuse `json_schema` with a 400, as JSON-mode-only servers do), `max_tokens` cuts
 * the answer (`finish_reason: "length"`), no streaming (400), CORS for browsers, a key that
 * contains `invalid` gets OpenAI's 401 `invalid_api_key`; any other key, or none, is accepted.
 */
import type { Context } from "hono";
import { answer, countTokens, PROSE_REPLY, SCHEMA_BREAKING_REPLY, type ChatMessage } from "../llm/chat-model";
import { requestedReply, type Upstream } from "../upstream";

export const LLM_CHAT_ROUTE = "llm-chat";

export const SANDBOX_LLM_MODELS = ["sandbox-parse", "sandbox-small", "sandbox-json-mode"] as const;

const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "authorization, content-type, x-stainless-os, x-stainless-lang, x-stainless-arch, x-stainless-runtime, x-stainless-package-version, x-stainless-runtime-version, openai-organization, openai-project",
  "Access-Control-Max-Age": "86400",
};

function openAiError(c: Context, status: 400 | 401 | 404, message: string, options: { type?: string; param?: string | null; code?: string | null } = {}) {
  return c.json({ error: { message, type: options.type ?? "invalid_request_error", param: options.param ?? null, code: options.code ?? null } }, status, CORS_HEADERS);
}

/** "sk-inv***lid", as OpenAI shows a refused key. */
function maskKey(key: string): string {
  return key.length <= 8 ? "***" : `${key.slice(0, 6)}***${key.slice(-3)}`;
}

function isMessage(value: unknown): value is ChatMessage {
  return typeof value === "object" && value !== null && typeof (value as ChatMessage).role === "string" && typeof (value as ChatMessage).content === "string";
}

/** Message content as text: a string, or OpenAI's array of parts. */
function contentText(content: unknown): string | null {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((part) => (typeof part?.text === "string" ? part.text : "")).join("");
  return null;
}

async function chatCompletion(c: Context): Promise<Response> {
  const started = performance.now();
  const authorization = c.req.header("authorization") ?? "";
  const key = /^Bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim();
  if (key && /invalid/i.test(key)) {
    return openAiError(c, 401, `Incorrect API key provided: ${maskKey(key)}. You can find your API key at https://platform.openai.com/account/api-keys.`, { code: "invalid_api_key" });
  }
  let body: Record<string, unknown>;
  try {
    body = (await c.req.json()) as Record<string, unknown>;
  } catch {
    return openAiError(c, 400, "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly.)");
  }
  if (typeof body.model !== "string" || !body.model) return openAiError(c, 400, "you must provide a model parameter", { param: "model" });
  if (!Array.isArray(body.messages) || body.messages.length === 0) return openAiError(c, 400, "'messages' is a required property", { param: "messages" });
  const messages: ChatMessage[] = [];
  for (const raw of body.messages as unknown[]) {
    const text = contentText((raw as { content?: unknown })?.content);
    if (!isMessage({ ...(raw as object), content: text ?? undefined })) return openAiError(c, 400, "Invalid 'messages': each message needs a role and a content.", { param: "messages" });
    messages.push({ role: (raw as ChatMessage).role, content: text! });
  }
  if (body.stream === true) return openAiError(c, 400, "Streaming is not supported by this server.", { param: "stream" });
  const format = (body.response_format as { type?: string } | undefined)?.type;
  if (format === "json_schema" && body.model.endsWith("-json-mode")) {
    return openAiError(c, 400, "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.", { param: "response_format" });
  }

  const reply = requestedReply(c.req.raw);
  let content = reply === "prose" ? PROSE_REPLY : reply === "schema-break" ? SCHEMA_BREAKING_REPLY : answer(messages).content;
  const maxTokens = typeof body.max_tokens === "number" ? body.max_tokens : typeof body.max_completion_tokens === "number" ? body.max_completion_tokens : null;
  let finishReason = "stop";
  if (maxTokens !== null && countTokens(content) > maxTokens) {
    content = content.slice(0, Math.max(1, maxTokens * 4));
    finishReason = "length";
  }
  const promptTokens = messages.reduce((sum, message) => sum + countTokens(message.content) + 4, 3);
  const completionTokens = countTokens(content);
  const processingMs = Math.max(1, Math.round(performance.now() - started));
  return c.json(
    {
      id: `chatcmpl-sandbox${Date.now().toString(36)}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, logprobs: null, finish_reason: finishReason }],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
      system_fingerprint: "fp_sandbox",
    },
    200,
    // OpenAI says how long the model took; the benchmark reads it.
    { ...CORS_HEADERS, "openai-processing-ms": String(processingMs) },
  );
}

export const llmUpstream: Upstream = {
  name: "llm",
  routes: [LLM_CHAT_ROUTE],
  register(app, context) {
    const route = context.route(LLM_CHAT_ROUTE);
    for (const prefix of ["/llm/v1", "/llm/:space/v1"]) {
      // Preflights are answered outside the route, so a queued fault meets the real request.
      app.options(`${prefix}/*`, () => new Response(null, { status: 204, headers: CORS_HEADERS }));
      app.post(`${prefix}/chat/completions`, route, chatCompletion);
      app.get(`${prefix}/models`, route, (c) =>
        c.json({ object: "list", data: SANDBOX_LLM_MODELS.map((id) => ({ id, object: "model", created: 1_767_225_600, owned_by: "sandbox" })) }, 200, CORS_HEADERS),
      );
    }
  },
};
