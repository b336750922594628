import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Mail, Send, Trash2 } from "lucide-react";
import { formatDateTime } from "@/shared/format";
import { LLM_MESSAGES, LLM_TEST_HISTORY_MAX, LLM_TEST_HISTORY_MAX_ON_FAILURE } from "@/shared/llm/llm-constants";
import { DataTable, ToolPage, ToolSection } from "@/web/components/tool-page";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { completeThroughServer } from "@/web/features/llm/llm-client";
import { llmKeys, useLlmKeyStore, useLlmProviders } from "@/web/features/llm/llm-queries";
import { useCurrentUser } from "@/web/hooks/use-current-user";
import { api } from "@/web/lib/api";

/** One test as the history keeps it. */
export type LlmTestEntry = { at: string; provider: string; model: string; prompt: string; ok: boolean; answer: string; ms: number };

const HISTORY_KEY = "quire.dev.llm-test-history";

/**
 * The history after one more test: the newest first, 10 kept, or 50 while the newest failed
 * (the failures stay to be looked at).
 */
export function nextHistory(history: readonly LlmTestEntry[], entry: LlmTestEntry): LlmTestEntry[] {
  return [entry, ...history].slice(0, entry.ok ? LLM_TEST_HISTORY_MAX : LLM_TEST_HISTORY_MAX_ON_FAILURE);
}

function readHistory(): LlmTestEntry[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(HISTORY_KEY) ?? "[]") as unknown;
    return Array.isArray(parsed) ? (parsed as LlmTestEntry[]) : [];
  } catch {
    return [];
  }
}

function writeHistory(history: readonly LlmTestEntry[]): void {
  try {
    localStorage.setItem(HISTORY_KEY, JSON.stringify(history));
  } catch {
    // A full storage keeps the history in memory only.
  }
}

type DigestAnswer = { processed: number; success: number; errors: number; message: string };

function DigestTest() {
  const [frequency, setFrequency] = useState<"daily" | "weekly">("daily");
  const send = useMutation({ mutationFn: () => api.post<DigestAnswer>("/api/email/send", { type: "catchup", frequency }) });
  return (
    <ToolSection id="digest" title="Digest e-mail test" description="Sends the catch-up digest now to every account subscribed at this frequency.">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="space-y-1">
          <Label htmlFor="digest-frequency">Frequency</Label>
          <NativeSelect id="digest-frequency" value={frequency} onChange={(event) => setFrequency(event.target.value as "daily" | "weekly")}>
            <option value="daily">Daily</option>
            <option value="weekly">Weekly</option>
          </NativeSelect>
        </div>
        <Button type="button" onClick={() => send.mutate()} disabled={send.isPending}>
          <Mail aria-hidden />
          {send.isPending ? "Sending…" : "Send test digest"}
        </Button>
      </div>
      {send.data ? (
        <p className="mt-2 text-sm" aria-live="polite">
          {send.data.message} ({send.data.processed} processed, {send.data.success} sent, {send.data.errors} failed)
        </p>
      ) : null}
      {send.error ? <p role="alert" className="mt-2 text-sm text-destructive">{send.error.message}</p> : null}
    </ToolSection>
  );
}

/**
 * /dev/llm-test: a prompt sent to a provider and
 * model with a key typed here (kept only when "Save key" is ticked) or the one already saved,
 * the answer or the error with its time, and a history of the last tests (10, or 50 while the
 * newest failed); and the digest e-mail test, daily or weekly.
 */
