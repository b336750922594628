import { createContext, lazy, Suspense, useContext, useEffect, useRef, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { AlertCircle, ArrowLeft, Bookmark, BookmarkCheck, ExternalLink, FileQuestion, RefreshCw, Scale, Share2 } from "lucide-react";
import { useObservePaper } from "@/web/features/paper-changes/paper-changes-queries";
import { ReaderVersionNotice } from "@/web/features/paper-changes/reader-version-notice";
import { parseArxivId } from "@/shared/arxiv-id";
import { APP_NAME } from "@/shared/constants";
import { proxiableArxivId } from "@/shared/pdf";
import { formatAuthorName } from "@/shared/format";
import type { Paper } from "@/shared/paper";
import { ChunkBoundary } from "@/web/components/chunk-boundary";
import { EmptyState } from "@/web/components/empty-state";
import type { PaperNavigationState } from "@/web/features/library/use-read-paper";
import { useBookmarkToggle } from "@/web/features/library/use-bookmark-toggle";
import { ExportToZoteroButton } from "@/web/features/zotero/export-to-zotero-action";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { toast } from "@/web/components/ui/use-toast";
import { OfflineIndicator } from "@/web/features/offline/offline-indicator";
import { useOfflineStatus } from "@/web/features/offline/offline-queries";
import { SaveOfflineButton } from "@/web/features/offline/save-offline-button";
import { useCurrentUser } from "@/web/hooks/use-current-user";
import { isApiError } from "@/web/lib/api";
import { previewHasContent, useRevealApp } from "@/web/lib/page-preview";
import { loadPlatform, siteOrigin } from "@/web/lib/platform";
import { useUserStores } from "@/web/lib/user-data/user-stores";
import { cn } from "@/web/lib/utils";
import { HtmlView } from "./html-view";
import { PaperDetailsBelow } from "./paper-details-below";
import { arxivAbsUrl, licenseLink } from "./paper-links";
import { paperErrorMessage, PAPER_MESSAGES, usePaper } from "./paper-queries";
import { READER_VIEWS, readerPath, readerPathParts, type ReaderView } from "./paper-route";
import { useDismissEarlyPage } from "./pdf/early-page";
import { LazyPdfViewer } from "./pdf/lazy-pdf-viewer";

// The side cards (Notes brings a markdown renderer) are a chunk of their own, so the page and
// its PDF do not wait for them to arrive and start.
const loadSideCards = () => lazy(() => import("./reader-side-cards").then((module) => ({ default: module.ReaderSideCards })));
let ReaderSideCards = loadSideCards();

/**
 * Whether the side cards may be drawn (false in the server's drawing, src/web/ssr/paper-preview.tsx):
 * they need the device and the session, so the drawing keeps their place as the app does
 * while their code loads, whether or not the server has loaded that code already.
 */
export const SideCardsShown = createContext(true);

function navigationState(value: unknown): Partial<PaperNavigationState> {
  if (typeof value !== "object" || value === null) return {};
  const state = value as Partial<PaperNavigationState>;
  return { from: typeof state.from === "string" ? state.from : undefined, paper: state.paper };
}

/**
 * /paper/{id}, /abs/{id}, /pdf/{id} and /html/{id}:
 * the paper with Abstract/PDF/HTML toggles, its actions, the viewer and the side cards.
 */
export function PaperPage() {
  const location = useLocation();
  const parts = readerPathParts(location.pathname);
  const state = navigationState(location.state);
  const id = parts?.id ?? "";
  const handedOver = state.paper && (state.paper.id === id || state.paper.arxivId === id) ? state.paper : undefined;
  const query = usePaper(id, handedOver);
  // A paper handed over from a list still shows when the lookup cannot find it (e.g. a DOI no index knows).
  const paper = query.data ?? (query.isError ? handedOver : undefined);

  useRecordView(query.isPlaceholderData ? undefined : paper, parts?.viewType);
  // The server's drawing of this page goes once this render is as far as it: the paper shown,
  // the session known (a signed-in reader's bar has Export to Zotero) and the device asked
  // whether it keeps the paper (the bar's offline status), so nothing in the bar moves.
  const sessionPending = useCurrentUser().isPending;
  const offlineStatus = useOfflineStatus(paper);
  useRevealApp(!previewHasContent() || !paper || (!sessionPending && offlineStatus !== "checking"));
  useObservePaper(query.isPlaceholderData ? undefined : query.data);

  if (!parts || !id) return <PaperError message={PAPER_MESSAGES.notFound} from={state.from} />;
  if (query.isError && !paper) {
    const notFound = paperErrorMessage(query.error) === PAPER_MESSAGES.notFound;
    return (
      <PaperError
        message={paperErrorMessage(query.error)}
        from={state.from}
        onRetry={notFound ? undefined : () => void query.refetch()}
        detail={!notFound && isApiError(query.error) && query.error.status !== 0 ? query.error.message : undefined}
      />
    );
  }
  if (paper) return <PaperReader paper={paper} routeId={id} view={parts.view} from={state.from} />;
  // /pdf/{arXiv id}: the PDF's address follows from the id, so the viewer starts at once and
  // the paper's details fill the page around it when they arrive (same tree: it stays mounted).
  if (parts.view === "pdf" && !query.isError && parseArxivId(id)) return <PaperReader paper={undefined} routeId={id} view="pdf" from={state.from} />;
  return <PaperLoading from={state.from} />;
}

/** Records the view in the reading history (the store honours enableReadingHistory) and remembers the last paper. */
function useRecordView(paper: Paper | undefined, viewType: string | undefined) {
  const { readingHistory, settings } = useUserStores();
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (!paper || !viewType) return;
    const key = `${paper.id}|${viewType}`;
    if (recorded.current === key) return;
    recorded.current = key;
    // "paper" views are recorded by the list's Read button before it navigates here.
    if (viewType !== "paper") void readingHistory.record(paper, viewType).catch(() => undefined);
    if (settings.getSnapshot().lastViewedPaper !== paper.id) void settings.update({ lastViewedPaper: paper.id }).catch(() => undefined);
  }, [paper, viewType, readingHistory, settings]);
}

