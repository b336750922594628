import { useState, type FormEvent } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Activity, Layers, Search, Sparkles } from "lucide-react";
import { formatDateTime } from "@/shared/format";
import type { PaperEntity } from "@/shared/entities";
import { DataTable, ToolPage, ToolSection } from "@/web/components/tool-page";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { FieldList } from "@/web/features/user-data/user-data-sections";
import { api } from "@/web/lib/api";
import { callEntities, type EntityAnswer, type EntityRequest } from "./entities-api";

function EntityView({ entity, answer }: { entity: PaperEntity; answer: EntityAnswer }) {
  const info = Object.entries(entity.publication_info);
  return (
    <div className="space-y-4" aria-label="Entity">
      <div>
        <p className="font-serif text-lg leading-snug font-semibold">{entity.title}</p>
        <p className="text-sm text-muted-foreground">{entity.authors.slice(0, 6).join(", ") + (entity.authors.length > 6 ? ` +${entity.authors.length - 6} more` : "")}</p>
      </div>
      <FieldList
        rows={[
          ["Entity id", <code key="id" className="font-mono text-xs">{entity.id}</code>],
          ["Primary source", <Badge key="primary">{entity.primary_source}</Badge>],
          [
            "Source ids",
            <span key="ids" className="flex flex-wrap gap-1.5">
              {Object.entries(entity.source_ids).map(([source, id]) => (
                <Badge key={source} variant="secondary" className="font-mono">{`${source}: ${id}`}</Badge>
              ))}
            </span>,
          ],
          ["Submitted", entity.submission_date ?? "—"],
          ["Published", entity.publication_date ?? "—"],
          ["Publication", info.length ? info.map(([key, value]) => `${key}: ${value}`).join(" · ") : "—"],
          ["Citations", entity.metadata.citationCount === undefined ? "—" : String(entity.metadata.citationCount)],
        ]}
      />
      {answer.matched ? <p className="text-sm">{answer.matched.length ? `Matched: ${answer.matched.map((match) => `${match.source} ${match.id}`).join(", ")}` : "No suitable matches found among results"}</p> : null}
      {answer.warnings?.length ? (
        <ul className="list-disc pl-5 text-sm text-amber-700 dark:text-amber-300">
          {answer.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
      <DataTable
        caption="Source history"
        columns={[
          { header: "Source", cell: (row) => row.source },
          { header: "Id", cell: (row) => <code className="font-mono text-xs break-all">{row.id}</code> },
          { header: "Action", cell: (row) => row.action },
          { header: "Fields", cell: (row) => <span className="text-xs text-muted-foreground">{row.fields.join(", ") || "—"}</span> },
          { header: "When", cell: (row) => formatDateTime(row.at), className: "whitespace-nowrap" },
        ]}
        rows={entity.source_history}
        rowKey={(row) => `${row.source}-${row.at}-${row.action}`}
        empty="No history."
      />
    </div>
  );
}

/**
 * /dev/test-page: tries the server's pieces by hand. The entities API (ensure a paper's entity
 * by arXiv id, DOI or OpenAlex id, enrich it from the other sources, or find it by title,
 * authors and year) and the health check. Blank inputs disable their buttons.
 */
export function TestPage() {
  const [paperId, setPaperId] = useState("");
  const [title, setTitle] = useState("");
  const [authors, setAuthors] = useState("");
  const [year, setYear] = useState("");
  const [entity, setEntity] = useState<EntityAnswer | null>(null);
  const entities = useMutation({ mutationFn: (request: EntityRequest) => callEntities(request), onSuccess: setEntity });
  const health = useQuery({ queryKey: ["dev", "health"], queryFn: () => api.get<Record<string, unknown>>("/api/health"), staleTime: 0 });

  const handleEnsure = (event: FormEvent) => {
    event.preventDefault();
    if (paperId.trim()) entities.mutate({ action: "ensure", paper: { id: paperId.trim() } });
  };
  const handleSearchEnrich = (event: FormEvent) => {
    event.preventDefault();
    if (!entity || !title.trim()) return;
    const yearNumber = Number(year);
    entities.mutate({
      action: "search_enrich",
      entityId: entity.entity.id,
      searchTerms: {
        title: title.trim(),
        authors: authors.split(",").map((name) => name.trim()).filter(Boolean),
        ...(year.trim() && Number.isInteger(yearNumber) ? { year: yearNumber } : {}),
      },
    });
  };

  return (
    <ToolPage title="Test Page" description="Try the server's pieces by hand." width="narrow">
      <ToolSection id="entities-test" title="Entities API" description="One entity per paper, merged from arXiv, OpenAlex and Crossref.">
        <div className="space-y-5">
          <form onSubmit={handleEnsure} className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="min-w-0 flex-1 space-y-1.5">
              <Label htmlFor="entity-paper-id">Paper ID</Label>
              <Input id="entity-paper-id" value={paperId} onChange={(event) => setPaperId(event.target.value)} placeholder="2401.12345, 10.1103/PhysRevD.1.1 or W2741809807" />
            </div>
            <Button type="submit" disabled={!paperId.trim() || entities.isPending}>
              <Layers aria-hidden />
              Ensure Entity
            </Button>
          </form>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" disabled={!entity || entities.isPending} onClick={() => entity && entities.mutate({ action: "enrich", entityId: entity.entity.id })}>
              <Sparkles aria-hidden />
              Enrich
            </Button>
          </div>
          <form onSubmit={handleSearchEnrich} className="grid gap-3 sm:grid-cols-[1fr_1fr_6rem]">
            <div className="space-y-1.5 sm:col-span-3">
              <Label htmlFor="entity-title">Title</Label>
              <Input id="entity-title" value={title} onChange={(event) => setTitle(event.target.value)} placeholder="The paper's title" />
            </div>
            <div className="space-y-1.5 sm:col-span-2">
              <Label htmlFor="entity-authors">Authors (comma-separated)</Label>
              <Input id="entity-authors" value={authors} onChange={(event) => setAuthors(event.target.value)} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="entity-year">Year</Label>
              <Input id="entity-year" inputMode="numeric" value={year} onChange={(event) => setYear(event.target.value.replace(/\D/g, "").slice(0, 4))} />
            </div>
            <div className="sm:col-span-3">
              <Button type="submit" variant="outline" disabled={!entity || !title.trim() || entities.isPending}>
                <Search aria-hidden />
                Search and Enrich
              </Button>
            </div>
          </form>
          {entities.isError ? (
            <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
              {entities.error.message}
            </p>
          ) : null}
          {entity ? <EntityView entity={entity.entity} answer={entity} /> : null}
        </div>
      </ToolSection>
      <ToolSection
        id="health-test"
        title="Server health"
        tools={
          <Button variant="outline" size="sm" onClick={() => void health.refetch()} disabled={health.isFetching}>
            <Activity aria-hidden />
            Check
          </Button>
        }
      >
        <pre className="overflow-auto rounded-md bg-muted/60 p-3 font-mono text-xs">
          {health.isError ? health.error.message : health.data ? JSON.stringify(health.data, null, 2) : "Checking…"}
        </pre>
      </ToolSection>
    </ToolPage>
  );
}
