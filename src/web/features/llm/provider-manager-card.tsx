import { useId, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, KeyRound, Pencil, Plus, PlugZap, Server, Trash2, XCircle } from "lucide-react";
import type { ProviderStatus, ProviderTestResult } from "@/shared/llm/llm-api";
import { LLM_MESSAGES } from "@/shared/llm/llm-constants";
import { findCatalogueProvider } from "@/shared/llm/providers";
import { formatRelativeTime } from "@/shared/format";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { SettingsCardHeader } from "@/web/components/settings-card-header";
import { Card, CardContent } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Skeleton } from "@/web/components/ui/skeleton";
import { toast } from "@/web/components/ui/use-toast";
import { cn } from "@/web/lib/utils";
import { CustomProviderForm } from "./custom-provider-form";
import { FormProblem, useFormSubmit } from "./form-submit";
import { llmKeys, useLlmDefaults, useLlmKeyStore, useLlmProviders } from "./llm-queries";

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The status badge: 'API Key Required' for a provider without a key, else what the last test said. */
function StatusBadge({ status, testing }: { status: ProviderStatus; testing: boolean }) {
  if (testing) return <Badge variant="secondary">Testing…</Badge>;
  if (!status.hasKey && !status.isCustom) {
    return (
      <Badge variant="outline" className="border-amber-500/50 text-amber-700 dark:text-amber-300">
        {LLM_MESSAGES.apiKeyRequired}
      </Badge>
    );
  }
  if (status.isValid) {
    return (
      <Badge variant="outline" className="border-emerald-500/50 text-emerald-700 dark:text-emerald-300">
        <CheckCircle2 aria-hidden />
        Connected
      </Badge>
    );
  }
  if (status.lastTested) {
    return (
      <Badge variant="outline" className="border-destructive/50 text-destructive dark:text-[oklch(0.78_0.13_27)]">
        <XCircle aria-hidden />
        {LLM_MESSAGES.connectionFailed}
      </Badge>
    );
  }
  return <Badge variant="secondary">Not tested</Badge>;
}

function KeyForm(props: { providerName: string; onSave: (key: string) => Promise<void>; onCancel: () => void }) {
  const id = useId();
  const [value, setValue] = useState("");
  const { busy, problem, onSubmit } = useFormSubmit(() => props.onSave(value));
  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-2">
      <Label htmlFor={`${id}-key`}>API key for {props.providerName}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id={`${id}-key`} type="password" autoComplete="off" value={value} onChange={(event) => setValue(event.target.value)} placeholder="Paste the key" className="sm:flex-1" />
        <div className="flex gap-2">
          <Button type="submit" disabled={busy} className="flex-1 sm:flex-none">
            {busy ? "Saving…" : "Save Key"}
          </Button>
          <Button type="button" variant="ghost" onClick={props.onCancel} disabled={busy}>
            Cancel
          </Button>
        </div>
      </div>
      <FormProblem problem={problem} />
    </form>
  );
}

/**
 * The LLM provider manager: the ten providers and the user's
 * custom ones, each with its key (saved, then tested with a five-token prompt), a test, and for
 * custom providers an edit form (name locked) and delete. Keys are the account's, encrypted on
 * the server, when signed in; the device's otherwise.
 */
