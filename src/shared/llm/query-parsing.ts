/**
 * Plain-language search parsing: a
 * field-prefixed query is left alone; otherwise the model parses it, and when there is no key,
 * or the model fails, the rule-based parser does, with the spec's warnings. How the model is
 * reached (Quire's server, or the browser itself) is the caller's `call`.
 */
import { shouldParseQuery } from "@/shared/search-query";
import { LLM_CACHE_MAX_ENTRIES, LLM_MESSAGES, LLM_QUERY_MAX_LENGTH } from "./llm-constants";
import { queryParseMessages, type LlmMessage } from "./llm-tasks";
import { hasSearchableParts, modelParseSchema, normalizeModelParse, type ParsedQuery } from "./parsed-query";
import { parseQueryWithRules } from "./rule-based-parser";

export type ParseSource = "llm" | "fallback" | "skipped";

export type ParseOutcome = {
  /** Null when parsing was skipped (a field-prefixed query is searched as typed). */
  parsed: ParsedQuery | null;
  source: ParseSource;
  provider: string;
  model: string;
  /** The fallback ran because no key is set for the provider. */
  keyMissing?: boolean;
};

/** Thrown by a model call that found no key for the provider (the server said so): the key-missing fallback. */
export class ModelKeyMissingError extends Error {
  constructor(message = "No API key is configured for this provider.") {
    super(message);
    this.name = "ModelKeyMissingError";
  }
}

/** Sends the parse prompt to a model and answers its JSON (structured output); throws on failure. */
export type ParseModelCall = (messages: LlmMessage[]) => Promise<unknown>;

export type ParseOptions = {
  /** custom: one of the user's own OpenAI-compatible servers (which may need no key). */
  provider: { id: string; name: string; custom?: boolean };
  model: string;
  /** How to reach the model; null when no key is configured for the provider. */
  call: ParseModelCall | null;
  cache?: ParseCache;
  now?: Date;
};

export { shouldParseQuery };

function withWarnings(parsed: ParsedQuery, warnings: string[]): ParsedQuery {
  return { ...parsed, warnings: [...warnings, ...parsed.warnings] };
}

/** Why a model call failed, in a few words for the panel. */
export function failureReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").trim().slice(0, 200) || LLM_MESSAGES.connectionFailed;
}

/**
 * Parses a query. Never throws for a model failure: the outcome is then the rule-based parse
 * with the warnings 'LLM parsing failed', the reason, 'Falling back to basic keyword parsing'
 * and a hint to configure the key; without a key, warnings that start 'LLM parsing unavailable'.
 */
export async function parseSearchQuery(query: string, options: ParseOptions): Promise<ParseOutcome> {
  const text = query.trim();
  const base = { provider: options.provider.id, model: options.model };
  if (!text) throw new Error(LLM_MESSAGES.noQuery);
  if (!shouldParseQuery(text)) return { ...base, parsed: null, source: "skipped" };
  const rules = () => parseQueryWithRules(text, { now: options.now });
  if (text.length > LLM_QUERY_MAX_LENGTH) {
    // Never sent: the search refuses it too, and a model would only be paid to read it.
    return { ...base, source: "fallback", parsed: withWarnings(rules(), [`${LLM_MESSAGES.parsingUnavailable}: the query is longer than ${LLM_QUERY_MAX_LENGTH} characters.`]) };
  }
  const keyMissing = (): ParseOutcome => ({
    ...base,
    source: "fallback",
    keyMissing: true,
    parsed: withWarnings(rules(), [`${LLM_MESSAGES.parsingUnavailable}: ${LLM_MESSAGES.keyNotConfigured(options.provider.id)}. Using basic keyword parsing.`]),
  });
  if (!options.call) return keyMissing();
  const cached = options.cache?.get(options.provider.id, options.model, text);
  if (cached) return { ...base, parsed: cached, source: "llm" };
  try {
    const answer = modelParseSchema.parse(await options.call(queryParseMessages(text, options.now)));
    let parsed = normalizeModelParse(answer, text);
    if (!hasSearchableParts(parsed)) {
      // The model kept nothing (as it may for a query that reads like an instruction): search its words.
      parsed = { ...parsed, topics: rules().topics, warnings: [...parsed.warnings, "The model found nothing to search for; searching the query's words."] };
    }
    options.cache?.set(options.provider.id, options.model, text, parsed);
    return { ...base, parsed, source: "llm" };
  } catch (error) {
    if (error instanceof ModelKeyMissingError) return keyMissing();
    const reason = failureReason(error);
    return {
      ...base,
      source: "fallback",
      parsed: withWarnings(rules(), [LLM_MESSAGES.parsingFailed, reason, LLM_MESSAGES.fallingBack, settingsHint(options.provider, reason)]),
    };
  }
}

/** The last warning of a failed parse: where in Settings to look. */
function settingsHint(provider: ParseOptions["provider"], reason: string): string {
  if (!provider.custom) return LLM_MESSAGES.configureKeyHint(provider.name);
  // The server words an unreachable provider from the same constant.
  return reason.startsWith(LLM_MESSAGES.connectionFailed) ? LLM_MESSAGES.customUnreachableHint(provider.name) : LLM_MESSAGES.customProviderHint(provider.name);
}

/** Parses kept in memory (100 entries), keyed by provider, model and query; the oldest goes first. */
export class ParseCache {
  private readonly entries = new Map<string, ParsedQuery>();

  constructor(private readonly maxEntries = LLM_CACHE_MAX_ENTRIES) {}

  private key(provider: string, model: string, query: string): string {
    return `${provider}\u0000${model}\u0000${query.trim()}`;
  }

  get(provider: string, model: string, query: string): ParsedQuery | undefined {
    const key = this.key(provider, model, query);
    const found = this.entries.get(key);
    if (found) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }

  set(provider: string, model: string, query: string, parsed: ParsedQuery): void {
    const key = this.key(provider, model, query);
    this.entries.delete(key);
    this.entries.set(key, parsed);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
