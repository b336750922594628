import type { ProviderStatus, ProviderTestResult, ProvidersResponse } from "@/shared/llm/llm-api";
import { API_KEY_MAX_LENGTH, CUSTOM_PROVIDER_NAME_PATTERN, CUSTOM_PROVIDERS_MAX, LLM_MESSAGES } from "@/shared/llm/llm-constants";
import { findCatalogueProvider, isCatalogueName, parseModelList, PROVIDER_CATALOGUE, type CustomProviderConfig } from "@/shared/llm/providers";
import { api } from "@/web/lib/api";
import type { UserDataSession } from "@/web/lib/user-data/user-data-session";
import { migrateDeviceDataToAccount } from "@/web/lib/user-data/user-stores";
import { obfuscateKey, readDeviceLlmData, revealKey, writeDeviceLlmData, type DeviceKeyRecord } from "./device-llm-keys";

/** What the settings' custom provider forms send. */
export type CustomProviderForm = { name: string; baseUrl: string; models: string; apiKey?: string };

/** A key (and base URL) a request carries itself; the server holds a signed-in user's. */
export type RequestCredentials = { apiKey?: string; baseUrl?: string };

/**
 * Keys and custom providers, wherever they live: on the device for anonymous visitors
 * (obfuscated), on the server for signed-in users (encrypted). Features use this interface
 * and never ask who is signed in; `llmKeyStoreFor` decides, once.
 */
export interface LlmKeyStore {
  readonly kind: "device" | "server";
  list(): Promise<ProviderStatus[]>;
  saveKey(provider: string, apiKey: string): Promise<ProviderStatus>;
  deleteKey(provider: string): Promise<void>;
  addCustom(form: CustomProviderForm): Promise<ProviderStatus>;
  /** Edits a custom provider; its name is locked. A key left out keeps the saved one. */
  editCustom(name: string, form: Omit<CustomProviderForm, "name">): Promise<ProviderStatus>;
  deleteCustom(name: string): Promise<void>;
  /** Tests a provider with its saved key (max 5 tokens); the result is remembered. */
  test(provider: string, model: string): Promise<ProviderTestResult>;
  /** What a model call for this provider must carry itself (the device's key); {} when the server has it. */
  credentials(provider: string): RequestCredentials;
}

/** The trimmed key, or the spec's 'API key cannot be empty'. */
export function checkedKey(apiKey: string): string {
  const key = apiKey.trim();
  if (!key) throw new Error(LLM_MESSAGES.apiKeyEmpty);
  if (key.length > API_KEY_MAX_LENGTH || /\s/.test(key)) throw new Error(`An API key is at most ${API_KEY_MAX_LENGTH} characters, without spaces.`);
  return key;
}

