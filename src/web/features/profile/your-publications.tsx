import { ImportPublications } from "./import-publications";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { AlertTriangle, BadgeCheck, ChevronDown, Info, Plus, RefreshCw, Trash2, UserRound } from "lucide-react";
import { authoredDuplicateMessage, refreshSummary, type AuthoredPaper } from "@/shared/authored-papers";
import { formatPaperDate } from "@/shared/format";
import { paperDetailPath } from "@/shared/paper-links";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { SettingsCardHeader } from "@/web/components/settings-card-header";
import { Card, CardContent } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { Skeleton } from "@/web/components/ui/skeleton";
import { toast } from "@/web/components/ui/use-toast";
import { isApiError } from "@/web/lib/api";
import { cn } from "@/web/lib/utils";
import { lookupPaper, useAuthoredMutations, useAuthoredPapers } from "./authored-queries";

const alertClass = "flex items-start gap-2 rounded-lg border px-3 py-2 text-sm";

function authorsLine(authors: readonly string[]): string {
  return authors.length > 3 ? `${authors.slice(0, 3).join(", ")} +${authors.length - 3} more` : authors.join(", ");
}

/** Whether one of the profile's name variants is on the paper (the arXiv author match). */
function hasProfileAuthor(paper: AuthoredPaper, names: readonly string[]): boolean {
  const wanted = names.map((name) => name.trim().toLowerCase());
  return paper.paper.authors.some((author) => wanted.includes(author.trim().toLowerCase()));
}

function AuthorNames({ names }: { names: readonly string[] }) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">
          Author names <span className="font-normal text-muted-foreground">({names.length})</span>
        </h3>
        <Link to="/settings?section=profile" className="text-sm font-medium text-primary hover:underline">
          Edit
        </Link>
      </div>
      <div className="flex flex-wrap gap-1.5">
        {names.length === 0 ? <span className="text-sm text-muted-foreground">No author names yet</span> : null}
        {names.map((name) => (
          <Badge key={name} variant="secondary" className="max-w-full truncate font-medium">
            {name}
          </Badge>
        ))}
      </div>
    </div>
  );
}

