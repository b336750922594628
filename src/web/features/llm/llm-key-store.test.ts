// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { mswServer } from "@/test/unit-setup";
import { createDeviceLlmKeyStore } from "./llm-key-store";

afterEach(() => window.localStorage.clear());

describe("the device's LLM keys (anonymous visitors)", () => {
  it("keeps a key obfuscated with a 32-byte device key, shows only its last four characters, and gives it back for a call", async () => {
    const store = createDeviceLlmKeyStore();
    const saved = await store.saveKey("openai", "  sk-device-secret-4242 ");
    expect(saved).toMatchObject({ provider: "openai", hasKey: true, keyLast4: "4242", isValid: false });
    const stored = window.localStorage.getItem("api-keys")!;
    expect(stored).not.toContain("sk-device-secret");
    expect(atob(window.localStorage.getItem("api-keys.device-key")!)).toHaveLength(32);
    expect(store.credentials("openai")).toEqual({ apiKey: "sk-device-secret-4242" });
    expect((await store.list()).find((status) => status.provider === "google")).toMatchObject({ hasKey: false });
    await store.deleteKey("openai");
    expect(store.credentials("openai")).toEqual({});
  });

  it("refuses an empty key and an incomplete custom provider with the spec's messages", async () => {
    const store = createDeviceLlmKeyStore();
    await expect(store.saveKey("openai", "   ")).rejects.toThrow("API key cannot be empty");
    await expect(store.addCustom({ name: "", baseUrl: "", models: "" })).rejects.toThrow("Missing information: Please provide provider name and base URL.");
    await expect(store.addCustom({ name: "OpenAI", baseUrl: "http://localhost:11434/v1", models: "" })).rejects.toThrow(/built-in provider/);
  });

  it("adds, edits (name locked) and deletes a custom provider; a call carries its base URL", async () => {
    const store = createDeviceLlmKeyStore();
    const added = await store.addCustom({ name: "Ollama", baseUrl: "http://localhost:11434/v1/", models: "llama3.1, qwen2.5" });
    expect(added).toMatchObject({ provider: "Ollama", isCustom: true, hasKey: false, baseUrl: "http://localhost:11434/v1", models: ["llama3.1", "qwen2.5"] });
    await expect(store.addCustom({ name: "ollama", baseUrl: "http://x/v1", models: "" })).rejects.toThrow(/already exists/);
    expect(store.credentials("Ollama")).toEqual({ baseUrl: "http://localhost:11434/v1" });
    const edited = await store.editCustom("Ollama", { baseUrl: "http://localhost:8080/v1", models: "", apiKey: "sk-local-1111" });
    expect(edited).toMatchObject({ provider: "Ollama", models: ["default"], keyLast4: "1111" });
    expect(store.credentials("Ollama")).toEqual({ apiKey: "sk-local-1111", baseUrl: "http://localhost:8080/v1" });
    await store.deleteCustom("Ollama");
    expect((await store.list()).some((status) => status.isCustom)).toBe(false);
  });

  it("tests through the server with the key carried in the request, and remembers the outcome", async () => {
    let sent: unknown;
    mswServer.use(
      http.post("*/api/llm/test", async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ provider: "groq", model: "llama-3.1-8b-instant", isValid: false, lastTested: "2026-06-01T00:00:00.000Z", error: "Connection failed: the provider refused the API key (HTTP 401)", latencyMs: null });
      }),
    );
    const store = createDeviceLlmKeyStore();
    await store.saveKey("groq", "gsk-wrong");
    const result = await store.test("groq", "llama-3.1-8b-instant");
    expect(sent).toEqual({ provider: "groq", model: "llama-3.1-8b-instant", apiKey: "gsk-wrong" });
    expect(result.isValid).toBe(false);
    expect((await store.list()).find((status) => status.provider === "groq")).toMatchObject({ isValid: false, lastTested: "2026-06-01T00:00:00.000Z", error: expect.stringContaining("HTTP 401") });
    await expect(store.test("openai", "gpt-4o-mini")).rejects.toThrow("Please select provider, model, and enter API key");
  });
});