function useBack(from: string | undefined): () => void {
  const navigate = useNavigate();
  return () => {
    if (from) {
      navigate(from);
      return;
    }
    // No origin handed over: step back when this tab came from another page of the app, else /search.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate("/search");
  };
}

function BackButton({ from }: { from: string | undefined }) {
  const back = useBack(from);
  return (
    <Button variant="ghost" size="sm" onClick={back} className="-ml-2 text-muted-foreground hover:text-foreground">
      <ArrowLeft aria-hidden />
      Back
    </Button>
  );
}

function PaperLoading({ from }: { from: string | undefined }) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-4 sm:px-6 lg:px-8" aria-busy="true">
      <title>{`Loading paper · ${APP_NAME}`}</title>
      <BackButton from={from} />
      <p className="sr-only" role="status">
        Loading paper...
      </p>
      <Skeleton className="mt-4 h-8 w-3/4" />
      <Skeleton className="mt-3 h-4 w-1/2" />
      <Skeleton className="mt-8 h-64 w-full" />
    </div>
  );
}

function PaperError(props: { message: string; from: string | undefined; onRetry?: () => void; detail?: string }) {
  const back = useBack(props.from);
  useDismissEarlyPage();
  const notFound = props.message === PAPER_MESSAGES.notFound;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-4 sm:px-6 lg:px-8">
      <title>{`${notFound ? "Paper not found" : "Paper unavailable"} · ${APP_NAME}`}</title>
      <div role="alert">
        <EmptyState
          icon={notFound ? FileQuestion : AlertCircle}
          tone="muted"
          title={notFound ? "Paper not found" : "Could not load the paper"}
          actions={
            <>
              {props.onRetry ? (
                <Button onClick={props.onRetry}>
                  <RefreshCw aria-hidden />
                  Retry
                </Button>
              ) : null}
              <Button variant={props.onRetry ? "outline" : "default"} onClick={back}>
                <ArrowLeft aria-hidden />
                Back
              </Button>
              <Button asChild variant="outline">
                <Link to="/search">Search papers</Link>
              </Button>
            </>
          }
        >
          {props.message}
        </EmptyState>
      </div>
    </div>
  );
}

