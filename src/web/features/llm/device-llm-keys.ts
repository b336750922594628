import { LLM_DEVICE_KEY_BYTES, LLM_DEVICE_KEY_STORAGE_KEY, LLM_DEVICE_STORAGE_KEY, LLM_MESSAGES } from "@/shared/llm/llm-constants";
import type { CustomProviderConfig } from "@/shared/llm/providers";
import { readString, writeString } from "@/web/lib/storage";

/**
 * An anonymous visitor's keys and custom providers, on the device. Keys are lightly obfuscated with
 * a device-generated 32-byte key, as the spec says: enough that a key does not sit in local storage
 * as readable text, not encryption (the obfuscating key is on the same device). Signed-in users'
 * keys live on the server, encrypted.
 */

export type DeviceKeyRecord = {
  /** "x1:" and the key XOR-ed with the device key, base64. */
  key: string;
  last4: string;
  savedAt: string;
  isValid: boolean;
  lastTested: string | null;
  error: string | null;
};

export type DeviceLlmData = {
  version: 1;
  keys: Record<string, DeviceKeyRecord>;
  customProviders: CustomProviderConfig[];
};

const EMPTY: DeviceLlmData = { version: 1, keys: {}, customProviders: [] };

function toBase64(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array {
  const raw = atob(text);
  return Uint8Array.from(raw, (char) => char.charCodeAt(0));
}

/** Throws 'Storage not initialized' when the device keeps nothing (private mode, storage disabled). */
function assertStorage(): void {
  try {
    const probe = "api-keys.probe";
    window.localStorage.setItem(probe, "1");
    window.localStorage.removeItem(probe);
  } catch {
    throw new Error(LLM_MESSAGES.storageNotInitialized);
  }
}

/** The device's obfuscation key, made once from the platform's random source. */
function deviceKey(): Uint8Array {
  const stored = readString(LLM_DEVICE_KEY_STORAGE_KEY);
  if (stored) {
    try {
      const bytes = fromBase64(stored);
      if (bytes.length === LLM_DEVICE_KEY_BYTES) return bytes;
    } catch {
      // A damaged key: make a new one (keys obfuscated with the old one are lost, as they would be anyway).
    }
  }
  assertStorage();
  const bytes = crypto.getRandomValues(new Uint8Array(LLM_DEVICE_KEY_BYTES));
  writeString(LLM_DEVICE_KEY_STORAGE_KEY, toBase64(bytes));
  return bytes;
}

function xor(bytes: Uint8Array, key: Uint8Array): Uint8Array {
  return bytes.map((byte, index) => byte ^ key[index % key.length]!);
}

export function obfuscateKey(apiKey: string): string {
  return `x1:${toBase64(xor(new TextEncoder().encode(apiKey), deviceKey()))}`;
}

/** The key back, or null when it cannot be read (another device key, a damaged value). */
export function revealKey(stored: string): string | null {
  if (!stored.startsWith("x1:")) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(xor(fromBase64(stored.slice(3)), deviceKey()));
  } catch {
    return null;
  }
}

export function readDeviceLlmData(): DeviceLlmData {
  const raw = readString(LLM_DEVICE_STORAGE_KEY);
  if (!raw) return EMPTY;
  try {
    const parsed = JSON.parse(raw) as Partial<DeviceLlmData>;
    return {
      version: 1,
      keys: parsed.keys && typeof parsed.keys === "object" ? parsed.keys : {},
      customProviders: Array.isArray(parsed.customProviders) ? parsed.customProviders : [],
    };
  } catch {
    return EMPTY;
  }
}

export function writeDeviceLlmData(data: DeviceLlmData): void {
  assertStorage();
  if (!writeString(LLM_DEVICE_STORAGE_KEY, JSON.stringify(data))) throw new Error(LLM_MESSAGES.storageNotInitialized);
}
