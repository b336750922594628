import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError, errors } from "@/server/errors";
import type { Logger } from "@/server/logger";
import { LlmCallError, type LlmCallResult, type LlmSource } from "@/server/sources/llm/llm-source";
import type { Sources } from "@/server/sources/sources";
import { bibEntryFromPaper, entryChanges, type BibEntry, type MergeResult } from "@/shared/llm/bibliography-merge";
import { LLM_ERROR_CODES, type EnhanceResponse, type IdCorrectionResponse, type LlmCompletionResponse, type ProviderTestResult } from "@/shared/llm/llm-api";
import {
  ENHANCEMENT_MAX_CANDIDATES,
  LLM_DEFAULT_MODEL,
  LLM_DEFAULT_PROVIDER,
  LLM_MESSAGES,
  MERGE_FALLBACK_MODEL,
  MERGE_FALLBACK_PROVIDER,
  PROVIDER_TEST_MAX_TOKENS,
  type LlmComponent,
} from "@/shared/llm/llm-constants";
import { correctedIdFrom, idCorrectionMessages, mergeMessages, mergeReplySchema, providerTestMessages, type IdCorrectionInput, type LlmMessage, type LlmTaskName } from "@/shared/llm/llm-tasks";
import { normalizeDoi } from "@/shared/library/paper-identifiers";
import { normalizeWords } from "@/shared/library/text-fold";
import type { Paper } from "@/shared/paper";
import type { LlmKeysService, RequestCredentials } from "./llm-keys.service";
import type { LlmUsageRepository } from "./llm-usage.repository";

/** Who is calling: a signed-in user (their stored keys) or an anonymous visitor (keys in the request). */
export type Caller = { userId: string | null };

export type CompletionInput = {
  provider: string;
  model?: string;
  messages: LlmMessage[];
  task?: LlmTaskName;
  maxOutputTokens?: number;
  temperature?: number;
  component: LlmComponent;
  credentials?: RequestCredentials;
};

const FAILURE_STATUS: Record<LlmCallError["kind"], { code: string; status: ContentfulStatusCode }> = {
  unauthorized: { code: LLM_ERROR_CODES.unauthorized, status: 502 },
  rate_limited: { code: LLM_ERROR_CODES.rateLimited, status: 503 },
  not_found: { code: LLM_ERROR_CODES.upstream, status: 502 },
  bad_request: { code: LLM_ERROR_CODES.upstream, status: 502 },
  upstream: { code: LLM_ERROR_CODES.upstream, status: 502 },
  unreachable: { code: LLM_ERROR_CODES.upstream, status: 502 },
  timeout: { code: LLM_ERROR_CODES.timeout, status: 504 },
  blocked: { code: LLM_ERROR_CODES.baseUrlRefused, status: 400 },
  invalid_response: { code: LLM_ERROR_CODES.invalidResponse, status: 502 },
  empty: { code: LLM_ERROR_CODES.invalidResponse, status: 502 },
};

/** A failed model call as the API's error. */
export function llmFailure(error: LlmCallError): AppError {
  const { code, status } = FAILURE_STATUS[error.kind];
  return new AppError(code, error.message, status);
}

function titleSimilarity(a: string, b: string): number {
  const left = new Set(normalizeWords(a).split(" ").filter((word) => word.length > 2));
  const right = new Set(normalizeWords(b).split(" ").filter((word) => word.length > 2));
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / Math.max(left.size, right.size);
}

/**
 * The language-model features on the server: the /api/llm proxy, the provider test, arXiv id
 * correction and bibliography enhancement. Every model call writes an llm_usage row (tokens,
 * latency, success or the error).
 */
