import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useMutation } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2, Loader2, Sparkles } from "lucide-react";
import { applyEntryToPaper, type BibField } from "@/shared/llm/bibliography-merge";
import type { EnhanceResponse } from "@/shared/llm/llm-api";
import { LLM_MESSAGES, MERGE_FALLBACK_PROVIDER } from "@/shared/llm/llm-constants";
import { providerDisplayName } from "@/shared/llm/providers";
import type { Paper } from "@/shared/paper";
import { BREAKPOINT_LARGE_PX } from "@/shared/constants";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/web/components/ui/sheet";
import { toast } from "@/web/components/ui/use-toast";
import { useMediaQuery } from "@/web/hooks/use-media-query";
import { isApiError } from "@/web/lib/api";
import { useBookmarks, useUserStores } from "@/web/lib/user-data/user-stores";
import { enhancePaper } from "./llm-client";
import { useLlmDefaults, useLlmKeyStore } from "./llm-queries";
import { entryFor } from "@/web/lib/user-data/paper-key";

const SOURCE_LABELS: Record<string, string> = { arxiv: "arXiv", openalex: "OpenAlex", crossref: "Crossref", journal: "Journal", zotero: "Zotero", preprint: "Preprint" };

function Outcome({ response }: { response: EnhanceResponse }) {
  const selected = response.result?.selectedIndex ?? null;
  return (
    <div className="space-y-4">
      {response.result ? (
        <div className="rounded-lg border border-border bg-muted/40 p-3 text-sm">
          <p className="flex items-center gap-2 font-medium">
            <Sparkles className="size-4 text-primary" aria-hidden />
            Confidence {response.result.confidence}%
          </p>
          <p className="mt-1 text-muted-foreground">{response.result.reasoning}</p>
        </div>
      ) : null}
      {response.candidates.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold">Candidates</h3>
          <ol className="mt-2 space-y-1.5">
            {response.candidates.map((candidate, index) => {
              const score = response.result?.candidateScores.find((entry) => entry.index === index);
              return (
                <li key={`${candidate.id}-${index}`} className={`rounded-md border p-2 text-sm ${index === selected ? "border-primary/60 bg-primary/5" : "border-border"}`}>
                  <p className="font-medium">{candidate.title}</p>
                  <p className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                    <Badge variant="secondary">{SOURCE_LABELS[candidate.source] ?? candidate.source}</Badge>
                    {candidate.doi ? <span>{candidate.doi}</span> : null}
                    {score ? <span>· {score.confidence}%</span> : null}
                    {index === selected ? <span className="font-medium text-primary">· picked</span> : null}
                  </p>
                </li>
              );
            })}
          </ol>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Bibliography enhancement of a bookmark: candidates from
 * arXiv, OpenAlex and Crossref, the model's pick and merge with its confidence and reasoning,
 * and a field-by-field diff the user accepts (all or some fields) or rejects.
 */
export function EnhanceSheet(props: { paper: Paper; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { paper } = props;
  const wide = useMediaQuery(`(min-width: ${BREAKPOINT_LARGE_PX}px)`);
  const { store } = useLlmKeyStore();
  const defaults = useLlmDefaults();
  const stores = useUserStores();
  const bookmark = entryFor(useBookmarks(), paper.id);
  const provider = defaults.chosen ? defaults.provider : MERGE_FALLBACK_PROVIDER;
  const enhancement = useMutation({
    mutationFn: () => enhancePaper(paper, { provider: defaults.chosen ? defaults.provider : undefined, model: defaults.chosen ? defaults.model : undefined, store }),
  });
  const [accepted, setAccepted] = useState<Set<BibField>>(new Set());
  const [saving, setSaving] = useState(false);

  // Starts once the settings are in, so the user's default provider is the one asked.
  useEffect(() => {
    if (props.open && defaults.ready && enhancement.isIdle) enhancement.mutate(undefined, { onSuccess: (response) => setAccepted(new Set(response.changes.map((change) => change.field))) });
  }, [props.open, defaults.ready, enhancement]);

  const response = enhancement.data;

  const handleAccept = async () => {
    if (!response?.result || accepted.size === 0) return;
    setSaving(true);
    try {
      const { dateAdded, ...paperData } = applyEntryToPaper(paper, response.result.mergedEntry, [...accepted]);
      await stores.bookmarks.putMany([
        {
          paperId: paper.id,
          dateAdded: dateAdded ?? new Date().toISOString(),
          title: paperData.title,
          category: paperData.category,
          collections: [...(bookmark?.collections ?? [])],
          paperData,
        },
      ]);
      toast({ title: "Bibliography updated", description: `${accepted.size} ${accepted.size === 1 ? "field" : "fields"} of “${paperData.title}” changed.` });
      props.onOpenChange(false);
    } catch {
      // The store has shown "Failed to save bookmark".
    } finally {
      setSaving(false);
    }
  };

  const errorText = enhancement.error ? (enhancement.error instanceof Error ? enhancement.error.message : LLM_MESSAGES.enhanceFailed) : null;
  const keyMissing = isApiError(enhancement.error) && enhancement.error.code === "llm_key_missing";

  return (
    <Sheet open={props.open} onOpenChange={props.onOpenChange}>
      <SheetContent side={wide ? "right" : "bottom"} className={wide ? "w-[min(40rem,100vw)]" : "max-h-[90dvh]"}>
        <SheetHeader className="pr-10">
          <SheetTitle>Enhance Bibliography</SheetTitle>
          <SheetDescription>{paper.title}</SheetDescription>
        </SheetHeader>
        <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-5 pb-5">
          {enhancement.isPending || enhancement.isIdle ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Loader2 className="size-4 animate-spin" aria-hidden />
              Searching arXiv, OpenAlex and Crossref, then asking {providerDisplayName(provider)}…
            </p>
          ) : null}
          {errorText ? (
            <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive dark:text-[oklch(0.78_0.13_27)]">
              <p className="flex items-center gap-2 font-medium">
                <AlertTriangle className="size-4 shrink-0" aria-hidden />
                {errorText}
              </p>
              {keyMissing ? (
                <Link to="/settings?section=llm" className="mt-1 inline-block font-medium text-primary underline-offset-2 hover:underline">
                  Add an API key in Settings
                </Link>
              ) : null}
            </div>
          ) : null}
          {response ? (
            <>
              {response.message ? (
                <p role="status" className="flex items-center gap-2 text-base font-semibold">
                  {response.outcome === "no-changes" ? <CheckCircle2 className="size-5 text-emerald-600" aria-hidden /> : <AlertTriangle className="size-5 text-amber-600" aria-hidden />}
                  {response.message}
                </p>
              ) : null}
              {response.outcome === "changes" ? (
                <fieldset>
                  <legend className="text-sm font-semibold">Proposed changes</legend>
                  <ul className="mt-2 divide-y divide-border rounded-lg border border-border">
                    {response.changes.map((change) => (
                      <li key={change.field} className="p-3">
                        <label className="flex cursor-pointer items-start gap-3">
                          <input
                            type="checkbox"
                            className="mt-1 size-4 accent-primary"
                            checked={accepted.has(change.field)}
                            onChange={(event) =>
                              setAccepted((current) => {
                                const next = new Set(current);
                                if (event.target.checked) next.add(change.field);
                                else next.delete(change.field);
                                return next;
                              })
                            }
                          />
                          <span className="min-w-0 flex-1 text-sm">
                            <span className="font-medium">{change.label}</span>
                            <span className="mt-1 grid gap-1 sm:grid-cols-2">
                              <span className="rounded bg-destructive/10 px-2 py-1 break-words line-through decoration-destructive/60">{change.before || "(empty)"}</span>
                              <span className="rounded bg-emerald-500/10 px-2 py-1 break-words">{change.after}</span>
                            </span>
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </fieldset>
              ) : null}
              <Outcome response={response} />
            </>
          ) : null}
        </div>
        {response?.outcome === "changes" ? (
          <div className="flex gap-2 border-t border-border px-5 py-3">
            <Button onClick={() => void handleAccept()} disabled={saving || accepted.size === 0}>
              {saving ? "Saving…" : "Accept Changes"}
            </Button>
            <Button variant="outline" onClick={() => props.onOpenChange(false)} disabled={saving}>
              Reject
            </Button>
          </div>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