function AuthoredRow(props: { entry: AuthoredPaper; canVerify: boolean; busy: boolean; onVerify: () => void; onRemove: () => void }) {
  const { entry } = props;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <Link to={paperDetailPath(entry.paperId)} className="font-medium leading-snug hover:underline">
          {entry.paper.title}
        </Link>
        <p className="truncate text-sm text-muted-foreground">{authorsLine(entry.paper.authors)}</p>
        <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
          <span>{formatPaperDate(entry.paper.publishedDate)}</span>
          <span aria-hidden>·</span>
          <span>{entry.paperId}</span>
          {entry.isVerified ? (
            <Badge variant="secondary" className="gap-1">
              <BadgeCheck className="size-3" aria-hidden />
              Verified{entry.verificationMethod === "orcid_verification" ? " (ORCID)" : " (arXiv match)"}
            </Badge>
          ) : (
            <Badge variant="outline">Unverified</Badge>
          )}
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        {!entry.isVerified ? (
          <Button size="sm" variant="outline" disabled={props.busy || !props.canVerify} onClick={props.onVerify} title={props.canVerify ? undefined : "None of your author names is on this paper"}>
            <BadgeCheck aria-hidden />
            Verify
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" disabled={props.busy} onClick={props.onRemove} aria-label={`Remove ${entry.paper.title}`}>
          <Trash2 aria-hidden />
          <span className="sm:sr-only">Remove</span>
        </Button>
      </div>
    </li>
  );
}

/**
 * "Your Publications": the author names, the papers
 * the arXiv author search finds for them (saved as verified arXiv matches; the search's answer
 * is cached 24 hours on the server as profile-papers-{userId}), papers added by hand
 * (unverified), verification and removal. Signed-in users only: the list lives in the account.
 */
export function YourPublications(props: { userId: string | null; userPending: boolean; authorNames: readonly string[] }) {
  const { userId, authorNames } = props;
  const [open, setOpen] = useState(true);
  const [addId, setAddId] = useState("");
  const [adding, setAdding] = useState(false);
  const list = useAuthoredPapers(userId);
  const papers = list.data ?? [];
  const namesKey = authorNames.join("\n");
  const synced = useRef<string | null>(null);
  const mutations = useAuthoredMutations(userId ?? "anonymous");
  const { refresh } = mutations;

  // On a visit the author search runs from its 24-hour cache (no arXiv call) unless the names changed.
  useEffect(() => {
    if (!userId || namesKey === "" || synced.current === `${userId}:${namesKey}`) return;
    synced.current = `${userId}:${namesKey}`;
    refresh.mutate(false);
  }, [userId, namesKey]);

  async function handleRefresh() {
    try {
      const result = await refresh.mutateAsync(true);
      const lines = refreshSummary(result);
      if (!lines) {
        toast({ title: "Papers refreshed", description: "Search completed but no papers found." });
      } else if (result.failed > 0 && result.added === 0 && result.alreadyPresent === 0) {
        toast({ variant: "destructive", title: "Papers found but not saved", description: "Papers were found but couldn't be saved to database. Please try again." });
      } else {
        toast({ title: "Papers processed", description: lines.join(" ") });
      }
    } catch {
      toast({ variant: "destructive", title: "Error refreshing papers", description: "There was a problem refreshing your papers. Please try again." });
    }
  }

  async function handleAdd(event: FormEvent) {
    event.preventDefault();
    const id = addId.trim();
    if (!id) return;
    setAdding(true);
    try {
      const paper = await lookupPaper(id);
      const known = papers.find((entry) => entry.paperId === paper.id);
      if (known) {
        toast({ variant: "destructive", title: "Already added", description: authoredDuplicateMessage(known.paper.title) });
        return;
      }
      await mutations.add.mutateAsync(paper);
      setAddId("");
      toast({ title: "Paper added", description: `${paper.title} is in your authored papers list (unverified).` });
    } catch (error) {
      const message = isApiError(error) && error.status === 404 ? "Paper not found. The paper ID may be invalid or the paper may not exist." : isApiError(error) ? error.message : "Could not add the paper.";
      toast({ variant: "destructive", title: "Could not add the paper", description: message });
    } finally {
      setAdding(false);
    }
  }

  const busy = mutations.verify.isPending || mutations.remove.isPending;
  const searching = refresh.isPending;

  return (
    <Card>
      <SettingsCardHeader level={2} icon={UserRound} title="Your Publications" description="Papers on arXiv under the names you publish as; they also count in your feed." />
      <CardContent className="space-y-4">
        <AuthorNames names={authorNames} />
        {!userId ? (
          props.userPending ? null : (
            <p className={cn(alertClass, "text-muted-foreground")}>
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                Sign in to find and keep your authored papers.{" "}
                <Link to="/auth" className="font-medium text-primary underline-offset-2 hover:underline">
                  Sign In
                </Link>
              </span>
            </p>
          )
        ) : (
          <>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <Button variant="outline" onClick={handleRefresh} disabled={searching || authorNames.length === 0}>
                <RefreshCw className={cn(searching && "animate-spin")} aria-hidden />
                {searching ? "Searching arXiv..." : "Refresh"}
              </Button>
              <form onSubmit={handleAdd} className="flex gap-2">
                <Input
                  aria-label="arXiv id or DOI of a paper you wrote"
                  placeholder="arXiv id or DOI"
                  value={addId}
                  onChange={(event) => setAddId(event.target.value)}
                  className="sm:w-48"
                />
                <Button type="submit" variant="secondary" disabled={adding || addId.trim() === ""}>
                  <Plus aria-hidden />
                  Add
                </Button>
              </form>
            </div>
            <ImportPublications importByIdentity={mutations.importByIdentity} />
            <section className="rounded-lg border">
              <button
                type="button"
                className="flex w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm font-medium"
                aria-expanded={open}
                onClick={() => setOpen((value) => !value)}
              >
                <span>
                  Authored papers <span className="font-normal text-muted-foreground">({papers.length})</span>
                </span>
                <ChevronDown className={cn("size-4 transition-transform", !open && "-rotate-90")} aria-hidden />
              </button>
              {open ? (
                <div className="border-t px-3">
                  {list.isPending || (searching && papers.length === 0) ? (
                    <div className="space-y-3 py-3" data-testid="authored-skeleton">
                      {[0, 1, 2].map((row) => (
                        <div key={row} className="space-y-1.5">
                          <Skeleton className="h-4 w-3/4" />
                          <Skeleton className="h-3 w-1/2" />
                        </div>
                      ))}
                    </div>
                  ) : list.isError ? (
                    <p role="alert" className={cn(alertClass, "my-3 border-destructive/40 bg-destructive/10 text-destructive dark:text-[oklch(0.78_0.13_27)]")}>
                      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
                      <span>
                        Failed to load your authored papers.{" "}
                        <button type="button" className="font-medium underline" onClick={() => list.refetch()}>
                          Try again
                        </button>
                      </span>
                    </p>
                  ) : papers.length === 0 ? (
                    <p role="status" className={cn(alertClass, "my-3 text-muted-foreground")}>
                      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
                      <span>
                        {authorNames.length === 0
                          ? "No authored papers yet. Add the names you publish under, then Refresh to find your papers on arXiv."
                          : "No authored papers yet. Refresh to search arXiv for your author names, or add a paper by its arXiv id."}
                      </span>
                    </p>
                  ) : (
                    <ul className="divide-y" aria-label="Authored papers">
                      {papers.map((entry) => (
                        <AuthoredRow
                          key={entry.paperId}
                          entry={entry}
                          busy={busy}
                          canVerify={hasProfileAuthor(entry, authorNames)}
                          onVerify={() => mutations.verify.mutate({ paperId: entry.paperId, method: "auto_arxiv_match" })}
                          onRemove={() => mutations.remove.mutate(entry.paperId)}
                        />
                      ))}
                    </ul>
                  )}
                </div>
              ) : null}
            </section>
          </>
        )}
      </CardContent>
    </Card>
  );
}
