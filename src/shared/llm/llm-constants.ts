/**
 * The language-model part's constants and messages,
 * in one place for the server, the browser and the tests. zod-free, so any bundle may import it.
 */
import { STORAGE_KEYS } from "@/shared/constants";
import { MAX_QUERY_LENGTH } from "@/shared/search-query";

/** The default provider and model (also the id-correction default). */
export const LLM_DEFAULT_PROVIDER = "google";
export const LLM_DEFAULT_MODEL = "gemini-1.5-flash";
/** Bibliography enhancement uses the user's default provider, else this one. */
export const MERGE_FALLBACK_PROVIDER = "openai";
export const MERGE_FALLBACK_MODEL = "gpt-4o-mini";

/** Parsed queries kept in memory, keyed by provider, model and query. */
export const LLM_CACHE_MAX_ENTRIES = 100;
/** The abstract excerpt an id-correction prompt carries, in characters. */
export const ID_CORRECTION_EXCERPT_CHARS = 500;
/** Candidates an enhancement shows (and sends to the model). */
export const ENHANCEMENT_MAX_CANDIDATES = 5;
/** Bookmarks a bookmark picker shows. */
export const BOOKMARK_PICKER_SIZE = 10;
/** The LLM test page's history: entries kept, and kept while the latest failed. */
export const LLM_TEST_HISTORY_MAX = 10;
export const LLM_TEST_HISTORY_MAX_ON_FAILURE = 50;
/** 'Highly cited' means at least this many citations. */
export const HIGHLY_CITED_MIN_CITATIONS = 100;
/** A provider test asks for at most this many tokens. */
export const PROVIDER_TEST_MAX_TOKENS = 5;
/** The longest query sent to a model (the search box's own limit). */
export const LLM_QUERY_MAX_LENGTH = MAX_QUERY_LENGTH;
/** Longest API key accepted (real keys are well under 200 characters). */
export const API_KEY_MAX_LENGTH = 500;
/** Custom providers a user may keep. */
export const CUSTOM_PROVIDERS_MAX = 20;
/** A custom provider's name: letters, digits, spaces, dots, dashes and underscores. */
export const CUSTOM_PROVIDER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,39}$/;
/** Models listed for one custom provider, and the longest model id. */
export const CUSTOM_PROVIDER_MODELS_MAX = 20;
export const MODEL_ID_MAX_LENGTH = 200;
/** A custom provider given no models gets one model named this. */
export const CUSTOM_PROVIDER_DEFAULT_MODEL = "default";
/** Where an anonymous visitor's keys and custom providers live on the device. */
export const LLM_DEVICE_STORAGE_KEY = STORAGE_KEYS.llmKeys;
/** The device-generated 32-byte key that obfuscates them. */
export const LLM_DEVICE_KEY_STORAGE_KEY = "api-keys.device-key";
export const LLM_DEVICE_KEY_BYTES = 32;

/** The spec's messages, word for word. */
export const LLM_MESSAGES = {
  apiKeyEmpty: "API key cannot be empty",
  storageNotInitialized: "Storage not initialized",
  customProviderMissing: "Missing information: Please provide provider name and base URL.",
  testMissing: "Please select provider, model, and enter API key",
  apiKeyRequired: "API Key Required",
  saveKeyFailed: (message: string) => `Failed to save API key: ${message}`,
  deleteKeyFailed: (message: string) => `Failed to delete API key: ${message}`,
  decryptFailed: "Failed to decrypt API key",
  keyNotConfigured: (provider: string) => `API key not configured for provider: ${provider}`,
  providerNotFound: (id: string) => `Provider ${id} not found`,
  providerNotSupported: (id: string) => `Provider ${id} not supported`,
  noResponseText: "No response text received from the model",
  noApiKey: "No API key provided",
  providerNotFoundShort: "Provider not found",
  connectionFailed: "Connection failed",
  saveProviderFailed: "Failed to save provider",
  deleteProviderFailed: "Failed to delete provider",
  parseFailed: "Failed to parse query",
  parsingFailed: "LLM parsing failed",
  fallingBack: "Falling back to basic keyword parsing",
  parsingUnavailable: "LLM parsing unavailable",
  configureKeyHint: (providerName: string) => `Configure your ${providerName} API key in Settings > LLM Providers`,
  /** A custom provider may need no key: its failure points at its address or settings instead. */
  customUnreachableHint: (providerName: string) => `${providerName} could not be reached. Check its base URL in Settings > LLM Providers`,
  customProviderHint: (providerName: string) => `Check ${providerName}'s base URL, model and key in Settings > LLM Providers`,
  providerLabel: (name: string) => `Provider: ${name}`,
  noEnhancedResults: "No enhanced results found",
  noSuitableMatches: "No suitable matches found among results",
  enhanceFailed: "Failed to enhance bibliography",
  invalidResponseFormat: "Invalid response format",
  mergeFailed: (message: string) => `Merge failed: ${message}`,
  noChangesNeeded: "No Changes Needed",
  enhancementNeedsTitle: "Please enter a paper title or select a bookmark",
  noQuery: "No search query provided",
} as const;

/** What a model call was for, as `llm_usage.component` records it. */
export const LLM_COMPONENTS = ["query-parser", "provider-test", "id-correction", "bibliography-enhancement", "llm-test"] as const;
export type LlmComponent = (typeof LLM_COMPONENTS)[number];