export function llmService(deps: {
  keys: LlmKeysService;
  llm: LlmSource;
  usage: LlmUsageRepository;
  sources: Pick<Sources, "arxiv" | "openalex" | "crossref">;
  /** The signed-in user's default provider and model (settings `llm`). */
  defaults: (userId: string) => Promise<{ provider?: string; model?: string }>;
  logger: Logger;
}) {
  const { keys, llm, usage, sources, logger } = deps;

  async function record(caller: Caller, input: CompletionInput, model: string, outcome: { result?: LlmCallResult; error?: LlmCallError }, keySource: string) {
    try {
      await usage.insert({
        userId: caller.userId,
        provider: input.provider,
        model,
        promptTokens: outcome.result?.usage.promptTokens ?? outcome.error?.usage?.promptTokens ?? null,
        completionTokens: outcome.result?.usage.completionTokens ?? outcome.error?.usage?.completionTokens ?? null,
        latencyMs: outcome.result?.latencyMs ?? null,
        component: input.component,
        requestMetadata: { task: input.task ?? null, keySource, mode: outcome.result?.mode ?? null, messages: input.messages.length },
        success: Boolean(outcome.result),
        errorMessage: outcome.error?.message.slice(0, 1000) ?? null,
      });
    } catch (error) {
      // Usage reporting must never fail the user's call.
      logger.error({ err: error }, "could not record LLM usage");
    }
  }

  /** One model call for a caller: resolves the key, calls, records usage; throws the API's error. */
  async function complete(caller: Caller, input: CompletionInput): Promise<LlmCompletionResponse> {
    const target = await keys.resolveTarget(caller.userId, input.provider, input.model, input.credentials);
    const started = performance.now();
    try {
      const result = await llm.generate({
        target,
        messages: input.messages,
        task: input.task,
        maxOutputTokens: input.maxOutputTokens,
        temperature: input.temperature,
      });
      // Written while the answer goes out: the row never holds the user's answer back.
      void record(caller, input, target.modelId, { result }, target.keySource);
      return { text: result.text, object: result.object, usage: result.usage, latencyMs: result.latencyMs, provider: input.provider, model: target.modelId };
    } catch (error) {
      if (!(error instanceof LlmCallError)) throw error;
      void record(caller, input, target.modelId, { error }, target.keySource);
      logger.info({ provider: input.provider, ms: Math.round(performance.now() - started) }, "model call failed");
      throw llmFailure(error);
    }
  }

  async function defaultsFor(caller: Caller, fallback: { provider: string; model: string }, requested: { provider?: string; model?: string }) {
    if (requested.provider) return { provider: requested.provider, model: requested.model };
    const stored = caller.userId ? await deps.defaults(caller.userId) : {};
    if (stored.provider) return { provider: stored.provider, model: requested.model ?? stored.model };
    return { provider: fallback.provider, model: requested.model ?? fallback.model };
  }

  /** Candidates for an entry from arXiv, OpenAlex and Crossref; a source that fails is left out. */
  async function candidatesFor(paper: Paper): Promise<{ candidates: Paper[]; failures: number }> {
    const title = paper.title.replace(/["()]/g, " ").replace(/\s+/g, " ").trim();
    const firstAuthors = paper.authors.slice(0, 2);
    const year = /^(\d{4})/.exec(paper.publishedDate ?? "")?.[1];
    const searches: Promise<Paper[]>[] = [
      sources.arxiv.search({ searchQuery: `ti:"${title}"`, start: 0, maxResults: ENHANCEMENT_MAX_CANDIDATES, sortBy: "relevance", sortOrder: "descending" }).then((found) => found.papers),
      sources.openalex.searchWorks({ filter: `title.search:${title.replace(/[,|:!]/g, " ")}`, perPage: ENHANCEMENT_MAX_CANDIDATES, page: 1 }).then((found) => found.papers),
      sources.crossref
        .searchWorks({
          bibliographic: title,
          author: firstAuthors.join(" ") || undefined,
          filter: year ? `from-pub-date:${year},until-pub-date:${year}` : undefined,
          rows: ENHANCEMENT_MAX_CANDIDATES,
          sort: "relevance",
        })
        .then((found) => found.papers),
    ];
    const settled = await Promise.allSettled(searches);
    const found: Paper[] = [];
    let failures = 0;
    for (const outcome of settled) {
      if (outcome.status === "fulfilled") found.push(...outcome.value);
      else {
        failures += 1;
        logger.warn({ err: outcome.reason }, "enhancement candidate search failed");
      }
    }
    // The best-matching title first; one candidate per work (DOI, else title), the paper itself left out.
    const seen = new Set<string>();
    const ranked = found
      .filter((candidate) => candidate.id !== paper.id)
      .map((candidate) => ({ candidate, score: titleSimilarity(paper.title, candidate.title) }))
      .filter((entry) => entry.score > 0)
      .sort((a, b) => b.score - a.score)
      .map((entry) => entry.candidate)
      .filter((candidate) => {
        const key = normalizeDoi(candidate.doi) ?? normalizeWords(candidate.title);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    return { candidates: ranked.slice(0, ENHANCEMENT_MAX_CANDIDATES), failures };
  }

  return {
    complete,

    /** A provider test (max 5 tokens); a signed-in user's stored key gets its status recorded. */
    async testProvider(caller: Caller, input: { provider: string; model: string; credentials?: RequestCredentials }): Promise<ProviderTestResult> {
      if (!input.provider.trim() || !input.model.trim()) throw errors.validation(LLM_MESSAGES.testMissing);
      const target = await keys.resolveTarget(caller.userId, input.provider, input.model, input.credentials);
      const lastTested = new Date().toISOString();
      const storedKey = target.keySource !== "request" && caller.userId !== null;
      try {
        const response = await complete(caller, {
          provider: input.provider,
          model: input.model,
          messages: providerTestMessages(),
          maxOutputTokens: PROVIDER_TEST_MAX_TOKENS,
          component: "provider-test",
          credentials: input.credentials,
        });
        if (storedKey) await keys.recordTest(caller.userId!, input.provider, true);
        return { provider: input.provider, model: target.modelId, isValid: true, lastTested, error: null, latencyMs: response.latencyMs };
      } catch (error) {
        if (!(error instanceof AppError) || error.status === 500) throw error;
        if (storedKey) await keys.recordTest(caller.userId!, input.provider, false);
        return { provider: input.provider, model: target.modelId, isValid: false, lastTested, error: error.message, latencyMs: null };
      }
    },

    /**
     * The id-correction prompt for the arXiv id scan: the paper's corrected id, or null. A
     * model failure is logged and answered as null (the spec: id-correction errors are only logged).
     */
    async correctArxivId(caller: Caller, input: IdCorrectionInput & { provider?: string; model?: string; credentials?: RequestCredentials }): Promise<IdCorrectionResponse> {
      const chosen = await defaultsFor(caller, { provider: LLM_DEFAULT_PROVIDER, model: LLM_DEFAULT_MODEL }, input);
      try {
        const response = await complete(caller, {
          provider: chosen.provider,
          model: chosen.model,
          messages: idCorrectionMessages(input),
          task: "arxiv-id-correction",
          temperature: 0,
          component: "id-correction",
          credentials: input.credentials,
        });
        return { corrected_arxiv_id: correctedIdFrom(response.object as { corrected_arxiv_id: string | null }) };
      } catch (error) {
        // A missing key or provider is the caller's to fix; a failed model call is only logged.
        if (error instanceof AppError && (error.code === LLM_ERROR_CODES.keyMissing || error.code === LLM_ERROR_CODES.providerNotFound || error.status === 400)) throw error;
        logger.warn({ err: error, invalidId: input.invalidId }, "arXiv id correction failed");
        return { corrected_arxiv_id: null };
      }
    },

    /**
     * Bibliography enhancement of a paper: candidates from arXiv, OpenAlex and Crossref (up to
     * five), the model's pick and merge, and the field-by-field changes.
     */
    async enhance(caller: Caller, input: { paper: Paper; provider?: string; model?: string; credentials?: RequestCredentials }): Promise<EnhanceResponse> {
      const { paper } = input;
      if (!paper.title.trim()) throw errors.validation(LLM_MESSAGES.enhancementNeedsTitle);
      const original = bibEntryFromPaper(paper);
      const chosen = await defaultsFor(caller, { provider: MERGE_FALLBACK_PROVIDER, model: MERGE_FALLBACK_MODEL }, input);
      // Fail on a missing key before searching three sources for nothing.
      await keys.resolveTarget(caller.userId, chosen.provider, chosen.model, input.credentials);
      const { candidates, failures } = await candidatesFor(paper);
      if (candidates.length === 0) {
        if (failures === 3) throw new AppError("enhance_failed", LLM_MESSAGES.enhanceFailed, 502);
        return { outcome: "no-results", message: LLM_MESSAGES.noEnhancedResults, original, candidates: [], result: null, changes: [] };
      }
      const entries: BibEntry[] = candidates.map(bibEntryFromPaper);
      let reply;
      try {
        const response = await complete(caller, {
          provider: chosen.provider,
          model: chosen.model,
          messages: mergeMessages(original, entries),
          task: "bibliography-merge",
          temperature: 0,
          component: "bibliography-enhancement",
          credentials: input.credentials,
        });
        reply = mergeReplySchema.parse(response.object);
      } catch (error) {
        if (error instanceof AppError && error.code === LLM_ERROR_CODES.invalidResponse) throw new AppError("enhance_invalid_response", LLM_MESSAGES.invalidResponseFormat, 502);
        if (error instanceof AppError && error.status >= 500) throw new AppError("enhance_merge_failed", LLM_MESSAGES.mergeFailed(error.message), error.status);
        throw error;
      }
      const valid = reply.selectedIndex === null || (reply.selectedIndex >= 0 && reply.selectedIndex < entries.length);
      if (!valid) throw new AppError("enhance_invalid_response", LLM_MESSAGES.invalidResponseFormat, 502);
      if (reply.selectedIndex === null || !reply.mergedEntry) {
        return { outcome: "no-match", message: LLM_MESSAGES.noSuitableMatches, original, candidates, result: null, changes: [] };
      }
      // The merged entry keeps the original's title and authors when the model returned none.
      const merged: BibEntry = {
        ...reply.mergedEntry,
        title: reply.mergedEntry.title.trim() || original.title,
        authors: reply.mergedEntry.authors.length > 0 ? reply.mergedEntry.authors : original.authors,
      };
      const changes = entryChanges(original, merged);
      const result: MergeResult = {
        mergedEntry: merged,
        confidence: Math.round(reply.confidence),
        reasoning: reply.reasoning,
        hasChanges: changes.length > 0,
        selectedIndex: reply.selectedIndex,
        candidateScores: reply.candidateScores.filter((score) => score.index >= 0 && score.index < entries.length),
      };
      if (changes.length === 0) return { outcome: "no-changes", message: LLM_MESSAGES.noChangesNeeded, original, candidates, result, changes };
      return { outcome: "changes", message: null, original, candidates, result, changes };
    },
  };
}
export type LlmService = ReturnType<typeof llmService>;
