/**
 * The provider catalogue: ten providers,
 * each with its preset models, plus the user's custom OpenAI-compatible providers. zod-free.
 */
import { CUSTOM_PROVIDER_DEFAULT_MODEL } from "./llm-constants";

/** How Quire talks to a provider: the AI SDK package (or the OpenAI-compatible one) that speaks its API. */
export type ProviderProtocol =
  | "openai"
  | "anthropic"
  | "google"
  | "groq"
  | "deepseek"
  | "cerebras"
  | "togetherai"
  | "huggingface"
  | "openrouter"
  | "openai-compatible";

/** An LLM provider as the settings and the search page show it. */
export type LlmProvider = {
  id: string;
  name: string;
  description: string;
  models: string[];
  /** The provider offers a free tier or free models. */
  isFree: boolean;
  /** Called only through Quire's server (/api/llm), never from the browser. */
  requiresServer: boolean;
  /** The provider refuses calls from web pages (no CORS), so the browser cannot call it itself. */
  corsRestricted: boolean;
  isCustom: boolean;
};

export type CatalogueProvider = LlmProvider & {
  isCustom: false;
  protocol: ProviderProtocol;
  /** The provider's public API base; an operator may point it elsewhere (LLM_<ID>_BASE_URL). */
  defaultBaseUrl: string;
};

const entry = (provider: Omit<CatalogueProvider, "isCustom">): CatalogueProvider => ({ ...provider, isCustom: false });

export const PROVIDER_CATALOGUE: readonly CatalogueProvider[] = [
  entry({
    id: "openai",
    name: "OpenAI",
    description: "GPT models from OpenAI.",
    models: ["gpt-4o-mini", "gpt-4o", "gpt-4.1-mini", "gpt-4.1"],
    isFree: false,
    requiresServer: false,
    corsRestricted: false,
    protocol: "openai",
    defaultBaseUrl: "https://api.openai.com/v1",
  }),
  entry({
    id: "openrouter",
    name: "OpenRouter",
    description: "One key for many providers' models, some of them free.",
    models: ["openai/gpt-4o-mini", "google/gemini-flash-1.5", "anthropic/claude-3.5-haiku", "meta-llama/llama-3.1-8b-instruct:free"],
    isFree: true,
    requiresServer: false,
    corsRestricted: false,
    protocol: "openrouter",
    defaultBaseUrl: "https://openrouter.ai/api/v1",
  }),
  entry({
    id: "groq",
    name: "Groq",
    description: "Fast open models on Groq's hardware, with a free tier.",
    models: ["llama-3.1-8b-instant", "llama-3.3-70b-versatile", "gemma2-9b-it"],
    isFree: true,
    requiresServer: false,
    corsRestricted: false,
    protocol: "groq",
    defaultBaseUrl: "https://api.groq.com/openai/v1",
  }),
  entry({
    id: "anthropic",
    name: "Anthropic",
    description: "Claude models; called through Quire's server only.",
    models: ["claude-3-5-haiku-latest", "claude-3-5-sonnet-latest", "claude-3-7-sonnet-latest"],
    isFree: false,
    requiresServer: true,
    corsRestricted: true,
    protocol: "anthropic",
    defaultBaseUrl: "https://api.anthropic.com/v1",
  }),
  entry({
    id: "huggingface",
    name: "Hugging Face",
    description: "Open models through Hugging Face inference providers; called through Quire's server only.",
    models: ["meta-llama/Llama-3.1-8B-Instruct", "mistralai/Mistral-7B-Instruct-v0.3", "Qwen/Qwen2.5-7B-Instruct"],
    isFree: true,
    requiresServer: true,
    corsRestricted: true,
    protocol: "huggingface",
    defaultBaseUrl: "https://router.huggingface.co/v1",
  }),
  entry({
    id: "google",
    name: "Google",
    description: "Gemini models, with a free tier.",
    models: ["gemini-1.5-flash", "gemini-1.5-pro", "gemini-2.0-flash"],
    isFree: true,
    requiresServer: false,
    corsRestricted: false,
    protocol: "google",
    defaultBaseUrl: "https://generativelanguage.googleapis.com/v1beta",
  }),
  entry({
    id: "together",
    name: "Together AI",
    description: "Open models hosted by Together AI.",
    models: ["meta-llama/Llama-3.3-70B-Instruct-Turbo", "meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo", "Qwen/Qwen2.5-72B-Instruct-Turbo"],
    isFree: false,
    requiresServer: false,
    corsRestricted: false,
    protocol: "togetherai",
    defaultBaseUrl: "https://api.together.xyz/v1",
  }),
  entry({
    id: "deepseek",
    name: "DeepSeek",
    description: "DeepSeek's chat and reasoning models.",
    models: ["deepseek-chat", "deepseek-reasoner"],
    isFree: false,
    requiresServer: false,
    corsRestricted: false,
    protocol: "deepseek",
    defaultBaseUrl: "https://api.deepseek.com/v1",
  }),
  entry({
    id: "cerebras",
    name: "Cerebras",
    description: "Open models on Cerebras hardware, with a free tier.",
    models: ["llama3.1-8b", "llama-3.3-70b"],
    isFree: true,
    requiresServer: false,
    corsRestricted: false,
    protocol: "cerebras",
    defaultBaseUrl: "https://api.cerebras.ai/v1",
  }),
  entry({
    id: "requesty",
    name: "Requesty",
    description: "A router for many providers' models (OpenAI-compatible).",
    models: ["openai/gpt-4o-mini", "anthropic/claude-3-5-haiku-latest", "google/gemini-2.0-flash-001"],
    isFree: false,
    requiresServer: false,
    corsRestricted: false,
    protocol: "openai-compatible",
    defaultBaseUrl: "https://router.requesty.ai/v1",
  }),
];

export const CATALOGUE_PROVIDER_IDS = PROVIDER_CATALOGUE.map((provider) => provider.id);

const byId = new Map(PROVIDER_CATALOGUE.map((provider) => [provider.id, provider]));

/** The catalogue entry for an id, or undefined (a custom provider, or nothing). */
export function findCatalogueProvider(id: string): CatalogueProvider | undefined {
  return byId.get(id);
}

/** Whether a name is taken by the catalogue (custom providers may not reuse one, in any case). */
export function isCatalogueName(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return PROVIDER_CATALOGUE.some((provider) => provider.id === lower || provider.name.toLowerCase() === lower);
}

/** A custom provider as stored: name (its id), base URL and models; the key is kept apart. */
export type CustomProviderConfig = { name: string; baseUrl: string; models: string[] };

/** "a, b ,,c" -> ["a", "b", "c"]; none gives the single model named `default`. */
export function parseModelList(text: string): string[] {
  const models = [...new Set(text.split(",").map((model) => model.trim()).filter(Boolean))];
  return models.length > 0 ? models : [CUSTOM_PROVIDER_DEFAULT_MODEL];
}

/** A custom provider as an LlmProvider, for lists that show both kinds. */
export function customProviderAsLlmProvider(config: CustomProviderConfig): LlmProvider {
  return {
    id: config.name,
    name: config.name,
    description: `OpenAI-compatible server at ${config.baseUrl}`,
    models: config.models,
    isFree: false,
    requiresServer: false,
    corsRestricted: true,
    isCustom: true,
  };
}

/** The display name of a provider id (catalogue name, or the custom provider's own name). */
export function providerDisplayName(id: string): string {
  return byId.get(id)?.name ?? id;
}
