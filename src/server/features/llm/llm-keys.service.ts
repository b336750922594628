import { AppError, errors } from "@/server/errors";
import { SecretBoxError, secretBox } from "@/server/lib/secret-box";

/** The purpose language-model keys are sealed under (a value sealed for another purpose does not open here). */
export const LLM_KEY_PURPOSE = "llm-api-key";
import type { LlmSource, LlmTarget } from "@/server/sources/llm/llm-source";
import { LLM_ERROR_CODES, type ProviderStatus } from "@/shared/llm/llm-api";
import { API_KEY_MAX_LENGTH, CUSTOM_PROVIDER_NAME_PATTERN, CUSTOM_PROVIDERS_MAX, LLM_MESSAGES } from "@/shared/llm/llm-constants";
import { findCatalogueProvider, isCatalogueName, PROVIDER_CATALOGUE } from "@/shared/llm/providers";
import type { ApiKeyRow, LlmKeysRepository } from "./llm-keys.repository";

/** A key or base URL a request carries for itself (anonymous visitors, or a key being tried); never stored. */
export type RequestCredentials = { apiKey?: string; baseUrl?: string };

/** The key in a request or a save, trimmed; "API key cannot be empty" for blank ones. */
export function requireKey(value: string | undefined): string {
  const key = value?.trim() ?? "";
  if (!key) throw new AppError(LLM_ERROR_CODES.keyEmpty, LLM_MESSAGES.apiKeyEmpty, 400);
  if (key.length > API_KEY_MAX_LENGTH || /\s/.test(key)) throw errors.validation(`An API key is at most ${API_KEY_MAX_LENGTH} characters, without spaces.`);
  return key;
}

export type CustomProviderInput = { name: string; baseUrl: string; models: string[]; apiKey?: string };

/**
 * Keys and custom providers of signed-in users (in the
 * database, per user, encrypted at rest), and the one place a call's provider, base URL and
 * key are worked out, for signed-in users and anonymous visitors alike.
 */
