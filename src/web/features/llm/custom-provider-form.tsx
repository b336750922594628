import { useId, useState } from "react";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { FormProblem, useFormSubmit } from "./form-submit";
import type { CustomProviderForm as FormValues } from "./llm-key-store";

/**
 * Add or edit a custom OpenAI-compatible provider (a local Ollama, llama.cpp or vLLM server,
 * or any compatible API): name, base URL, comma-separated models, and a key when it needs one.
 * Editing locks the name; a blank key there keeps the saved one.
 */
export function CustomProviderForm(props: {
  mode: "add" | "edit";
  initial?: { name: string; baseUrl: string; models: string[] };
  onSubmit: (values: FormValues) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(props.initial?.name ?? "");
  const [baseUrl, setBaseUrl] = useState(props.initial?.baseUrl ?? "");
  const [models, setModels] = useState(props.initial?.models.join(", ") ?? "");
  const [apiKey, setApiKey] = useState("");
  const editing = props.mode === "edit";
  const { busy, problem, onSubmit } = useFormSubmit(() => props.onSubmit({ name, baseUrl, models, ...(apiKey.trim() || !editing ? { apiKey } : {}) }));

  return (
    <form onSubmit={onSubmit} noValidate aria-label={editing ? `Edit ${name}` : "Add a custom provider"} className="space-y-3 rounded-lg border border-border bg-muted/30 p-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-name`}>Provider name</Label>
          <Input id={`${id}-name`} value={name} onChange={(event) => setName(event.target.value)} disabled={editing} maxLength={40} placeholder="My Ollama" />
          {editing ? <p className="text-xs text-muted-foreground">The name cannot be changed.</p> : null}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-url`}>Base URL</Label>
          <Input id={`${id}-url`} type="url" inputMode="url" value={baseUrl} onChange={(event) => setBaseUrl(event.target.value)} placeholder="http://localhost:11434/v1" />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-models`}>Models</Label>
          <Input id={`${id}-models`} value={models} onChange={(event) => setModels(event.target.value)} placeholder="llama3.1, qwen2.5" />
          <p className="text-xs text-muted-foreground">Comma-separated. None: one model named “default”.</p>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-key`}>API key (optional)</Label>
          <Input id={`${id}-key`} type="password" autoComplete="off" value={apiKey} onChange={(event) => setApiKey(event.target.value)} placeholder={editing ? "Leave blank to keep the saved key" : "Not needed for a local server"} />
        </div>
      </div>
      <FormProblem problem={problem} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : editing ? "Save Changes" : "Add Provider"}
        </Button>
        <Button type="button" variant="ghost" onClick={props.onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