export function LlmTestPage() {
  const client = useQueryClient();
  const { user } = useCurrentUser();
  const { store, scope } = useLlmKeyStore();
  const providers = useLlmProviders();
  const [provider, setProvider] = useState("");
  const [model, setModel] = useState("");
  const [apiKey, setApiKey] = useState("");
  const [saveKey, setSaveKey] = useState(false);
  const [prompt, setPrompt] = useState("Say hello in five words.");
  const [history, setHistory] = useState<LlmTestEntry[]>(readHistory);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const status = providers.data?.find((entry) => entry.provider === provider) ?? null;
  // A custom provider (a local model server) may need no key; any other needs one typed or saved.
  const hasKey = Boolean(apiKey.trim()) || Boolean(status?.hasKey) || Boolean(status?.isCustom);
  const ready = Boolean(provider && model.trim() && hasKey && prompt.trim());

  const record = (entry: LlmTestEntry) => {
    setHistory((previous) => {
      const next = nextHistory(previous, entry);
      writeHistory(next);
      return next;
    });
  };

  const run = async (event: FormEvent) => {
    event.preventDefault();
    if (!provider || !model.trim() || !hasKey) {
      setProblem(LLM_MESSAGES.testMissing);
      return;
    }
    setBusy(true);
    setProblem(null);
    const started = performance.now();
    const at = new Date().toISOString();
    try {
      const typed = apiKey.trim();
      if (typed && saveKey) {
        await store.saveKey(provider, typed);
        await client.invalidateQueries({ queryKey: llmKeys.providers(scope) });
      }
      const credentials = typed && !saveKey ? { apiKey: typed } : store.credentials(provider);
      const answer = await completeThroughServer(provider, { model: model.trim(), messages: [{ role: "user", content: prompt }], component: "llm-test", ...credentials });
      record({ at, provider, model: model.trim(), prompt, ok: true, answer: answer.text, ms: Math.round(performance.now() - started) });
    } catch (error) {
      record({ at, provider, model: model.trim(), prompt, ok: false, answer: error instanceof Error ? error.message : String(error), ms: Math.round(performance.now() - started) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ToolPage title="LLM Test" description="Sends a prompt to a language model through Quire, as every model call goes.">
      <ToolSection id="prompt" title="Prompt">
        <form onSubmit={run} className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1">
            <Label htmlFor="llm-test-provider">Provider</Label>
            <NativeSelect
              id="llm-test-provider"
              value={provider}
              onChange={(event) => {
                setProvider(event.target.value);
                setModel(providers.data?.find((entry) => entry.provider === event.target.value)?.models[0] ?? "");
              }}
            >
              <option value="">Choose a provider</option>
              {(providers.data ?? []).map((entry) => (
                <option key={entry.provider} value={entry.provider}>
                  {entry.name}
                  {entry.hasKey ? ` (key …${entry.keyLast4 ?? ""})` : ""}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1">
            <Label htmlFor="llm-test-model">Model</Label>
            <Input id="llm-test-model" list="llm-test-models" value={model} onChange={(event) => setModel(event.target.value)} placeholder="model id" />
            <datalist id="llm-test-models">
              {(status?.models ?? []).map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </div>
          <div className="space-y-1">
            <Label htmlFor="llm-test-key">API key</Label>
            <Input id="llm-test-key" type="password" autoComplete="off" value={apiKey} onChange={(event) => setApiKey(event.target.value)} placeholder={status?.hasKey ? `saved (…${status.keyLast4 ?? ""})` : "sk-…"} />
          </div>
          <label className="flex items-center gap-2 self-end text-sm">
            <input type="checkbox" checked={saveKey} onChange={(event) => setSaveKey(event.target.checked)} className="size-4" />
            Save key {user ? "to my account" : "on this device"}
          </label>
          <div className="space-y-1 sm:col-span-2">
            <Label htmlFor="llm-test-prompt">Prompt</Label>
            <textarea
              id="llm-test-prompt"
              value={prompt}
              onChange={(event) => setPrompt(event.target.value)}
              rows={3}
              className="w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            />
          </div>
          <div className="flex items-center gap-3 sm:col-span-2">
            <Button type="submit" disabled={!ready || busy}>
              <Send aria-hidden />
              {busy ? "Testing…" : "Run test"}
            </Button>
            {!ready && !busy ? <p className="text-sm text-muted-foreground">{LLM_MESSAGES.testMissing}</p> : null}
          </div>
        </form>
        {problem ? <p role="alert" className="mt-2 text-sm text-destructive">{problem}</p> : null}
      </ToolSection>

      <ToolSection
        id="history"
        title="History"
        description={`The last ${LLM_TEST_HISTORY_MAX} tests (${LLM_TEST_HISTORY_MAX_ON_FAILURE} while the newest failed), on this device.`}
        tools={
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={history.length === 0}
            onClick={() => {
              setHistory([]);
              writeHistory([]);
            }}
          >
            <Trash2 aria-hidden />
            Clear
          </Button>
        }
      >
        <DataTable
          caption="Tests"
          columns={[
            { header: "When", cell: (row) => formatDateTime(row.at), className: "whitespace-nowrap" },
            { header: "Model", cell: (row) => `${row.provider} · ${row.model}` },
            { header: "Result", cell: (row) => <Badge variant={row.ok ? "secondary" : "destructive"}>{row.ok ? "ok" : "failed"}</Badge> },
            { header: "Answer", cell: (row) => <span className="break-words">{row.answer}</span> },
            { header: "Time", cell: (row) => `${row.ms} ms`, align: "right" },
          ]}
          rows={history}
          rowKey={(row) => `${row.at}-${row.provider}-${row.model}`}
          empty="No tests yet."
        />
      </ToolSection>

      <DigestTest />
    </ToolPage>
  );
}