export function ProviderManagerCard(props: { signedIn: boolean }) {
  const queryClient = useQueryClient();
  const { store, scope } = useLlmKeyStore();
  const providers = useLlmProviders();
  const defaults = useLlmDefaults();
  const [editingKey, setEditingKey] = useState<string | null>(null);
  const [editingCustom, setEditingCustom] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [testing, setTesting] = useState<string | null>(null);
  const [testErrors, setTestErrors] = useState<Record<string, string | null>>({});

  const refresh = async () => {
    // Parses made without a key (or with an old one) are made again.
    await Promise.all([queryClient.invalidateQueries({ queryKey: llmKeys.providers(scope) }), queryClient.removeQueries({ queryKey: ["llm", "parse"] })]);
  };

  const modelFor = (status: ProviderStatus) => (defaults.provider === status.provider && defaults.model ? defaults.model : (status.models[0] ?? ""));

  const runTest = async (status: ProviderStatus): Promise<ProviderTestResult | null> => {
    setTesting(status.provider);
    try {
      const result = await store.test(status.provider, modelFor(status));
      setTestErrors((current) => ({ ...current, [status.provider]: result.error }));
      if (result.isValid) toast({ title: "Connection works", description: `${status.name} answered.` });
      return result;
    } catch (error) {
      setTestErrors((current) => ({ ...current, [status.provider]: errorMessage(error) }));
      return null;
    } finally {
      setTesting(null);
      await refresh();
    }
  };

  const handleSaveKey = async (status: ProviderStatus, key: string) => {
    let saved: ProviderStatus;
    try {
      saved = await store.saveKey(status.provider, key);
    } catch (error) {
      toast({ variant: "destructive", title: LLM_MESSAGES.saveKeyFailed(errorMessage(error)) });
      throw error;
    }
    setEditingKey(null);
    toast({ title: "API key saved", description: `${status.name}: key ending in ${saved.keyLast4 ?? "…"}.` });
    await runTest(saved);
  };

  const handleDeleteKey = async (status: ProviderStatus) => {
    try {
      await store.deleteKey(status.provider);
      setTestErrors((current) => ({ ...current, [status.provider]: null }));
      toast({ title: "API key removed", description: status.name });
    } catch (error) {
      toast({ variant: "destructive", title: LLM_MESSAGES.deleteKeyFailed(errorMessage(error)) });
    }
    await refresh();
  };

  const handleAddCustom = async (values: Parameters<typeof store.addCustom>[0]) => {
    try {
      const added = await store.addCustom(values);
      setAdding(false);
      toast({ title: "Provider added", description: added.name });
      await refresh();
    } catch (error) {
      toast({ variant: "destructive", title: LLM_MESSAGES.saveProviderFailed, description: errorMessage(error) });
      throw error;
    }
  };

  const handleEditCustom = async (name: string, values: Parameters<typeof store.addCustom>[0]) => {
    try {
      await store.editCustom(name, values);
      setEditingCustom(null);
      toast({ title: "Provider saved", description: name });
      await refresh();
    } catch (error) {
      toast({ variant: "destructive", title: LLM_MESSAGES.saveProviderFailed, description: errorMessage(error) });
      throw error;
    }
  };

  const handleDeleteCustom = async (status: ProviderStatus) => {
    try {
      await store.deleteCustom(status.provider);
      toast({ title: "Provider deleted", description: status.name });
    } catch (error) {
      toast({ variant: "destructive", title: LLM_MESSAGES.deleteProviderFailed, description: errorMessage(error) });
    }
    await refresh();
  };

  return (
    <Card id="llm-providers">
      <SettingsCardHeader
        icon={KeyRound}
        title="LLM Providers"
        description={
          props.signedIn
            ? "Keys are stored encrypted with your account and never shown again, only their last four characters."
            : "Keys are kept on this device, lightly obfuscated. Sign in to keep them, encrypted, with your account."
        }
      />
      <CardContent className="space-y-4">
        {providers.isPending ? (
          <div className="space-y-2" aria-busy="true">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-16 w-full" />
            ))}
          </div>
        ) : providers.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load your providers: {errorMessage(providers.error)}
          </p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Providers">
            {providers.data.map((status) => {
              const catalogue = findCatalogueProvider(status.provider);
              const error = testErrors[status.provider] ?? (status.lastTested && !status.isValid ? status.error : null);
              return (
                <li key={status.provider} className="p-3 sm:p-4" aria-label={status.name}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="flex flex-wrap items-center gap-1.5 font-medium">
                        {status.name}
                        {catalogue?.isFree ? <Badge variant="secondary">Free tier</Badge> : null}
                        {catalogue?.requiresServer ? (
                          <Badge variant="secondary">
                            <Server aria-hidden />
                            Server only
                          </Badge>
                        ) : null}
                        {status.isCustom ? <Badge variant="secondary">Custom</Badge> : null}
                      </p>
                      <p className="mt-0.5 text-xs text-muted-foreground">{catalogue?.description ?? status.baseUrl}</p>
                      <p className="mt-1 text-xs text-muted-foreground">
                        {status.hasKey ? `Key saved, ending in ${status.keyLast4}` : status.isCustom ? "No key" : "No key saved"}
                        {status.lastTested ? ` · tested ${formatRelativeTime(Date.parse(status.lastTested))}` : ""}
                        {status.isCustom ? ` · ${status.models.join(", ")}` : ""}
                      </p>
                    </div>
                    <StatusBadge status={status} testing={testing === status.provider} />
                  </div>
                  {error ? (
                    <p role="alert" className="mt-2 text-sm break-words text-destructive dark:text-[oklch(0.78_0.13_27)]">
                      {error}
                    </p>
                  ) : null}
                  <div className="mt-3 flex flex-wrap gap-2">
                    {status.isCustom ? (
                      <Button size="sm" variant="outline" onClick={() => setEditingCustom(editingCustom === status.provider ? null : status.provider)} aria-label={`Edit ${status.name}`}>
                        <Pencil aria-hidden />
                        Edit
                      </Button>
                    ) : (
                      <Button size="sm" variant="outline" onClick={() => setEditingKey(editingKey === status.provider ? null : status.provider)} aria-label={`${status.hasKey ? "Change key" : "Add key"} for ${status.name}`}>
                        <KeyRound aria-hidden />
                        {status.hasKey ? "Change key" : "Add key"}
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => void runTest(status)}
                      disabled={testing !== null || (!status.hasKey && !status.isCustom)}
                      aria-label={`Test ${status.name}`}
                    >
                      <PlugZap aria-hidden />
                      Test
                    </Button>
                    {status.hasKey && !status.isCustom ? (
                      <Button size="sm" variant="ghost" onClick={() => void handleDeleteKey(status)} aria-label={`Remove key for ${status.name}`}>
                        <Trash2 aria-hidden />
                        Remove key
                      </Button>
                    ) : null}
                    {status.isCustom ? (
                      <Button size="sm" variant="ghost" className="text-destructive hover:text-destructive" onClick={() => void handleDeleteCustom(status)} aria-label={`Delete ${status.name}`}>
                        <Trash2 aria-hidden />
                        Delete
                      </Button>
                    ) : null}
                  </div>
                  {editingKey === status.provider ? (
                    <KeyForm providerName={status.name} onSave={(key) => handleSaveKey(status, key)} onCancel={() => setEditingKey(null)} />
                  ) : null}
                  {editingCustom === status.provider ? (
                    <div className="mt-3">
                      <CustomProviderForm
                        mode="edit"
                        initial={{ name: status.provider, baseUrl: status.baseUrl ?? "", models: status.models }}
                        onSubmit={(values) => handleEditCustom(status.provider, values)}
                        onCancel={() => setEditingCustom(null)}
                      />
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {adding ? (
          <CustomProviderForm mode="add" onSubmit={handleAddCustom} onCancel={() => setAdding(false)} />
        ) : (
          <Button variant="outline" onClick={() => setAdding(true)} className={cn(providers.isPending && "invisible")}>
            <Plus aria-hidden />
            Add Custom Provider
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
