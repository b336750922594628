import { useMutation } from "@tanstack/react-query";
import { CheckCircle2, Loader2, ScanSearch, Sparkles } from "lucide-react";
import type { ArxivScanIssue } from "@/shared/zotero/zotero-contract";
import { ZOTERO_MESSAGES } from "@/shared/zotero/zotero-messages";
import { Button } from "@/web/components/ui/button";
import { SettingsCardHeader } from "@/web/components/settings-card-header";
import { Card, CardContent } from "@/web/components/ui/card";
import { suggestArxivId } from "@/web/features/llm/llm-client";
import { useLlmDefaults, useLlmKeyStore } from "@/web/features/llm/llm-queries";
import { useZoteroActions } from "./zotero-queries";

const TABLE_LABELS: Record<ArxivScanIssue["table"], string> = {
  user_bookmarks: "Bookmarks",
  user_reading_history: "Reading history",
  zotero_cache: "Zotero library",
  user_cache: "Cache",
};

/**
 * A suggested correction for one invalid id: the language-model id correction
 * (the id, the title and the authors to the
 * default model, which answers `corrected_arxiv_id` or null), asked for one id at a time.
 */
export function IdCorrectionSlot({ issue }: { issue: ArxivScanIssue }) {
  const defaults = useLlmDefaults();
  const { store, ready } = useLlmKeyStore();
  const suggest = useMutation({
    mutationFn: () => suggestArxivId({ invalidId: issue.arxivId, title: issue.title || issue.paperId }, { provider: defaults.provider, model: defaults.model, store }),
  });
  const suggestion = issue.suggestion ?? suggest.data ?? null;
  if (suggestion) {
    return (
      <p className="mt-1 text-xs">
        Suggested: <code className="font-mono">{suggestion}</code>
      </p>
    );
  }
  if (suggest.isSuccess) return <p className="mt-1 text-xs text-muted-foreground">No correction found.</p>;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2">
      <Button type="button" variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={() => suggest.mutate()} disabled={suggest.isPending || !ready || !(issue.title || issue.paperId)}>
        {suggest.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <Sparkles aria-hidden />}
        Suggest a correction
      </Button>
      {suggest.error ? <span className="text-xs text-destructive">{suggest.error.message}</span> : null}
    </div>
  );
}

/** ArXiv ID Validation: scans the user's stored papers for invalid arXiv ids. */
export function ArxivIdValidationCard({ signedIn }: { signedIn: boolean }) {
  return (
    <Card>
      <SettingsCardHeader
        icon={ScanSearch}
        title="ArXiv ID Validation"
        description="Checks the arXiv ids of your bookmarks, reading history and synced Zotero library."
      />
      <CardContent className="space-y-4">{signedIn ? <ArxivScan /> : <p className="text-sm text-muted-foreground">Sign in to scan the papers stored in your account.</p>}</CardContent>
    </Card>
  );
}

/** The scan button and its findings (signed in: it reads the account's tables). */
function ArxivScan() {
  const { scanArxivIds } = useZoteroActions();
  const result = scanArxivIds.data;
  return (
    <>
      <Button variant="outline" onClick={() => scanArxivIds.mutate()} disabled={scanArxivIds.isPending}>
        {scanArxivIds.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <ScanSearch aria-hidden />}
        Scan database
      </Button>
      {scanArxivIds.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {ZOTERO_MESSAGES.scanError}
        </p>
      ) : null}
      {result ? (
        result.invalid.length === 0 ? (
          <p className="flex items-center gap-2 text-sm" role="status">
            <CheckCircle2 aria-hidden className="size-4 text-primary" />
            All {result.scanned} arXiv {result.scanned === 1 ? "id is" : "ids are"} valid.
          </p>
        ) : (
          <div className="space-y-2" role="status">
            <p className="text-sm">
              {result.invalid.length} invalid of {result.scanned} scanned:
            </p>
            <ul className="max-h-72 space-y-2 overflow-y-auto">
              {result.invalid.map((issue) => (
                <li key={`${issue.table}-${issue.rowId}`} className="rounded-lg border border-border p-3 text-sm">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <code className="font-mono font-semibold">{issue.arxivId}</code>
                    <span className="text-xs text-muted-foreground">{TABLE_LABELS[issue.table]}</span>
                  </div>
                  <p className="mt-0.5 line-clamp-1 text-muted-foreground">{issue.title || issue.paperId}</p>
                  <p className="mt-1 font-medium text-destructive">{issue.message}</p>
                  <IdCorrectionSlot issue={issue} />
                </li>
              ))}
            </ul>
          </div>
        )
      ) : null}
    </>
  );
}
