import { useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { ChevronLeft, ChevronRight, Loader2, RefreshCw } from "lucide-react";
import { extractArxivId } from "@/shared/arxiv-id";
import { formatAuthorName, formatCount } from "@/shared/format";
import type { Paper } from "@/shared/paper";
import { CITATIONS_FETCH_SIZE, paperDoi, REFERENCES_FETCH_SIZE, RELATIONS_PAGE_SIZE, type RelationKind } from "@/shared/paper-relations";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { fetchRelations, fetchWork } from "./paper-queries";
import { readerPath } from "./paper-route";

const LABELS: Record<RelationKind, { title: string; load: string; loading: string; empty: string; fetchSize: number }> = {
  references: { title: "References", load: "Load References", loading: "Loading references...", empty: "No references found.", fetchSize: REFERENCES_FETCH_SIZE },
  citations: { title: "Citations", load: "Load Citations", loading: "Loading citations...", empty: "No citations found.", fetchSize: CITATIONS_FETCH_SIZE },
};

/** Where a References or Citations list is: not asked for yet, loading, loaded, or empty. */
type ListState =
  | { status: "idle" }
  | { status: "loading"; message: string }
  | { status: "loaded"; workId: string; total: number; papers: Paper[]; page: number; fetching: boolean }
  | { status: "empty" };

/** Where an entry opens in Quire: its arXiv abstract page, else its DOI's detail page; null when it has neither. */
export function relationPath(paper: Paper): string | null {
  const arxiv = extractArxivId(paper.arxivId ?? "") ?? (paper.doi ? extractArxivId(paper.doi) : null);
  if (arxiv) return readerPath("abs", arxiv.id);
  if (paper.doi) return `/paper/${encodeURIComponent(paper.doi)}`;
  return null;
}

export function RelationsCard({ paper, kind }: { paper: Paper; kind: RelationKind }) {
  const labels = LABELS[kind];
  const [state, setState] = useState<ListState>({ status: "idle" });
  const run = useRef(0);

  async function load() {
    const current = ++run.current;
    const stillCurrent = () => run.current === current;
    try {
      let workId = paper.source === "openalex" && /^W\d+$/i.test(paper.id) ? paper.id : null;
      if (!workId) {
        setState({ status: "loading", message: "Finding DOI..." });
        const doi = paperDoi(paper);
        if (!doi) throw new Error("no DOI");
        workId = (await fetchWork(doi)).workId;
        if (!workId) throw new Error("no OpenAlex work");
      }
      if (!stillCurrent()) return;
      setState({ status: "loading", message: labels.loading });
      const first = await fetchRelations(kind, workId, 1, labels.fetchSize);
      if (!stillCurrent()) return;
      if (first.total === 0 || first.papers.length === 0) setState({ status: "empty" });
      else setState({ status: "loaded", workId, total: first.total, papers: first.papers, page: 0, fetching: false });
    } catch {
      // On failure the total is 0 and the empty message shows, with Try Again.
      if (stillCurrent()) setState({ status: "empty" });
    }
  }

  async function goTo(page: number) {
    if (state.status !== "loaded") return;
    const needed = (page + 1) * RELATIONS_PAGE_SIZE;
    if (needed <= state.papers.length || state.papers.length >= state.total) {
      setState({ ...state, page });
      return;
    }
    setState({ ...state, fetching: true });
    try {
      const chunk = Math.floor(state.papers.length / labels.fetchSize) + 1;
      const next = await fetchRelations(kind, state.workId, chunk, labels.fetchSize);
      const papers = [...state.papers, ...next.papers];
      const total = next.papers.length === 0 ? papers.length : state.total;
      setState({ ...state, papers, total, page: Math.min(page, Math.max(0, Math.ceil(papers.length / RELATIONS_PAGE_SIZE) - 1)), fetching: false });
    } catch {
      setState({ ...state, fetching: false });
    }
  }

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0 pb-2">
        <CardTitle level={2} className="text-base">{labels.title}</CardTitle>
        {state.status === "loaded" ? <span className="text-xs text-muted-foreground">{formatCount(state.total)} total</span> : null}
      </CardHeader>
      <CardContent>
        {state.status === "idle" ? (
          <Button variant="outline" size="sm" className="w-full" onClick={() => void load()}>
            {labels.load}
          </Button>
        ) : null}
        {state.status === "loading" ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 aria-hidden className="size-4 animate-spin" />
            {state.message}
          </p>
        ) : null}
        {state.status === "empty" ? (
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm text-muted-foreground">{labels.empty}</p>
            <Button variant="ghost" size="sm" onClick={() => void load()}>
              <RefreshCw aria-hidden />
              Try Again
            </Button>
          </div>
        ) : null}
        {state.status === "loaded" ? <RelationsList state={state} kind={kind} onPage={(page) => void goTo(page)} /> : null}
      </CardContent>
    </Card>
  );
}

function RelationsList({ state, kind, onPage }: { state: Extract<ListState, { status: "loaded" }>; kind: RelationKind; onPage: (page: number) => void }) {
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;
  const start = state.page * RELATIONS_PAGE_SIZE;
  const shown = state.papers.slice(start, start + RELATIONS_PAGE_SIZE);
  const pages = Math.max(1, Math.ceil(state.total / RELATIONS_PAGE_SIZE));
  return (
    <>
      <ol aria-label={kind === "references" ? "References" : "Citations"} className="divide-y divide-border">
        {shown.map((entry) => {
          const path = relationPath(entry);
          const authors = entry.authors.slice(0, 3).map(formatAuthorName).join(", ") + (entry.authors.length > 3 ? " et al." : "");
          const year = entry.publishedDate?.slice(0, 4);
          return (
            <li key={entry.id} className="py-2.5">
              {path ? (
                <Link to={path} state={{ from, paper: undefined }} className="text-sm leading-snug font-medium hover:text-primary hover:underline">
                  {entry.title}
                </Link>
              ) : (
                <span className="text-sm leading-snug font-medium">{entry.title}</span>
              )}
              <p className="mt-0.5 truncate text-xs text-muted-foreground">{[authors, year].filter(Boolean).join(" · ")}</p>
            </li>
          );
        })}
      </ol>
      {pages > 1 ? (
        <div className="mt-2 flex items-center justify-between">
          <Button variant="ghost" size="sm" disabled={state.page === 0 || state.fetching} onClick={() => onPage(state.page - 1)} aria-label={`Previous ${kind} page`}>
            <ChevronLeft aria-hidden />
          </Button>
          <span className="text-xs text-muted-foreground" aria-live="polite">
            {state.fetching ? "Loading..." : `Page ${state.page + 1} of ${pages}`}
          </span>
          <Button
            variant="ghost"
            size="sm"
            disabled={state.page + 1 >= pages || state.fetching}
            onClick={() => onPage(state.page + 1)}
            aria-label={`Next ${kind} page`}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
      ) : null}
    </>
  );
}
