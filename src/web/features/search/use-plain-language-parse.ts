import { useQuery } from "@tanstack/react-query";
import { hasSearchCriteria } from "@/shared/search-options";
import { shouldParseQuery } from "@/shared/search-query";
import type { ParseOutcome } from "@/shared/llm/query-parsing";
import { LLM_DEFAULT_MODEL, LLM_DEFAULT_PROVIDER } from "@/shared/llm/llm-constants";
import { createModuleLoader } from "@/web/lib/module-loader";
import { useSettings } from "@/web/lib/user-data/user-data-hooks";
import { useUserData } from "@/web/lib/user-data/user-stores";
import type { SearchState } from "./search-url";

/** The language-model client, loaded only once a plain-language search needs it. */
export const llmClientModule = createModuleLoader(() => import("@/web/features/llm/llm-client"));
const keyStoreModule = createModuleLoader(() => import("@/web/features/llm/llm-key-store"));

/** Parses are kept as long as search results are: the same query in this session parses once. */
const PARSE_GC_MS = 24 * 60 * 60 * 1000;

/** The parse query's key; the semantic panel writes a chip removal's parse under it. */
export function plainLanguageParseKey(scope: string, provider: string, model: string, query: string) {
  return ["llm", "parse", scope, provider, model, query.trim()] as const;
}

/**
 * The parse of a plain-language search (llm=true), with the default provider and model, through the
 * lazily loaded LLM client. A field-prefixed query, or a page without llm=true, needs none. Never
 * fails for a model failure: the outcome is then the rule-based parse with the spec's warnings.
 */
export function usePlainLanguageParse(state: SearchState) {
  const needed = state.llm && hasSearchCriteria(state) && shouldParseQuery(state.q);
  const { session } = useUserData();
  const { settings, status } = useSettings();
  const provider = settings.llm?.defaultProvider || LLM_DEFAULT_PROVIDER;
  const model = settings.llm?.defaultModel || (provider === LLM_DEFAULT_PROVIDER ? LLM_DEFAULT_MODEL : "");
  const ready = session.status !== "loading" && status !== "loading";
  const scope = session.status === "signed-in" ? `user:${session.user.id}` : "device";
  const query = useQuery<ParseOutcome>({
    queryKey: plainLanguageParseKey(scope, provider, model, state.q),
    queryFn: async ({ signal }) => {
      const [client, keys] = await Promise.all([llmClientModule.load(), keyStoreModule.load()]);
      return client.parseForSearch(state.q, { provider, model, store: keys.llmKeyStoreFor(session), signal });
    },
    enabled: needed && ready,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: PARSE_GC_MS,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const parsed = needed && query.data?.parsed ? JSON.stringify(query.data.parsed) : "";
  return {
    needed,
    provider,
    model,
    scope,
    query,
    /** The parse as /api/search takes it ("" when there is none). */
    parsed,
    /** Whether the search may go: no parse needed, or the parse is in (or failed outright). */
    settled: !needed || query.isSuccess || query.isError,
  };
}
export type PlainLanguageParse = ReturnType<typeof usePlainLanguageParse>;