export function llmKeysService(deps: { repository: LlmKeysRepository; secret: string; llm: LlmSource }) {
  const { repository, llm } = deps;
  const box = secretBox(deps.secret, LLM_KEY_PURPOSE);

  /**
   * The rows model calls read, remembered for a few seconds per user and provider (a parse,
   * its retry and the search's other calls come in a burst, like the session the memo in
   * auth/session-memo.ts remembers). This instance forgets a user's rows whenever it changes
   * any of them; another instance sharing the database sees a change within ROW_MEMO_MS.
   */
  const ROW_MEMO_MS = 5_000;
  const ROW_MEMO_MAX = 1_000;
  const remembered = new Map<string, { row: ApiKeyRow | null; at: number }>();
  /** Moves on at every change: a read begun before a change is not remembered after it. */
  let generation = 0;
  async function findForCall(userId: string, providerId: string): Promise<ApiKeyRow | null> {
    const key = `${userId}\u0000${providerId}`;
    const hit = remembered.get(key);
    if (hit && Date.now() - hit.at < ROW_MEMO_MS) return hit.row;
    const readAt = generation;
    const row = (await repository.find(userId, providerId)) ?? null;
    if (readAt !== generation) return row;
    if (remembered.size >= ROW_MEMO_MAX) remembered.delete(remembered.keys().next().value!);
    remembered.set(key, { row, at: Date.now() });
    return row;
  }
  function forget(userId: string): void {
    generation += 1;
    for (const key of remembered.keys()) if (key.startsWith(`${userId}\u0000`)) remembered.delete(key);
  }

  function decrypt(row: ApiKeyRow): string {
    try {
      return box.open(row.encryptedApiKey);
    } catch (error) {
      if (error instanceof SecretBoxError) throw new AppError("llm_key_unreadable", LLM_MESSAGES.decryptFailed, 500);
      throw error;
    }
  }

  function statusOf(row: ApiKeyRow | undefined, provider: { id: string; name: string; models: string[] }): ProviderStatus {
    let keyLast4: string | null = null;
    let error: string | null = null;
    if (row) {
      try {
        const key = box.open(row.encryptedApiKey);
        keyLast4 = key ? key.slice(-4) : null;
      } catch {
        error = LLM_MESSAGES.decryptFailed;
      }
    }
    return {
      provider: provider.id,
      name: provider.name,
      hasKey: Boolean(keyLast4),
      keyLast4,
      isValid: row?.isConnected ?? false,
      lastTested: row?.lastTested?.toISOString() ?? null,
      isCustom: row?.isCustom ?? false,
      baseUrl: row?.isCustom ? row.baseUrl : null,
      models: row?.isCustom ? row.models : provider.models,
      error,
    };
  }

  async function status(userId: string, providerId: string): Promise<ProviderStatus> {
    const row = (await repository.find(userId, providerId)) ?? undefined;
    const catalogue = findCatalogueProvider(providerId);
    if (!catalogue && !row?.isCustom) throw new AppError(LLM_ERROR_CODES.providerNotFound, LLM_MESSAGES.providerNotFound(providerId), 404);
    return statusOf(row, catalogue ?? { id: providerId, name: providerId, models: row!.models });
  }

  async function checkBaseUrl(baseUrl: string): Promise<string> {
    const trimmed = baseUrl.trim().replace(/\/+$/, "");
    const problem = await llm.baseUrlProblem(trimmed);
    if (problem) throw new AppError(LLM_ERROR_CODES.baseUrlRefused, problem, 400);
    return trimmed;
  }

  function checkCustomName(name: string): string {
    const trimmed = name.trim();
    if (!CUSTOM_PROVIDER_NAME_PATTERN.test(trimmed)) {
      throw errors.validation("A provider name is 1 to 40 letters, digits, spaces, dots, dashes or underscores.");
    }
    if (isCatalogueName(trimmed)) throw errors.validation(`${trimmed} is a built-in provider; give your provider another name.`);
    return trimmed;
  }

  const service = {
    /** Every catalogue provider with the user's key status, then the user's custom providers. */
    async list(userId: string): Promise<ProviderStatus[]> {
      const rows = await repository.list(userId);
      const byName = new Map(rows.map((row) => [row.providerName, row]));
      return [
        ...PROVIDER_CATALOGUE.map((provider) => statusOf(byName.get(provider.id), provider)),
        ...rows.filter((row) => row.isCustom).map((row) => statusOf(row, { id: row.providerName, name: row.providerName, models: row.models })),
      ];
    },

    status,

    /** Saves a catalogue provider's key, encrypted; it is untested until tested. */
    async saveKey(userId: string, providerId: string, apiKey: string | undefined): Promise<ProviderStatus> {
      const key = requireKey(apiKey);
      const catalogue = findCatalogueProvider(providerId);
      if (!catalogue) {
        const custom = await repository.find(userId, providerId);
        if (!custom?.isCustom) throw new AppError(LLM_ERROR_CODES.providerNotFound, LLM_MESSAGES.providerNotFound(providerId), 404);
        await repository.updateCustom(userId, providerId, { baseUrl: custom.baseUrl ?? "", models: custom.models, encryptedApiKey: box.seal(key) });
        return status(userId, providerId);
      }
      const row = await repository.upsertKey(userId, providerId, box.seal(key));
      return statusOf(row, catalogue);
    },

    /** Forgets a key (a custom provider keeps its settings, without key). */
    async deleteKey(userId: string, providerId: string): Promise<void> {
      const row = await repository.find(userId, providerId);
      if (!row) {
        if (findCatalogueProvider(providerId)) return;
        throw new AppError(LLM_ERROR_CODES.providerNotFound, LLM_MESSAGES.providerNotFound(providerId), 404);
      }
      if (row.isCustom) await repository.updateCustom(userId, providerId, { baseUrl: row.baseUrl ?? "", models: row.models, encryptedApiKey: box.seal("") });
      else await repository.remove(userId, providerId);
    },

    async addCustom(userId: string, input: CustomProviderInput): Promise<ProviderStatus> {
      if (!input.name.trim() || !input.baseUrl.trim()) throw errors.validation(LLM_MESSAGES.customProviderMissing);
      const name = checkCustomName(input.name);
      const baseUrl = await checkBaseUrl(input.baseUrl);
      if ((await repository.countCustom(userId)) >= CUSTOM_PROVIDERS_MAX) throw errors.validation(`You can keep at most ${CUSTOM_PROVIDERS_MAX} custom providers.`);
      const apiKey = input.apiKey?.trim() ? requireKey(input.apiKey) : "";
      const row = await repository.insertCustom(userId, { providerName: name, baseUrl, models: input.models, encryptedApiKey: box.seal(apiKey) });
      if (!row) throw new AppError("conflict", `A provider named ${name} already exists.`, 409);
      return statusOf(row, { id: name, name, models: row.models });
    },

    /** Edits a custom provider: base URL, models and (when given) its key; the name is locked. */
    async editCustom(userId: string, name: string, input: Omit<CustomProviderInput, "name">): Promise<ProviderStatus> {
      if (!input.baseUrl.trim()) throw errors.validation(LLM_MESSAGES.customProviderMissing);
      const baseUrl = await checkBaseUrl(input.baseUrl);
      const apiKey = input.apiKey === undefined ? undefined : input.apiKey.trim() ? requireKey(input.apiKey) : "";
      const row = await repository.updateCustom(userId, name, {
        baseUrl,
        models: input.models,
        ...(apiKey === undefined ? {} : { encryptedApiKey: box.seal(apiKey) }),
      });
      if (!row) throw new AppError(LLM_ERROR_CODES.providerNotFound, LLM_MESSAGES.providerNotFound(name), 404);
      return statusOf(row, { id: name, name, models: row.models });
    },

    async deleteCustom(userId: string, name: string): Promise<void> {
      const row = await repository.find(userId, name);
      if (!row?.isCustom) throw new AppError(LLM_ERROR_CODES.providerNotFound, LLM_MESSAGES.providerNotFound(name), 404);
      await repository.remove(userId, name);
    },

    async recordTest(userId: string, providerId: string, isValid: boolean): Promise<void> {
      await repository.setTestResult(userId, providerId, isValid);
    },

    /**
     * Where a call goes: the provider's protocol and base URL, the model (the provider's first
     * when none is named) and the key: the request's own (never stored), else the signed-in
     * user's stored one. A user only ever reaches their own rows.
     */
    async resolveTarget(userId: string | null, providerId: string, modelId: string | undefined, credentials: RequestCredentials = {}): Promise<LlmTarget & { keySource: "request" | "stored" | "none" }> {
      const requestKey = credentials.apiKey !== undefined ? requireKey(credentials.apiKey) : undefined;
      const catalogue = findCatalogueProvider(providerId);
      if (catalogue) {
        const row = userId && requestKey === undefined ? await findForCall(userId, providerId) : null;
        const apiKey = requestKey ?? (row ? decrypt(row) : "");
        // Anonymous callers bring their key with the request; a signed-in user's is configured once.
        if (!apiKey) throw new AppError(LLM_ERROR_CODES.keyMissing, userId ? LLM_MESSAGES.keyNotConfigured(providerId) : LLM_MESSAGES.noApiKey, 400);
        return {
          providerId,
          protocol: catalogue.protocol,
          baseUrl: llm.catalogueBaseUrl(providerId)!,
          apiKey,
          modelId: modelId?.trim() || catalogue.models[0]!,
          isCustom: false,
          keySource: requestKey !== undefined ? "request" : "stored",
        };
      }
      const row = userId ? await findForCall(userId, providerId) : null;
      if (row?.isCustom) {
        const apiKey = requestKey ?? decrypt(row);
        return {
          providerId,
          protocol: "openai-compatible",
          baseUrl: row.baseUrl ?? "",
          apiKey,
          modelId: modelId?.trim() || row.models[0] || "default",
          isCustom: true,
          keySource: requestKey !== undefined ? "request" : apiKey ? "stored" : "none",
        };
      }
      if (credentials.baseUrl !== undefined) {
        // An anonymous visitor's custom provider, described by the request itself.
        checkCustomName(providerId);
        const baseUrl = await checkBaseUrl(credentials.baseUrl);
        if (!modelId?.trim()) throw errors.validation(LLM_MESSAGES.testMissing);
        return { providerId, protocol: "openai-compatible", baseUrl, apiKey: requestKey ?? "", modelId: modelId.trim(), isCustom: true, keySource: requestKey !== undefined ? "request" : "none" };
      }
      throw new AppError(LLM_ERROR_CODES.providerNotFound, LLM_MESSAGES.providerNotFound(providerId), 404);
    },
  };
  // Every change forgets the user's remembered rows once it is written (or has failed); with
  // the generation, a read that overlapped it is not remembered either.
  for (const name of ["saveKey", "deleteKey", "addCustom", "editCustom", "deleteCustom", "recordTest"] as const) {
    const change = service[name] as (userId: string, ...rest: never[]) => Promise<unknown>;
    (service as Record<string, unknown>)[name] = (userId: string, ...rest: never[]) => change(userId, ...rest).finally(() => forget(userId));
  }
  return service;
}
export type LlmKeysService = ReturnType<typeof llmKeysService>;
