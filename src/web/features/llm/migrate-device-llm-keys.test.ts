// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import type { ProviderStatus } from "@/shared/llm/llm-api";
import { mswServer } from "@/test/unit-setup";
import { createDeviceLlmKeyStore } from "./llm-key-store";
import { migrateDeviceLlmKeys } from "./migrate-device-llm-keys";

afterEach(() => window.localStorage.clear());

const status = (provider: string, extra: Partial<ProviderStatus> = {}): ProviderStatus => ({
  provider,
  name: provider,
  hasKey: false,
  keyLast4: null,
  isValid: false,
  lastTested: null,
  isCustom: false,
  baseUrl: null,
  models: ["m"],
  error: null,
  ...extra,
});

/** An account holding `providers`; records what the migration sent. */
function account(providers: ProviderStatus[], refuse: (path: string) => boolean = () => false) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  mswServer.use(
    http.get("*/api/llm/providers", () => HttpResponse.json({ providers })),
    http.all("*/api/llm/*", async ({ request }) => {
      const path = new URL(request.url).pathname;
      sent.push({ method: request.method, path, body: await request.json() });
      if (refuse(path)) return HttpResponse.json({ error: { message: "That base URL is not allowed." } }, { status: 400 });
      return HttpResponse.json({ provider: status("x") });
    }),
  );
  return sent;
}

describe("moving an anonymous visitor's keys into the account at sign-in", () => {
  it("asks nothing when the device keeps no keys", async () => {
    const sent = account([]);
    expect(await migrateDeviceLlmKeys()).toBe("nothing");
    expect(sent).toEqual([]);
  });

  it("sends up keys and custom providers the account lacks, leaves the account's own, and empties the device", async () => {
    const device = createDeviceLlmKeyStore();
    await device.saveKey("openai", "sk-device-openai-1111");
    await device.saveKey("groq", "gsk-device-groq-2222");
    await device.addCustom({ name: "Ollama", baseUrl: "http://localhost:11434/v1", models: "llama3.1", apiKey: "sk-local-3333" });
    const sent = account([status("openai"), status("groq", { hasKey: true, keyLast4: "9999" })]);

    expect(await migrateDeviceLlmKeys()).toBe("moved");
    expect(sent).toEqual([
      { method: "POST", path: "/api/llm/custom-providers", body: { name: "Ollama", baseUrl: "http://localhost:11434/v1", models: ["llama3.1"], apiKey: "sk-local-3333" } },
      { method: "PUT", path: "/api/llm/keys/openai", body: { apiKey: "sk-device-openai-1111" } },
    ]);
    expect(window.localStorage.getItem("api-keys")).toBeNull();
  });

  it("keeps on the device what the server refused, and moves it on a later sign-in", async () => {
    const device = createDeviceLlmKeyStore();
    await device.saveKey("openai", "sk-device-openai-1111");
    await device.addCustom({ name: "Lab", baseUrl: "http://10.0.0.5/v1", models: "", apiKey: "sk-lab-4444" });
    account([status("openai")], (path) => path.endsWith("/custom-providers"));

    expect(await migrateDeviceLlmKeys()).toBe("failed");
    const left = await device.list();
    expect(left.find((entry) => entry.provider === "openai")).toMatchObject({ hasKey: false });
    expect(left.find((entry) => entry.provider === "Lab")).toMatchObject({ isCustom: true, keyLast4: "4444" });
    expect(device.credentials("Lab")).toEqual({ apiKey: "sk-lab-4444", baseUrl: "http://10.0.0.5/v1" });

    const sent = account([status("openai", { hasKey: true })]);
    expect(await migrateDeviceLlmKeys()).toBe("moved");
    expect(sent.map((request) => request.path)).toEqual(["/api/llm/custom-providers"]);
    expect(window.localStorage.getItem("api-keys")).toBeNull();
  });
});
