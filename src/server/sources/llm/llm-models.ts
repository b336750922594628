import { createAnthropic } from "@ai-sdk/anthropic";
import { createCerebras } from "@ai-sdk/cerebras";
import { createDeepSeek } from "@ai-sdk/deepseek";
import { createGoogle } from "@ai-sdk/google";
import { createGroq } from "@ai-sdk/groq";
import { createHuggingFace } from "@ai-sdk/huggingface";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { createTogetherAI } from "@ai-sdk/togetherai";
import { createOpenRouter } from "@openrouter/ai-sdk-provider";
import type { LanguageModel } from "ai";
import type { ProviderProtocol } from "@/shared/llm/providers";

export type ModelTarget = {
  protocol: ProviderProtocol;
  /** The provider's name as the SDK reports it (the catalogue id, or the custom provider's name). */
  name: string;
  baseUrl: string;
  /** Empty for a local model server that takes no key. */
  apiKey: string;
  modelId: string;
  fetch: typeof fetch;
  /**
   * Whether the server takes a JSON schema (`response_format: json_schema`); false sends JSON
   * mode only, for OpenAI-compatible servers that refuse schemas.
   */
  structuredOutputs: boolean;
};

/**
 * The AI SDK model for a provider: each catalogue provider through its own package (Google
 * through its SDK, as the spec says), Requesty and custom providers through the
 * OpenAI-compatible one. OpenAI-style providers use `.chat()` (Chat Completions, which every
 * compatible server has) rather than the Responses API.
 */
export function createLanguageModel(target: ModelTarget): LanguageModel {
  // Always a string: given no key, the provider packages would read the operator's environment
  // (OPENAI_API_KEY...), and one user's call must never run on a key that is not theirs.
  const common = { baseURL: target.baseUrl, apiKey: target.apiKey, fetch: target.fetch };
  switch (target.protocol) {
    case "openai":
      return createOpenAI(common).chat(target.modelId);
    case "anthropic":
      return createAnthropic(common)(target.modelId);
    case "google":
      return createGoogle(common)(target.modelId);
    case "groq":
      return createGroq(common)(target.modelId);
    case "deepseek":
      return createDeepSeek(common)(target.modelId);
    case "cerebras":
      return createCerebras(common)(target.modelId);
    case "togetherai":
      return createTogetherAI(common)(target.modelId);
    case "huggingface":
      return createHuggingFace(common)(target.modelId);
    case "openrouter":
      return createOpenRouter({ ...common, compatibility: "strict" }).chat(target.modelId);
    case "openai-compatible":
      return createOpenAICompatible({
        name: target.name,
        baseURL: target.baseUrl,
        apiKey: target.apiKey || undefined,
        fetch: target.fetch,
        supportsStructuredOutputs: target.structuredOutputs,
        includeUsage: true,
      }).chatModel(target.modelId);
  }
}
