import { useId, useState } from "react";
import { Bot } from "lucide-react";
import { providerDisplayName } from "@/shared/llm/providers";
import { Button } from "@/web/components/ui/button";
import { SettingsCardHeader } from "@/web/components/settings-card-header";
import { Card, CardContent } from "@/web/components/ui/card";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { toast } from "@/web/components/ui/use-toast";
import { useSettings } from "@/web/lib/user-data/user-data-hooks";
import { useLlmDefaults, useLlmProviders } from "./llm-queries";

/**
 * The default provider and model (settings `llm.defaultProvider`, `llm.defaultModel`): what
 * plain-language search, id correction and enhancement use. Save Settings stays disabled until
 * both a provider and a model are chosen.
 */
export function DefaultProviderCard() {
  const id = useId();
  const providers = useLlmProviders();
  const defaults = useLlmDefaults();
  const { update } = useSettings();
  const [provider, setProvider] = useState<string | null>(null);
  const [model, setModel] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const chosenProvider = provider ?? (defaults.chosen ? defaults.provider : "");
  const chosenModel = model ?? (provider === null && defaults.chosen ? defaults.model : "");
  const models = providers.data?.find((entry) => entry.provider === chosenProvider)?.models ?? [];
  const canSave = Boolean(chosenProvider && chosenModel) && !saving;

  const handleSave = async () => {
    if (!chosenProvider || !chosenModel) return;
    setSaving(true);
    try {
      await update({ llm: { defaultProvider: chosenProvider, defaultModel: chosenModel } });
      setProvider(null);
      setModel(null);
      toast({ title: "Settings saved", description: `${providerDisplayName(chosenProvider)} · ${chosenModel} is now the default.` });
    } catch (error) {
      toast({ variant: "destructive", title: "Settings not saved", description: error instanceof Error ? error.message : undefined });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <SettingsCardHeader
        icon={Bot}
        title="Default Provider"
        description={
          <>
            Used for plain-language search and bibliography enhancement. Now:{" "}
            <span className="font-medium text-foreground">
              {providerDisplayName(defaults.provider)} · {defaults.model || "no model chosen"}
            </span>
            {defaults.chosen ? "" : " (the default)"}.
          </>
        }
      />
      <CardContent>
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-provider`}>Provider</Label>
            <NativeSelect
              id={`${id}-provider`}
              value={chosenProvider}
              disabled={!providers.data}
              onChange={(event) => {
                setProvider(event.target.value);
                setModel("");
              }}
            >
              <option value="">Choose a provider</option>
              {(providers.data ?? []).map((entry) => (
                <option key={entry.provider} value={entry.provider}>
                  {entry.name}
                  {entry.isCustom ? " (custom)" : ""}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-model`}>Model</Label>
            <NativeSelect id={`${id}-model`} value={chosenModel} disabled={!chosenProvider} onChange={(event) => setModel(event.target.value)}>
              <option value="">Choose a model</option>
              {models.map((entry) => (
                <option key={entry} value={entry}>
                  {entry}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button onClick={() => void handleSave()} disabled={!canSave}>
            {saving ? "Saving…" : "Save Settings"}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
