import { useQuery } from "@tanstack/react-query";
import { LLM_DEFAULT_MODEL, LLM_DEFAULT_PROVIDER } from "@/shared/llm/llm-constants";
import { useSettings } from "@/web/lib/user-data/user-data-hooks";
import type { UserDataSession } from "@/web/lib/user-data/user-data-session";
import { useUserData } from "@/web/lib/user-data/user-stores";
import { llmKeyStoreFor, type LlmKeyStore } from "./llm-key-store";

/** Keys and statuses are the user's: never stale on their own, refetched after every change. */
export const LLM_PROVIDERS_STALE_MS = Number.POSITIVE_INFINITY;

/** Whose keys a query reads: the account's, or the device's. */
export function llmScope(session: UserDataSession): string {
  return session.status === "signed-in" ? `user:${session.user.id}` : "device";
}

/** Query keys for the language-model data (rule 8). */
export const llmKeys = {
  all: ["llm"] as const,
  providers: (scope: string) => [...llmKeys.all, "providers", scope] as const,
  parses: () => [...llmKeys.all, "parse"] as const,
  parse: (scope: string, provider: string, model: string, query: string) => [...llmKeys.parses(), scope, provider, model, query] as const,
};

/** The user's key store and the session it belongs to. */
export function useLlmKeyStore(): { store: LlmKeyStore; scope: string; ready: boolean } {
  const { session } = useUserData();
  return { store: llmKeyStoreFor(session), scope: llmScope(session), ready: session.status !== "loading" };
}

/** Every provider with the user's key status (catalogue first, then custom providers). */
export function useLlmProviders() {
  const { store, scope, ready } = useLlmKeyStore();
  return useQuery({ queryKey: llmKeys.providers(scope), queryFn: () => store.list(), enabled: ready, staleTime: LLM_PROVIDERS_STALE_MS });
}

/** The default provider and model (settings `llm`), with the spec's defaults, and whether the settings have loaded. */
export function useLlmDefaults(): { provider: string; model: string; ready: boolean; chosen: boolean } {
  const { settings, status } = useSettings();
  const provider = settings.llm?.defaultProvider || LLM_DEFAULT_PROVIDER;
  const model = settings.llm?.defaultModel || (provider === LLM_DEFAULT_PROVIDER ? LLM_DEFAULT_MODEL : "");
  return { provider, model, ready: status !== "loading", chosen: Boolean(settings.llm?.defaultProvider && settings.llm?.defaultModel) };
}
