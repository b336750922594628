import type { MouseEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router";
import { Download, ExternalLink, FileText, Loader2, RefreshCw } from "lucide-react";
import { PAPER_KEEP_MS, PAPER_STALE_MS } from "@/shared/constants";
import { extractArxivId } from "@/shared/arxiv-id";
import type { Paper } from "@/shared/paper";
import { Button } from "@/web/components/ui/button";
import { api, isApiError } from "@/web/lib/api";
import { arxivAbsUrl } from "./paper-links";
import "./html-view.css";

type PaperHtml = { paperId: string; title: string | null; html: string; sourceUrl: string };

/** The arXiv id whose HTML to show: the route's (it may carry a version), else the paper's. */
function htmlId(paper: Paper, routeId: string): string | null {
  const parsed = extractArxivId(routeId) ?? extractArxivId(paper.arxivId ?? "") ?? (paper.source === "arxiv" ? extractArxivId(paper.id) : null);
  return parsed ? parsed.id + (parsed.version ? `v${parsed.version}` : "") : null;
}

/**
 * /html/{id}: arXiv's HTML full text, fetched and sanitised by the server (/api/html), styled
 * for reading. Without a rendition: the placeholder with download and open-on-arXiv.
 */
export function HtmlView({ paper, paperId }: { paper: Paper; paperId: string }) {
  const id = htmlId(paper, paperId);
  const navigate = useNavigate();
  const location = useLocation();
  const query = useQuery({
    queryKey: ["paper-html", id],
    queryFn: () => api.get<PaperHtml>("/html", { query: { paperId: id ?? "" } }),
    enabled: id !== null,
    staleTime: PAPER_STALE_MS,
    gcTime: PAPER_KEEP_MS,
  });

  function handleClick(event: MouseEvent<HTMLElement>) {
    const link = (event.target as Element).closest?.("a");
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const href = link.getAttribute("href") ?? "";
    if (href.startsWith("#")) {
      event.preventDefault();
      document.getElementById(decodeURIComponent(href.slice(1)))?.scrollIntoView({ block: "start" });
      return;
    }
    if (link.dataset.internal === "true" && href.startsWith("/")) {
      event.preventDefault();
      navigate(href, { state: { from: `${location.pathname}${location.search}` } });
    }
  }

  if (id === null || (query.isError && isApiError(query.error) && query.error.status === 404)) return <HtmlPlaceholder paper={paper} pdfId={id ?? paper.id} />;
  if (query.isError) {
    return (
      <div role="alert" className="rounded-xl border border-border bg-card px-6 py-10 text-center shadow-xs">
        <p className="text-muted-foreground">Could not load the HTML version. {isApiError(query.error) ? query.error.message : ""}</p>
        <Button className="mt-4" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden />
          Retry
        </Button>
      </div>
    );
  }
  if (!query.data) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 rounded-xl border border-border bg-card px-6 py-16 text-sm text-muted-foreground shadow-xs">
        <Loader2 aria-hidden className="size-4 animate-spin" />
        Loading HTML...
      </p>
    );
  }
  return (
    <article
      aria-label="Full text"
      className="arxiv-html rounded-xl border border-border bg-card px-4 py-5 shadow-xs sm:px-10 sm:py-10"
      onClick={handleClick}
      // Sanitised on the server (src/server/features/html/html-sanitize.ts); the CSP blocks scripts besides.
      dangerouslySetInnerHTML={{ __html: query.data.html }}
    />
  );
}

function HtmlPlaceholder({ paper, pdfId }: { paper: Paper; pdfId: string }) {
  const arxivUrl = arxivAbsUrl(paper);
  return (
    <div className="rounded-xl border border-border bg-card px-6 py-12 text-center shadow-xs">
      <span className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
        <FileText aria-hidden className="size-6" />
      </span>
      <h2 className="mt-4 font-serif text-xl font-semibold">HTML version not available</h2>
      <p className="mx-auto mt-2 max-w-md text-sm leading-relaxed text-muted-foreground">
        arXiv has no HTML full text for this paper. Read the PDF instead: download it, or open the paper on arXiv.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Button asChild>
          <a href={`/api/pdf-proxy?paperId=${encodeURIComponent(pdfId)}`} download>
            <Download aria-hidden />
            Download PDF
          </a>
        </Button>
        {arxivUrl ? (
          <Button asChild variant="outline">
            <a href={arxivUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden />
              Open on arXiv
            </a>
          </Button>
        ) : null}
      </div>
    </div>
  );
}