/** The custom provider form checked as the server checks it (the server checks the base URL's address too). */
export function checkedCustomProvider(form: CustomProviderForm, existing: readonly string[], editing = false): CustomProviderConfig {
  const name = form.name.trim();
  const baseUrl = form.baseUrl.trim().replace(/\/+$/, "");
  if (!name || !baseUrl) throw new Error(LLM_MESSAGES.customProviderMissing);
  if (!editing) {
    if (!CUSTOM_PROVIDER_NAME_PATTERN.test(name)) throw new Error("A provider name is 1 to 40 letters, digits, spaces, dots, dashes or underscores.");
    if (isCatalogueName(name)) throw new Error(`${name} is a built-in provider; give your provider another name.`);
    if (existing.some((other) => other.toLowerCase() === name.toLowerCase())) throw new Error(`A provider named ${name} already exists.`);
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error("The base URL is not a valid URL.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("The base URL must start with http:// or https://.");
  return { name, baseUrl, models: parseModelList(form.models) };
}

function deviceStatus(id: string, name: string, models: string[], record: DeviceKeyRecord | undefined, custom?: CustomProviderConfig): ProviderStatus {
  return {
    provider: id,
    name,
    hasKey: Boolean(record?.last4),
    keyLast4: record?.last4 || null,
    isValid: record?.isValid ?? false,
    lastTested: record?.lastTested ?? null,
    isCustom: Boolean(custom),
    baseUrl: custom?.baseUrl ?? null,
    models,
    error: record?.error ?? null,
  };
}

/** The device's keys: obfuscated in local storage; tests go through the server with the key carried along. */
export function createDeviceLlmKeyStore(): LlmKeyStore {
  const keyRecord = (apiKey: string): DeviceKeyRecord => ({ key: obfuscateKey(apiKey), last4: apiKey.slice(-4), savedAt: new Date().toISOString(), isValid: false, lastTested: null, error: null });

  const store: LlmKeyStore = {
    kind: "device",
    async list() {
      const data = readDeviceLlmData();
      return [
        ...PROVIDER_CATALOGUE.map((provider) => deviceStatus(provider.id, provider.name, provider.models, data.keys[provider.id])),
        ...data.customProviders.map((custom) => deviceStatus(custom.name, custom.name, custom.models, data.keys[custom.name], custom)),
      ];
    },
    async saveKey(provider, apiKey) {
      const key = checkedKey(apiKey);
      const data = readDeviceLlmData();
      const custom = data.customProviders.find((entry) => entry.name === provider);
      const catalogue = findCatalogueProvider(provider);
      if (!catalogue && !custom) throw new Error(LLM_MESSAGES.providerNotFound(provider));
      const record = keyRecord(key);
      writeDeviceLlmData({ ...data, keys: { ...data.keys, [provider]: record } });
      return deviceStatus(provider, catalogue?.name ?? provider, catalogue?.models ?? custom!.models, record, custom);
    },
    async deleteKey(provider) {
      const data = readDeviceLlmData();
      const keys = { ...data.keys };
      delete keys[provider];
      writeDeviceLlmData({ ...data, keys });
    },
    async addCustom(form) {
      const data = readDeviceLlmData();
      if (data.customProviders.length >= CUSTOM_PROVIDERS_MAX) throw new Error(`You can keep at most ${CUSTOM_PROVIDERS_MAX} custom providers.`);
      const custom = checkedCustomProvider(form, data.customProviders.map((entry) => entry.name));
      const apiKey = form.apiKey?.trim() ? checkedKey(form.apiKey) : "";
      const keys = apiKey ? { ...data.keys, [custom.name]: keyRecord(apiKey) } : data.keys;
      writeDeviceLlmData({ ...data, keys, customProviders: [...data.customProviders, custom] });
      return deviceStatus(custom.name, custom.name, custom.models, keys[custom.name], custom);
    },
    async editCustom(name, form) {
      const data = readDeviceLlmData();
      if (!data.customProviders.some((entry) => entry.name === name)) throw new Error(LLM_MESSAGES.providerNotFound(name));
      const custom = checkedCustomProvider({ ...form, name }, [], true);
      const keys = { ...data.keys };
      if (form.apiKey !== undefined) {
        if (form.apiKey.trim()) keys[name] = keyRecord(checkedKey(form.apiKey));
        else delete keys[name];
      } else if (keys[name]) keys[name] = { ...keys[name], isValid: false, lastTested: null, error: null };
      writeDeviceLlmData({ ...data, keys, customProviders: data.customProviders.map((entry) => (entry.name === name ? custom : entry)) });
      return deviceStatus(name, name, custom.models, keys[name], custom);
    },
    async deleteCustom(name) {
      const data = readDeviceLlmData();
      const keys = { ...data.keys };
      delete keys[name];
      writeDeviceLlmData({ ...data, keys, customProviders: data.customProviders.filter((entry) => entry.name !== name) });
    },
    async test(provider, model) {
      const credentials = store.credentials(provider);
      if (!provider || !model || (!credentials.apiKey && !credentials.baseUrl)) throw new Error(LLM_MESSAGES.testMissing);
      const result = await api.post<ProviderTestResult>("llm/test", { provider, model, ...credentials });
      const data = readDeviceLlmData();
      const record = data.keys[provider];
      if (record) {
        writeDeviceLlmData({ ...data, keys: { ...data.keys, [provider]: { ...record, isValid: result.isValid, lastTested: result.lastTested, error: result.error } } });
      }
      return result;
    },
    credentials(provider) {
      const data = readDeviceLlmData();
      const record = data.keys[provider];
      const apiKey = record ? revealKey(record.key) ?? undefined : undefined;
      const custom = data.customProviders.find((entry) => entry.name === provider);
      return { ...(apiKey ? { apiKey } : {}), ...(custom ? { baseUrl: custom.baseUrl } : {}) };
    },
  };
  return store;
}

const encode = (value: string) => encodeURIComponent(value);

/**
 * The account's keys, through /api/llm; the server keeps them encrypted and sends back only
 * their last four characters. The list waits for `ready` (the sign-in migration, which may be
 * moving the device's keys up), so it shows what moved.
 */
export function createServerLlmKeyStore(ready: () => Promise<unknown> = async () => undefined): LlmKeyStore {
  return {
    kind: "server",
    list: async () => {
      await ready().catch(() => undefined);
      return (await api.get<ProvidersResponse>("llm/providers")).providers;
    },
    saveKey: async (provider, apiKey) => (await api.put<{ provider: ProviderStatus }>(`llm/keys/${encode(provider)}`, { apiKey: checkedKey(apiKey) })).provider,
    deleteKey: async (provider) => {
      await api.delete(`llm/keys/${encode(provider)}`);
    },
    addCustom: async (form) => {
      const custom = checkedCustomProvider(form, []);
      const body = { name: custom.name, baseUrl: custom.baseUrl, models: custom.models, ...(form.apiKey?.trim() ? { apiKey: checkedKey(form.apiKey) } : {}) };
      return (await api.post<{ provider: ProviderStatus }>("llm/custom-providers", body)).provider;
    },
    editCustom: async (name, form) => {
      const custom = checkedCustomProvider({ ...form, name }, [], true);
      const body = { baseUrl: custom.baseUrl, models: custom.models, ...(form.apiKey !== undefined ? { apiKey: form.apiKey.trim() } : {}) };
      return (await api.put<{ provider: ProviderStatus }>(`llm/custom-providers/${encode(name)}`, body)).provider;
    },
    deleteCustom: async (name) => {
      await api.delete(`llm/custom-providers/${encode(name)}`);
    },
    test: (provider, model) => {
      if (!provider || !model) return Promise.reject(new Error(LLM_MESSAGES.testMissing));
      return api.post<ProviderTestResult>("llm/test", { provider, model });
    },
    credentials: () => ({}),
  };
}

let device: LlmKeyStore | undefined;
let server: { userId: string; store: LlmKeyStore } | undefined;

/** The store for a session: the account's when signed in, the device's otherwise (also while the session loads). */
export function llmKeyStoreFor(session: UserDataSession): LlmKeyStore {
  if (session.status === "signed-in") {
    const userId = session.user.id;
    if (server?.userId !== userId) server = { userId, store: createServerLlmKeyStore(() => migrateDeviceDataToAccount(userId)) };
    return server.store;
  }
  return (device ??= createDeviceLlmKeyStore());
}
