/**
 * An anonymous visitor's model call straight from the browser, with the key kept on the device, for
 * the catalogue providers that allow browsers (not Anthropic or Hugging Face, which are
 * server-only). Loaded only when such a call is made. The page's Content-Security-Policy names
 * exactly these providers' configured origins.
 */
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LlmMessage, LlmTaskName } from "@/shared/llm/llm-tasks";
import { findCatalogueProvider } from "@/shared/llm/providers";
import { structuredCallWithFallback } from "@/shared/llm/structured-call";

/** How long a direct call may take before the page falls back (the server's default bound). */
const DIRECT_TIMEOUT_MS = 20_000;

export async function directStructuredCall(
  provider: { id: string; baseUrl: string },
  apiKey: string,
  request: { model: string; messages: LlmMessage[]; task: LlmTaskName; temperature?: number },
  signal?: AbortSignal,
): Promise<unknown> {
  const catalogue = findCatalogueProvider(provider.id);
  if (!catalogue || catalogue.requiresServer) throw new Error(`Provider ${provider.id} not supported`);
  // Google's SDK is loaded only for Google.
  const createGoogle = catalogue.protocol === "google" ? (await import("@ai-sdk/google")).createGoogle : null;
  const makeModel = (mode: "schema" | "json-mode") =>
    createGoogle
      ? createGoogle({ apiKey, baseURL: provider.baseUrl })(request.model)
      : // Every other browser-callable provider speaks OpenAI's Chat Completions.
        createOpenAICompatible({ name: provider.id, baseURL: provider.baseUrl, apiKey, supportsStructuredOutputs: mode === "schema", includeUsage: true }).chatModel(request.model);
  const timeout = AbortSignal.timeout(DIRECT_TIMEOUT_MS);
  const result = await structuredCallWithFallback(
    { model: makeModel("schema"), messages: request.messages, task: request.task, temperature: request.temperature, abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout },
    makeModel,
  );
  return result.object;
}