function ViewToggle({ view, id, state }: { view: ReaderView; id: string; state: unknown }) {
  return (
    <nav aria-label="View" className="inline-flex rounded-lg border border-border bg-muted/50 p-0.5">
      {READER_VIEWS.map((option) => {
        const active = option.view === view;
        return (
          <Link
            key={option.view}
            to={readerPath(option.view, id)}
            state={state}
            replace
            aria-current={active ? "page" : undefined}
            className={cn(
              "rounded-md px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-2",
              active ? "bg-background text-foreground shadow-xs" : "text-muted-foreground hover:text-foreground",
            )}
          >
            {option.label}
          </Link>
        );
      })}
    </nav>
  );
}

function ActionLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button asChild variant="ghost" size="sm">
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Button>
  );
}

function PaperActionsBar({ paper, wide }: { paper: Paper; wide: boolean }) {
  const { bookmarked, toggle } = useBookmarkToggle(paper);
  const arxivUrl = arxivAbsUrl(paper);
  const license = licenseLink(paper.license);
  const BookmarkIcon = bookmarked ? BookmarkCheck : Bookmark;

  async function handleShare() {
    // The site's address of this page (inside the Android app the WebView's own is not).
    const url = `${siteOrigin()}${window.location.pathname}${window.location.search}`;
    try {
      const platform = await loadPlatform();
      const result = await platform.share.share({ title: paper.title, url });
      if (result === "copied") toast({ title: "Link copied", description: "The paper's link is on your clipboard." });
    } catch {
      toast({ variant: "destructive", title: "Could not share", description: url });
    }
  }

  return (
    // Above the PDF and HTML views: one row (scrolling sideways on a phone), as tall as its
    // placeholder; relative, so the links' sr-only text is inside what it clips.
    <div className={cn("flex items-center gap-1", wide ? "relative -mx-1 overflow-x-auto px-1 [scrollbar-width:none] *:shrink-0" : "flex-wrap")}>
      <Button
        variant={bookmarked ? "secondary" : "outline"}
        size="sm"
        onClick={() => void toggle()}
        aria-pressed={bookmarked}
        className={cn(bookmarked && "text-primary")}
      >
        <BookmarkIcon aria-hidden className={cn(bookmarked && "fill-current/20")} />
        {bookmarked ? "Bookmarked" : "Bookmark"}
      </Button>
      <SaveOfflineButton paper={paper} layout="bar" />
      <OfflineIndicator paper={paper} />
      <Button variant="ghost" size="sm" onClick={() => void handleShare()}>
        <Share2 aria-hidden />
        Share
      </Button>
      <ExportToZoteroButton paper={paper} />
      {arxivUrl ? (
        <ActionLink href={arxivUrl}>
          <ExternalLink aria-hidden />
          View on arXiv
        </ActionLink>
      ) : null}
      {paper.doi ? (
        // Named by its text, as it reads: the space keeps "DOI" and the number two words.
        <ActionLink href={`https://doi.org/${paper.doi}`}>
          <span className="font-mono text-xs">DOI</span> <span className="max-w-40 truncate">{paper.doi}</span>
        </ActionLink>
      ) : null}
      {license ? (
        <ActionLink href={license.href}>
          <Scale aria-hidden />
          {license.label}
        </ActionLink>
      ) : null}
    </div>
  );
}

