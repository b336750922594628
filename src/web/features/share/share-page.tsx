import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { AlertCircle, Bookmark, BookmarkCheck, BookOpen, Link2, Loader2, Search } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { APP_NAME, PAPER_KEEP_MS, PAPER_STALE_MS } from "@/shared/constants";
import { formatAuthorName, formatPaperDate } from "@/shared/format";
import type { Paper } from "@/shared/paper";
import { detectPaperUrl, lookupIdFor, SHARE_MESSAGES, sharedInput, type SharedPaperRef } from "@/shared/share-url";
import { useBookmarkToggle } from "@/web/features/library/use-bookmark-toggle";
import { useReadPaper } from "@/web/features/library/use-read-paper";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Skeleton } from "@/web/components/ui/skeleton";
import { fetchPaper, paperKeys } from "@/web/features/reader/paper-queries";
import { cn } from "@/web/lib/utils";

/** What the page is showing: nothing yet, a refusal with the spec's message, or a paper to look up. */
type ShareState = { kind: "idle" } | { kind: "error"; message: string } | { kind: "paper"; ref: SharedPaperRef };

function stateFor(input: string): ShareState {
  const detected = detectPaperUrl(input);
  return detected.ok ? { kind: "paper", ref: detected.ref } : { kind: "error", message: detected.message };
}

/** The field shows what was shared, but never more than a link's worth of it. */
const FIELD_MAX_LENGTH = 4096;

/**
 * /share ("Save Paper"): the share target of the
 * installed web app and of the Android app. A link arrives as `url`, or inside `text` (as
 * apps share it); it may also be pasted. An arXiv or DOI link is looked up and shown as a card
 * with Bookmark, Read and "Go to Search". Public: anonymous visitors use it too.
 */
export function SharePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const shared = sharedInput({ url: searchParams.get("url"), text: searchParams.get("text") });
  const [value, setValue] = useState(shared.input.slice(0, FIELD_MAX_LENGTH));
  const [state, setState] = useState<ShareState>(() =>
    shared.message ? { kind: "error", message: shared.message } : shared.input ? stateFor(shared.input) : { kind: "idle" },
  );
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  // A new share while the page is open (the app receives another link).
  const sharedKey = `${searchParams.get("url") ?? ""}\n${searchParams.get("text") ?? ""}`;
  const lastShared = useRef(sharedKey);
  useEffect(() => {
    if (lastShared.current === sharedKey) return;
    lastShared.current = sharedKey;
    setValue(shared.input.slice(0, FIELD_MAX_LENGTH));
    setState(shared.message ? { kind: "error", message: shared.message } : shared.input ? stateFor(shared.input) : { kind: "idle" });
  }, [sharedKey, shared.input, shared.message]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = stateFor(value);
    setState(next);
    if (next.kind === "error") {
      inputRef.current?.focus();
      return;
    }
    // The address keeps what is shown, so a reload or a shared link shows it again.
    lastShared.current = `${value.trim()}\n`;
    setSearchParams({ url: value.trim() }, { replace: true });
  };

  const error = state.kind === "error" ? state.message : null;

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:px-6 lg:py-10">
      <title>{`Save Paper · ${APP_NAME}`}</title>
      <h1 className="font-serif text-2xl font-semibold tracking-tight sm:text-3xl">Save Paper</h1>
      <p className="mt-1 text-sm text-muted-foreground">Paste or share a link to an arXiv paper or a DOI to look the paper up.</p>

      <form onSubmit={handleSubmit} noValidate className="mt-6 flex flex-col gap-2">
        <Label htmlFor={inputId}>Paper URL</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            ref={inputRef}
            id={inputId}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://arxiv.org/abs/1706.03762 or https://doi.org/10..."
            value={value}
            maxLength={FIELD_MAX_LENGTH}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="h-10 min-w-0 flex-1"
          />
          <Button type="submit" className="h-10">
            <Link2 aria-hidden />
            Look Up
          </Button>
        </div>
        {error ? (
          <p id={errorId} role="alert" className="flex items-start gap-2 text-sm text-destructive dark:text-[oklch(0.78_0.13_27)]">
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
            {error}
          </p>
        ) : null}
      </form>

      {state.kind === "paper" ? <SharedPaper refOf={state.ref} /> : null}

      <div className="mt-8 flex justify-center">
        <Button asChild variant="outline">
          <Link to="/search">
            <Search aria-hidden />
            Go to Search
          </Link>
        </Button>
      </div>
    </div>
  );
}

/** The paper a link points at, looked up through the reader's query (same cache). */
function SharedPaper({ refOf }: { refOf: SharedPaperRef }) {
  const id = lookupIdFor(refOf);
  const query = useQuery({ queryKey: paperKeys.paper(id), queryFn: () => fetchPaper(id), staleTime: PAPER_STALE_MS, gcTime: PAPER_KEEP_MS, retry: 1 });

  if (query.isPending) {
    return (
      <Card className="mt-6" aria-busy="true">
        <CardContent className="flex flex-col gap-3 pt-6">
          <p className="sr-only" role="status">
            Loading paper information...
          </p>
          <Skeleton className="h-6 w-5/6" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-16 w-full" />
        </CardContent>
      </Card>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="mt-6 flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm text-destructive dark:text-[oklch(0.78_0.13_27)]">
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
        {SHARE_MESSAGES.loadFailed}
      </p>
    );
  }
  return <SharedPaperCard paper={query.data} />;
}

function SharedPaperCard({ paper }: { paper: Paper }) {
  const { bookmarked, toggle } = useBookmarkToggle(paper);
  const read = useReadPaper();
  const authors = paper.authors.map(formatAuthorName).filter(Boolean);
  const BookmarkIcon = bookmarked ? BookmarkCheck : Bookmark;
  const [reading, setReading] = useState(false);

  return (
    <Card className="mt-6" aria-label="Paper">
      <CardContent className="pt-6">
        <p className="font-mono text-xs text-muted-foreground">
          {paper.source === "arxiv" ? `arXiv:${paper.arxivId ?? paper.id}` : paper.doi ? `DOI ${paper.doi}` : paper.journal || paper.source}
        </p>
        <h2 className="mt-1 font-serif text-xl leading-snug font-semibold text-balance">{paper.title}</h2>
        <p className="mt-1.5 text-sm text-muted-foreground">
          {authors.length > 0 ? authors.slice(0, 6).join(", ") + (authors.length > 6 ? ` +${authors.length - 6} more` : "") : "Unknown authors"}
          <span aria-hidden> · </span>
          {formatPaperDate(paper.publishedDate)}
        </p>
        {paper.abstract ? <p className="mt-3 line-clamp-5 text-sm leading-relaxed text-foreground/85">{paper.abstract}</p> : null}
        <div className="mt-5 flex flex-wrap gap-2">
          <Button variant={bookmarked ? "secondary" : "outline"} onClick={() => void toggle()} aria-pressed={bookmarked} className={cn(bookmarked && "text-primary")}>
            <BookmarkIcon aria-hidden className={cn(bookmarked && "fill-current/20")} />
            {bookmarked ? "Bookmarked" : "Bookmark"}
          </Button>
          <Button
            disabled={reading}
            onClick={() => {
              setReading(true);
              void read(paper).finally(() => setReading(false));
            }}
          >
            {reading ? <Loader2 aria-hidden className="animate-spin" /> : <BookOpen aria-hidden />}
            Read
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
