import { useEffect, useState } from "react";
import { BadgeCheck, UserSearch } from "lucide-react";
import { identityFor, type AuthorCandidate, type AuthorIdentity } from "@/shared/author-identity";
import { countOf } from "@/shared/plural";
import { Button } from "@/web/components/ui/button";
import { useAuthorCandidates } from "./author-identity-queries";

/**
 * Each profile author name with the person it stands for: an OpenAlex author the user chose,
 * or the name alone. A name just added opens its candidates at once, so "Yang Liu" becomes one
 * Yang Liu in the same step.
 */
export function AuthorIdentities(props: {
  names: readonly string[];
  identities: readonly AuthorIdentity[];
  /** The name the user just added (not one the stored profile brought in): its chooser opens. */
  justAdded: string | null;
  onChange: (identities: AuthorIdentity[]) => void;
}) {
  const { names, identities, onChange, justAdded } = props;
  const [open, setOpen] = useState<string | null>(null);

  useEffect(() => {
    if (justAdded) setOpen(justAdded);
  }, [justAdded]);

  if (names.length === 0) return null;
  const others = (name: string) => identities.filter((identity) => identity.name !== name && names.includes(identity.name));
  const choose = (name: string, candidate: AuthorCandidate) => {
    onChange([...others(name), { name, openalexId: candidate.openalexId, orcid: candidate.orcid }]);
    setOpen(null);
  };
  const keepName = (name: string) => {
    onChange(others(name));
    setOpen(null);
  };

  return (
    <ul className="space-y-2" aria-label="Who each author name is">
      {names.map((name) => {
        const identity = identityFor(name, identities);
        return (
          <li key={name} className="rounded-md border px-2.5 py-2 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{name}</span>
              {identity ? (
                <span className="inline-flex items-center gap-1 text-muted-foreground">
                  <BadgeCheck className="size-4 text-primary" aria-hidden />
                  OpenAlex {identity.openalexId}
                  {identity.orcid ? ` · ORCID ${identity.orcid}` : ""}
                </span>
              ) : (
                <span className="text-muted-foreground">name only</span>
              )}
              <Button type="button" variant="outline" size="sm" className="ml-auto" onClick={() => setOpen(open === name ? null : name)} aria-expanded={open === name}>
                <UserSearch aria-hidden />
                {identity ? `Change who ${name} is` : `Choose who ${name} is`}
              </Button>
            </div>
            {open === name ? <AuthorCandidates name={name} chosen={identity?.openalexId ?? null} onChoose={(candidate) => choose(name, candidate)} onKeepName={() => keepName(name)} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

function AuthorCandidates(props: { name: string; chosen: string | null; onChoose: (candidate: AuthorCandidate) => void; onKeepName: () => void }) {
  const { name } = props;
  const query = useAuthorCandidates(name);
  return (
    <div className="mt-2 space-y-2">
      <p className="text-muted-foreground">People OpenAlex knows as {name}: choose yours, or keep the name only (it then matches everyone of that name).</p>
      {query.isPending ? <p role="status">Looking up {name} in OpenAlex…</p> : null}
      {query.isError ? <p role="alert" className="text-destructive">OpenAlex did not answer. Please try again.</p> : null}
      {query.data?.length === 0 ? <p>OpenAlex knows no author of this name.</p> : null}
      {query.data && query.data.length > 0 ? (
        <ul className="space-y-2" aria-label={`People named ${name}`}>
          {query.data.map((candidate) => (
            <CandidateItem key={candidate.openalexId} candidate={candidate} chosen={candidate.openalexId === props.chosen} onChoose={() => props.onChoose(candidate)} />
          ))}
        </ul>
      ) : null}
      <Button type="button" variant="ghost" size="sm" onClick={props.onKeepName}>
        Keep the name only
      </Button>
    </div>
  );
}

function CandidateItem({ candidate, chosen, onChoose }: { candidate: AuthorCandidate; chosen: boolean; onChoose: () => void }) {
  const where = candidate.affiliations.join("; ") || "no known affiliation";
  return (
    <li className="rounded-md bg-muted/50 p-2.5" aria-label={`${candidate.displayName}, ${where}`}>
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1 space-y-1">
          <p className="font-medium">
            {candidate.displayName} <span className="font-normal text-muted-foreground">· {where}</span>
          </p>
          <p className="text-xs text-muted-foreground">
            {countOf(candidate.worksCount, "work")} · {countOf(candidate.citedByCount, "citation")}
            {candidate.orcid ? ` · ORCID ${candidate.orcid}` : ""} · OpenAlex {candidate.openalexId}
          </p>
          {candidate.topics.length > 0 ? <p className="text-xs">Topics: {candidate.topics.join(", ")}</p> : null}
          {candidate.recentWorks.length > 0 ? (
            <ul className="list-disc pl-4 text-xs" aria-label="Recent works">
              {candidate.recentWorks.map((work) => (
                <li key={`${work.title}-${work.year}`}>
                  {work.title}
                  {work.year ? ` (${work.year})` : ""}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <Button type="button" size="sm" variant={chosen ? "secondary" : "default"} onClick={onChoose} disabled={chosen} aria-label={`Choose ${candidate.displayName} (${candidate.openalexId})`}>
          {chosen ? "Chosen" : "Choose"}
        </Button>
      </div>
    </li>
  );
}