/**
 * The reader around a paper. Without the paper (only on /pdf/{arXiv id}, while its details
 * load) the header keeps its place with placeholders of the same height, so nothing moves
 * when the details arrive, and the viewer is already at work below it.
 */
function PaperReader({ paper, routeId, view, from }: { paper: Paper | undefined; routeId: string; view: ReaderView; from: string | undefined }) {
  const location = useLocation();
  const authors = paper ? paper.authors.map(formatAuthorName).filter(Boolean) : [];
  const viewLabel = READER_VIEWS.find((option) => option.view === view)?.label ?? "Abstract";
  const wide = view !== "abs";
  const sideCardsShown = useContext(SideCardsShown);

  return (
    <div className="mx-auto w-full max-w-[96rem] px-3 py-3 sm:px-6 lg:px-8 lg:py-5">
      <title>{paper ? `${paper.title} · ${APP_NAME}` : `Loading paper · ${APP_NAME}`}</title>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BackButton from={from} />
        <ViewToggle view={view} id={routeId} state={location.state} />
      </div>

      {paper ? <ReaderVersionNotice paper={paper} /> : null}
      <header className="mt-3 max-w-4xl" aria-busy={paper ? undefined : true}>
        <p className="font-mono text-xs text-muted-foreground">
          {!paper ? `arXiv:${routeId}` : paper.source === "arxiv" ? `arXiv:${paper.arxivId ?? paper.id}` : paper.journal || paper.source}
          <span className="sr-only"> · {viewLabel} view</span>
        </p>
        {/* Above the PDF and HTML views the block is as tall as a two-line title, one line of
            authors and the actions row, loaded or not (an invisible copy of that shape shares
            its grid cell): the viewer below never moves when the details arrive. */}
        <div className={cn(wide && "grid")}>
          {wide ? (
            <div aria-hidden className="invisible col-start-1 row-start-1">
              <div className={cn(TITLE_CLASS, "text-xl sm:text-2xl")}>
                x<br />x
              </div>
              <div className={AUTHORS_CLASS}>x</div>
              <div className="mt-3 h-8" />
            </div>
          ) : null}
          <div className={cn(wide && "col-start-1 row-start-1 min-w-0")}>
            <h1
              className={cn(
                TITLE_CLASS,
                // The PDF and HTML views give the page to the text: a smaller title above them, on
                // at most two lines (the whole title is in the details below).
                wide ? "text-xl sm:text-2xl" : "text-[1.4rem] sm:text-3xl",
                wide && paper && "line-clamp-2",
                !paper && "relative",
              )}
              title={paper && wide ? paper.title : undefined}
            >
              {paper ? (
                paper.title
              ) : (
                <span aria-hidden>
                  <span className="invisible">
                    x<br />x
                  </span>
                  <TextSkeleton className="absolute top-[0.2lh] h-[0.6lh] w-11/12" />
                  <TextSkeleton className="absolute top-[1.2lh] h-[0.6lh] w-2/3" />
                </span>
              )}
            </h1>
            {paper ? null : (
              <p className="sr-only" role="status">
                Loading paper...
              </p>
            )}
            <p className={cn(AUTHORS_CLASS, "text-muted-foreground", wide && "truncate", !paper && "relative")} title={wide && authors.length > 0 ? authors.join(", ") : undefined}>
              {paper ? (
                authors.length > 0 ? (
                  authors.join(", ")
                ) : (
                  "Unknown authors"
                )
              ) : (
                <span aria-hidden>
                  <span className="invisible">x</span>
                  <TextSkeleton className="absolute top-[0.2lh] h-[0.6lh] w-1/2" />
                </span>
              )}
            </p>
            <div className="mt-3">{paper ? <PaperActionsBar paper={paper} wide={wide} /> : <PaperActionsPlaceholder />}</div>
          </div>
        </div>
      </header>

      <div className={cn("mt-5 grid gap-6", wide ? "xl:grid-cols-[minmax(0,1fr)_22rem]" : "lg:grid-cols-[minmax(0,1fr)_22rem]")}>
        {/* A region, not a second main: the app's layout holds the page's one main. */}
        <section className="min-w-0" aria-label={`${viewLabel} view`}>
          {view === "abs" && paper ? <AbstractView paper={paper} routeId={routeId} /> : null}
          {view === "pdf" ? <LazyPdfViewer paper={paper} paperId={routeId} /> : null}
          {view === "html" && paper ? <HtmlView paper={paper} paperId={routeId} /> : null}
          {paper ? <PaperDetailsBelow paper={paper} /> : null}
        </section>
        {paper && sideCardsShown ? (
          <ChunkBoundary onRetry={() => (ReaderSideCards = loadSideCards())} fallback={() => <SideCardsUnavailable />}>
            <Suspense fallback={<SideCardsPlaceholder />}>
              <ReaderSideCards paper={paper} view={view} />
            </Suspense>
          </ChunkBoundary>
        ) : (
          <SideCardsPlaceholder />
        )}
      </div>
    </div>
  );
}

