import type { ProviderStatus, ProvidersResponse } from "@/shared/llm/llm-api";
import { LLM_DEVICE_STORAGE_KEY } from "@/shared/llm/llm-constants";
import { api } from "@/web/lib/api";
import { removeString } from "@/web/lib/storage";
import { readDeviceLlmData, revealKey, writeDeviceLlmData, type DeviceLlmData } from "./device-llm-keys";

/** nothing: no device data; moved: uploaded (or the account had its own) and removed; failed: kept on the device. */
type Outcome = "nothing" | "moved" | "failed";

const encode = (value: string) => encodeURIComponent(value);
const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * On sign-in, an anonymous visitor's keys and custom providers go up into the account where it
 * has none of its own: a custom provider the account
 * lacks is added with its key; a key goes up for a provider the account holds no key for. The
 * account's own always win (the device's copy is then dropped). Each item leaves the device
 * only once the server took it; one the server refuses (a base URL it does not allow, the
 * account's 20 custom providers) stays, so nothing the visitor saved is lost.
 */
export async function migrateDeviceLlmKeys(): Promise<Outcome> {
  const data = readDeviceLlmData();
  if (Object.keys(data.keys).length === 0 && data.customProviders.length === 0) {
    removeString(LLM_DEVICE_STORAGE_KEY);
    return "nothing";
  }
  const { providers } = await api.get<ProvidersResponse>("llm/providers");
  const onServer = (name: string): ProviderStatus | undefined => providers.find((provider) => sameName(provider.provider, name));
  const left: DeviceLlmData = { version: 1, keys: {}, customProviders: [] };
  const keyOf = (name: string) => {
    const record = data.keys[name];
    return record ? revealKey(record.key) : null;
  };

  for (const custom of data.customProviders) {
    const apiKey = keyOf(custom.name);
    const existing = onServer(custom.name);
    try {
      if (!existing) {
        await api.post("llm/custom-providers", { name: custom.name, baseUrl: custom.baseUrl, models: custom.models, ...(apiKey ? { apiKey } : {}) });
      } else if (existing.isCustom && !existing.hasKey && apiKey) {
        await api.put(`llm/keys/${encode(existing.provider)}`, { apiKey });
      }
    } catch {
      left.customProviders.push(custom);
      if (data.keys[custom.name]) left.keys[custom.name] = data.keys[custom.name]!;
    }
  }
  const customNames = new Set(data.customProviders.map((custom) => custom.name));
  for (const [provider, record] of Object.entries(data.keys)) {
    if (customNames.has(provider)) continue;
    const apiKey = revealKey(record.key);
    const existing = onServer(provider);
    // A key the device cannot read any more, or for a provider Quire no longer offers, is of no use anywhere.
    if (!apiKey || !existing || existing.hasKey) continue;
    try {
      await api.put(`llm/keys/${encode(existing.provider)}`, { apiKey });
    } catch {
      left.keys[provider] = record;
    }
  }

  if (Object.keys(left.keys).length === 0 && left.customProviders.length === 0) {
    removeString(LLM_DEVICE_STORAGE_KEY);
    return "moved";
  }
  writeDeviceLlmData(left);
  return "failed";
}
