/**
 * The language-model client for the pages that use it (loaded only when needed: the search
 * page imports it when llm=true is on). Signed-in users' calls go through Quire's server
 * (/api/llm, with x-provider), where their keys are. An anonymous visitor's call goes straight
 * from the browser to providers that allow it; to the others (Anthropic, Hugging Face, custom
 * servers) through /api/llm with the key carried in the request, never stored.
 */
import type { EnhanceResponse, IdCorrectionResponse, LlmCompletionRequest, LlmCompletionResponse } from "@/shared/llm/llm-api";
import { LLM_DEFAULT_MODEL, LLM_DEFAULT_PROVIDER, MERGE_FALLBACK_MODEL, MERGE_FALLBACK_PROVIDER } from "@/shared/llm/llm-constants";
import type { ParsedQuery } from "@/shared/llm/parsed-query";
import { ModelKeyMissingError, ParseCache, parseSearchQuery, type ParseOutcome } from "@/shared/llm/query-parsing";
import { findCatalogueProvider, providerDisplayName } from "@/shared/llm/providers";
import type { Paper } from "@/shared/paper";
import { api, isApiError } from "@/web/lib/api";
import type { LlmKeyStore } from "./llm-key-store";

/** Parses of this page session, by provider, model and query (100 at most). */
const parseCache = new ParseCache();

let directProviders: Promise<Map<string, string>> | undefined;

/** Where the browser may call providers itself (the server's configured base URLs), asked once. */
function directBaseUrls(): Promise<Map<string, string>> {
  directProviders ??= api.get<{ direct: { id: string; baseUrl: string }[] }>("llm/catalogue").then(
    (answer) => new Map(answer.direct.map((entry) => [entry.id, entry.baseUrl])),
    (error: unknown) => {
      directProviders = undefined;
      throw error;
    },
  );
  return directProviders;
}

/** One model call through /api/llm. */
export function completeThroughServer(provider: string, request: LlmCompletionRequest, signal?: AbortSignal): Promise<LlmCompletionResponse> {
  return api.post<LlmCompletionResponse>("llm", request, { headers: { "x-provider": provider }, signal });
}

/**
 * Whether the account holds no key for a catalogue provider: the server would only refuse the
 * call (a 400 the browser logs as an error), so the key-missing fallback comes at once. A custom
 * provider may need no key; an unreadable list leaves it to the server.
 */
async function noKeyInAccount(store: LlmKeyStore, provider: string): Promise<boolean> {
  if (store.kind !== "server" || !findCatalogueProvider(provider)) return false;
  const statuses = await store.list().catch(() => null);
  const status = statuses?.find((entry) => entry.provider === provider);
  return statuses !== null && !status?.hasKey;
}

/** Parses a plain-language search with the default provider, or by rules when there is no key or the model fails. */
export async function parseForSearch(query: string, options: { provider: string; model: string; store: LlmKeyStore; signal?: AbortSignal }): Promise<ParseOutcome> {
  const { provider, model, store } = options;
  const credentials = store.credentials(provider);
  const noKeyOnDevice = store.kind === "device" && !credentials.apiKey && !credentials.baseUrl;
  // An anonymous visitor's key for a provider that allows browsers is used from here, never sent to Quire.
  const catalogue = findCatalogueProvider(provider);
  const direct = store.kind === "device" && credentials.apiKey && catalogue && !catalogue.corsRestricted && !catalogue.requiresServer;
  const call = noKeyOnDevice || (await noKeyInAccount(store, provider))
    ? null
    : direct
      ? async (messages: LlmCompletionRequest["messages"]) => {
          const baseUrl = (await directBaseUrls()).get(provider);
          if (!baseUrl) throw new Error(`Provider ${provider} not supported`);
          const { directStructuredCall } = await import("./direct-transport");
          return directStructuredCall({ id: provider, baseUrl }, credentials.apiKey!, { model, messages, task: "query-parse", temperature: 0 }, options.signal);
        }
      : async (messages: LlmCompletionRequest["messages"]) => {
        try {
          const answer = await completeThroughServer(provider, { model, messages, task: "query-parse", temperature: 0, component: "query-parser", ...credentials }, options.signal);
          return answer.object;
        } catch (error) {
          if (isApiError(error) && error.code === "llm_key_missing") throw new ModelKeyMissingError(error.message);
          throw error;
        }
      };
  return parseSearchQuery(query, { provider: { id: provider, name: providerDisplayName(provider), custom: !catalogue }, model, call, cache: parseCache });
}

/** Remembers a parse for a query (a chip's removal knows the new query's parse exactly). */
export function rememberParse(provider: string, model: string, query: string, parsed: ParsedQuery): void {
  parseCache.set(provider, model, query, parsed);
}

/** Bibliography enhancement of a paper with the default provider (OpenAI when none is chosen). */
export function enhancePaper(paper: Paper, options: { provider?: string; model?: string; store: LlmKeyStore }): Promise<EnhanceResponse> {
  const provider = options.provider || MERGE_FALLBACK_PROVIDER;
  const model = options.provider ? options.model : MERGE_FALLBACK_MODEL;
  return api.post<EnhanceResponse>("llm/enhance", { paper, provider, ...(model ? { model } : {}), ...options.store.credentials(provider) });
}

/**
 * The id-correction prompt for one invalid arXiv id (the arXiv id scan's "Suggest a
 * correction"), with the default provider: the corrected id, or null when the model has none.
 */
export async function suggestArxivId(input: { invalidId: string; title: string; authors?: string[] }, options: { provider?: string; model?: string; store: LlmKeyStore }): Promise<string | null> {
  const provider = options.provider || LLM_DEFAULT_PROVIDER;
  const model = options.model || (provider === LLM_DEFAULT_PROVIDER ? LLM_DEFAULT_MODEL : undefined);
  const answer = await api.post<IdCorrectionResponse>("llm/correct-arxiv-id", { ...input, provider, ...(model ? { model } : {}), ...options.store.credentials(provider) });
  return answer.corrected_arxiv_id;
}