const TITLE_CLASS = "mt-1 font-serif leading-tight font-semibold tracking-tight text-balance";
const AUTHORS_CLASS = "mt-2 text-sm leading-relaxed";

/** A placeholder line of text (a span: it sits inside headings and paragraphs). */
function TextSkeleton({ className }: { className: string }) {
  return <span aria-hidden className={cn("left-0 block animate-pulse rounded-md bg-muted", className)} />;
}

/** The actions row's place while the paper loads: one row of button-sized placeholders. */
function PaperActionsPlaceholder() {
  return (
    <div className="flex h-8 items-center gap-2" aria-hidden>
      <Skeleton className="h-8 w-28" />
      <Skeleton className="h-8 w-20" />
      <Skeleton className="h-8 w-32" />
    </div>
  );
}

/** The side column's place while the paper loads (beside the viewer on wide screens only). */
function SideCardsPlaceholder() {
  return (
    <div className="hidden min-w-0 flex-col gap-4 xl:flex" aria-hidden>
      <Skeleton className="h-56 w-full rounded-xl" />
      <Skeleton className="h-40 w-full rounded-xl" />
    </div>
  );
}

/**
 * The side cards' code could not be fetched (offline): the paper and its PDF stay usable.
 * Offered as a reload, since Chromium keeps a failed dynamic import of a URL failed for the
 * page's lifetime; the note and highlights are saved as they are made.
 */
function SideCardsUnavailable() {
  return (
    <div role="status" className="flex min-w-0 flex-col items-start gap-3 self-start rounded-xl border border-dashed border-border p-4 text-sm text-muted-foreground">
      <p>The paper's information, notes, references and citations could not be loaded. Check your connection, then reload.</p>
      <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden />
        Reload
      </Button>
    </div>
  );
}

function AbstractView({ paper, routeId }: { paper: Paper; routeId: string }) {
  const location = useLocation();
  // The PDF of the version this page is: the route's (`/abs/2401.12345v2` -> v2, `/abs/2401.12345` -> the newest).
  const pdfPath = readerPath("pdf", proxiableArxivId(paper, routeId) ?? paper.id);
  return (
    <article className="rounded-xl border border-border bg-card px-4 py-5 shadow-xs sm:px-8 sm:py-8">
      <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">Abstract</h2>
      {paper.abstract ? (
        <p className="mt-3 max-w-[68ch] font-serif text-[1.075rem] leading-[1.75] text-pretty text-foreground/90">{paper.abstract}</p>
      ) : (
        <p className="mt-3 text-muted-foreground">No abstract available.</p>
      )}
      {paper.source === "arxiv" || paper.pdfUrl ? (
        <Button asChild className="mt-6">
          <Link to={pdfPath} state={location.state} replace>
            Read the PDF
          </Link>
        </Button>
      ) : null}
    </article>
  );
}
