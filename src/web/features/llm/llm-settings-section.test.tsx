// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { mswServer } from "@/test/unit-setup";
import { Toaster } from "@/web/components/ui/toaster";
import { dismissToast } from "@/web/components/ui/use-toast";
import { clearUserDataAfterSignOut } from "@/web/lib/user-data/user-stores";
import { sessionHandlers, setSessionAtom } from "@/web/lib/user-data/testing/fake-me-api";
import { LlmSettingsSection } from "./llm-settings-section";

function renderSection() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <LlmSettingsSection signedIn={false} />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  mswServer.use(...sessionHandlers(null));
  setSessionAtom(null);
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
  clearUserDataAfterSignOut();
  window.localStorage.clear();
});

describe("LLM & AI Settings (anonymous: on the device)", () => {
  it("keeps Save Settings disabled until both a provider and a model are chosen, then saves them", async () => {
    renderSection();
    const save = screen.getByRole("button", { name: "Save Settings" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const provider = screen.getByLabelText("Provider", { selector: "select" }) as HTMLSelectElement;
    await waitFor(() => expect(provider.disabled).toBe(false));
    fireEvent.change(provider, { target: { value: "groq" } });
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Model", { selector: "select" }), { target: { value: "llama-3.1-8b-instant" } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem("settings")!)).toMatchObject({ llm: { defaultProvider: "groq", defaultModel: "llama-3.1-8b-instant" } }));
  });

  it("lists the ten providers as 'API Key Required', and an empty key gets the spec's message", async () => {
    renderSection();
    const list = await screen.findByRole("list", { name: "Providers" });
    expect(within(list).getAllByText("API Key Required")).toHaveLength(10);
    fireEvent.click(screen.getByRole("button", { name: "Add key for OpenAI" }));
    fireEvent.change(screen.getByLabelText("API key for OpenAI"), { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Save Key" }));
    expect((await screen.findAllByText("API key cannot be empty")).length).toBeGreaterThan(0);
    expect(window.localStorage.getItem("api-keys")).toBeNull();
  });
});
