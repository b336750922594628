import { Link } from "react-router";
import { AlertTriangle, KeyRound, Sparkles, X } from "lucide-react";
import { LLM_MESSAGES } from "@/shared/llm/llm-constants";
import type { ParsedQuery } from "@/shared/llm/parsed-query";
import { chipNotAppliedReason, parsedQueryChips, withoutChip, type ChipKind, type QueryChip } from "@/shared/llm/parsed-query-chips";
import { providerDisplayName } from "@/shared/llm/providers";
import type { ParseOutcome } from "@/shared/llm/query-parsing";
import type { SearchSource } from "@/shared/search-options";
import { cn } from "@/web/lib/utils";

const KIND_LABELS: Record<ChipKind, string> = {
  author: "Author",
  topic: "Topic",
  institution: "Institution",
  venue: "Venue",
  category: "Category",
  years: "Years",
  citations: "Citations",
  openAccess: "Access",
  title: "Title",
  abstract: "Abstract",
};

const KIND_STYLES: Partial<Record<ChipKind, string>> = {
  author: "border-sky-500/30 bg-sky-500/10",
  topic: "border-primary/30 bg-primary/10",
  institution: "border-violet-500/30 bg-violet-500/10",
  venue: "border-amber-500/30 bg-amber-500/10",
  category: "border-emerald-500/30 bg-emerald-500/10",
};

export type SemanticPanelProps = {
  /** Whether the query is parsed at all (false: field syntax, searched as typed). */
  needed: boolean;
  provider: string;
  model: string;
  /** The source searched: a chip it cannot apply is marked, with why. */
  source: SearchSource;
  status: "pending" | "error" | "success";
  outcome: ParseOutcome | undefined;
  /** A chip was removed: the query rebuilt from the rest, and the parse it stands for. */
  onChange: (query: string, parsed: ParsedQuery) => void;
};

function Chip({ chip, notApplied, onRemove }: { chip: QueryChip; notApplied: boolean; onRemove: () => void }) {
  return (
    <li
      className={cn(
        "inline-flex max-w-full items-center gap-1.5 rounded-full border py-0.5 pr-1 pl-2.5 text-sm",
        notApplied ? "border-dashed border-muted-foreground/60 bg-transparent" : (KIND_STYLES[chip.kind] ?? "border-border bg-background"),
      )}
    >
      <span className="text-[0.6875rem] font-medium tracking-wide text-muted-foreground uppercase">{KIND_LABELS[chip.kind]}</span>
      <span className={cn("truncate font-medium", notApplied && "text-muted-foreground line-through")}>{chip.label}</span>
      {notApplied ? <span className="shrink-0 text-xs text-muted-foreground italic">not applied</span> : null}
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${KIND_LABELS[chip.kind].toLowerCase()} ${chip.label}`}
        className="rounded-full p-1 text-muted-foreground transition-colors hover:bg-background hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <X className="size-3.5" aria-hidden />
      </button>
    </li>
  );
}

/**
 * The semantic panel: what a plain-language search was
 * understood as, as removable chips (authors, topics, institutions, venues, then the filters);
 * removing one searches again without it. Says 'Failed to parse query' when parsing failed
 * outright, and names the provider when its key is missing.
 */
export function SemanticPanel(props: SemanticPanelProps) {
  const providerName = providerDisplayName(props.provider);
  if (!props.needed) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Sparkles className="size-4 shrink-0" aria-hidden />
        Field syntax is searched as typed; plain-language parsing is skipped.
      </p>
    );
  }
  const outcome = props.outcome;
  const parsed = outcome?.parsed ?? null;
  const chips = parsed ? parsedQueryChips(parsed) : [];
  const notApplied = chips.flatMap((chip) => {
    const reason = chipNotAppliedReason(chip, props.source);
    return reason ? [{ chip, reason }] : [];
  });
  const handleRemove = (chip: QueryChip) => {
    if (!parsed) return;
    const next = withoutChip(parsed, chip);
    props.onChange(next.originalQuery, next);
  };

  return (
    <section aria-label="Understood as" className="rounded-xl border border-border bg-muted/40 p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-sm font-semibold">
          <Sparkles className="size-4 text-primary" aria-hidden />
          Understood as
        </h2>
        <p className="text-xs text-muted-foreground">
          {props.status === "pending"
            ? `Reading your query with ${providerName}…`
            : outcome?.source === "llm"
              ? `Parsed by ${providerName} · ${props.model}`
              : outcome?.source === "fallback"
                ? "Parsed by keyword rules"
                : null}
        </p>
      </div>

      {props.status === "pending" ? (
        <div className="mt-3 flex flex-wrap gap-2" aria-busy="true" aria-label="Parsing the query">
          {[7, 10, 6].map((width) => (
            <span key={width} className="h-7 animate-pulse rounded-full bg-muted" style={{ width: `${width}rem` }} />
          ))}
        </div>
      ) : props.status === "error" || !parsed ? (
        <p role="alert" className="mt-3 flex items-center gap-2 text-sm text-destructive dark:text-[oklch(0.78_0.13_27)]">
          <AlertTriangle className="size-4 shrink-0" aria-hidden />
          {LLM_MESSAGES.parseFailed}
        </p>
      ) : (
        <>
          {chips.length > 0 ? (
            <ul aria-label="Query parts" className="mt-3 flex flex-wrap gap-2">
              {chips.map((chip) => (
                <Chip key={`${chip.kind}:${chip.value}`} chip={chip} notApplied={notApplied.some((entry) => entry.chip === chip)} onRemove={() => handleRemove(chip)} />
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-muted-foreground">Nothing left to refine.</p>
          )}
          {notApplied.length > 0 ? (
            <p className="mt-2 text-xs text-muted-foreground">
              Not applied to this search: {notApplied.map((entry) => `${entry.chip.label} (${entry.reason})`).join("; ")}.
            </p>
          ) : null}
          {parsed.warnings.length > 0 ? (
            <div role="status" className="mt-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
              <ul className="space-y-0.5">
                {parsed.warnings.map((warning, index) => (
                  <li key={index} className={cn(index === 0 ? "font-medium" : "text-muted-foreground")}>
                    {warning}
                  </li>
                ))}
              </ul>
              {outcome?.keyMissing ? (
                <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1">
                  <KeyRound className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <span className="font-medium">{LLM_MESSAGES.providerLabel(providerName)}</span>
                  <Link to="/settings?section=llm" className="font-medium text-primary underline-offset-2 hover:underline">
                    Add an API key in Settings
                  </Link>
                </p>
              ) : null}
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
