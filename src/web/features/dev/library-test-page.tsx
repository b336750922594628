import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Link } from "react-router";
import { RefreshCw, Sparkles } from "lucide-react";
import type { EnhanceResponse } from "@/shared/llm/llm-api";
import type { Paper } from "@/shared/paper";
import { DataTable, ToolPage, ToolSection } from "@/web/components/tool-page";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { enhancePaper } from "@/web/features/llm/llm-client";
import { useLlmDefaults, useLlmKeyStore } from "@/web/features/llm/llm-queries";
import { useBibliography, useSignedInUserId, useZoteroStatus, type BibliographyParams } from "@/web/features/zotero/zotero-queries";
import { isApiError } from "@/web/lib/api";

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The first bibliography check reads this many items. */
export const LIBRARY_TEST_LIMIT = 10;
const FIRST_PAGE: BibliographyParams = { start: 0, limit: LIBRARY_TEST_LIMIT, q: "", topLevelOnly: true, itemTypes: [] };

function Enhancement({ answer }: { answer: EnhanceResponse }) {
  return (
    <div className="space-y-3 text-sm" aria-label="Enhancement result">
      <p>
        <Badge variant={answer.outcome === "changes" ? "secondary" : "outline"}>{answer.outcome}</Badge>{" "}
        {answer.message ?? `${answer.changes.length} field${answer.changes.length === 1 ? "" : "s"} would change`}
        {answer.result ? ` · confidence ${Math.round(answer.result.confidence * 100)}%` : ""}
      </p>
      {answer.result?.reasoning ? <p className="text-muted-foreground">{answer.result.reasoning}</p> : null}
      <DataTable
        caption="Proposed changes"
        columns={[
          { header: "Field", cell: (row) => row.label },
          { header: "Now", cell: (row) => <span className="break-words">{row.before || "—"}</span> },
          { header: "Proposed", cell: (row) => <span className="break-words">{row.after || "—"}</span> },
        ]}
        rows={answer.changes}
        rowKey={(row) => row.field}
        empty="No field would change."
      />
    </div>
  );
}

/**
 * /dev/library-test: the first bibliography check (the
 * connected Zotero library's first 10 items, as the library page reads them) and a
 * bibliography enhancement test (one item's metadata against arXiv, OpenAlex and Crossref, the
 * default model choosing and merging, shown as the field-by-field diff the user would accept).
 */
export function LibraryTestPage() {
  const userId = useSignedInUserId();
  // As the library page does: the bibliography is asked for only once Zotero is known to be
  // connected (asked without, the server answers 409 and the browser logs it as an error).
  const status = useZoteroStatus();
  const connected = status.data?.connected === true;
  const bibliography = useBibliography(FIRST_PAGE, connected);
  const defaults = useLlmDefaults();
  const { store } = useLlmKeyStore();
  const [chosen, setChosen] = useState<Paper | null>(null);
  const enhance = useMutation({ mutationFn: (paper: Paper) => enhancePaper(paper, { provider: defaults.provider, model: defaults.model || undefined, store }) });

  if (!userId) {
    return (
      <ToolPage title="Library Test" description="Checks the Zotero bibliography and its enhancement.">
        <p className="text-sm text-muted-foreground">Sign in and connect Zotero to test the library.</p>
      </ToolPage>
    );
  }
  const items = bibliography.data?.items ?? [];
  const notConnected = (status.isSuccess && !connected) || (isApiError(bibliography.error) && bibliography.error.code === "not_connected");
  return (
    <ToolPage title="Library Test" description="Checks the Zotero bibliography and its enhancement.">
      <ToolSection
        id="bibliography"
        title="First bibliography check"
        description={`The library's first ${LIBRARY_TEST_LIMIT} top-level items${bibliography.data ? `, of ${bibliography.data.totalResults} (library version ${bibliography.data.version})` : ""}.`}
        tools={
          <Button type="button" variant="outline" size="sm" onClick={() => void (connected ? bibliography.refetch() : status.refetch())} disabled={bibliography.isFetching || status.isFetching}>
            <RefreshCw aria-hidden />
            Refresh
          </Button>
        }
      >
        {notConnected ? (
          <p className="text-sm">
            Zotero is not connected. <Link className="underline" to="/settings#zotero">Connect it in Settings</Link>.
          </p>
        ) : bibliography.error ? (
          <p role="alert" className="text-sm text-destructive">{errorMessage(bibliography.error)}</p>
        ) : (
          <DataTable
            caption="Bibliography"
            columns={[
              { header: "Title", cell: (row) => <span className="break-words">{row.title}</span> },
              { header: "Authors", cell: (row) => row.authors.slice(0, 3).join(", ") + (row.authors.length > 3 ? " …" : "") },
              { header: "Ids", cell: (row) => <span className="font-mono text-xs break-all">{[row.arxivId && `arXiv ${row.arxivId}`, row.doi && `DOI ${row.doi}`].filter(Boolean).join(" · ") || "—"}</span> },
              {
                header: "Enhance",
                cell: (row) => (
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={enhance.isPending}
                    onClick={() => {
                      setChosen(row);
                      enhance.mutate(row);
                    }}
                  >
                    <Sparkles aria-hidden />
                    Enhance
                  </Button>
                ),
              },
            ]}
            rows={items}
            rowKey={(row) => row.id}
            empty={bibliography.isPending ? "Loading…" : "No items in the library."}
          />
        )}
      </ToolSection>
      <ToolSection id="enhancement" title="Bibliography enhancement test" description={`With ${defaults.provider}${defaults.model ? ` (${defaults.model})` : ""}; choose Enhance on an item above.`}>
        {enhance.isPending ? <p className="text-sm">Enhancing “{chosen?.title}”…</p> : null}
        {enhance.error ? <p role="alert" className="text-sm text-destructive">{errorMessage(enhance.error)}</p> : null}
        {enhance.data ? <Enhancement answer={enhance.data} /> : !enhance.isPending && !enhance.error ? <p className="text-sm text-muted-foreground">No enhancement yet.</p> : null}
      </ToolSection>
    </ToolPage>
  );
}
