import { useId, useState, type FormEvent } from "react";
import { Microscope, Plus, X } from "lucide-react";
import { authorNameSchema, profileTermSchema } from "@/shared/user-data";
import { ALL_CATEGORIES, CategoryPicker } from "@/web/components/paper-list/category-picker";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { SettingsCardHeader } from "@/web/components/settings-card-header";
import { Card, CardContent } from "@/web/components/ui/card";
import { Input } from "@/web/components/ui/input";
import { toast } from "@/web/components/ui/use-toast";
import type { AuthorIdentity } from "@/shared/author-identity";
import { useProfile } from "@/web/lib/user-data/user-data-hooks";
import { cn } from "@/web/lib/utils";
import { AuthorIdentities } from "./author-identities";

/** Which part of the card a `?section=` link points at. */
export type ResearchPart = "categories" | "keywords" | "exclude";

type ListField = "authorNames" | "researchCategories" | "researchInterests" | "excludeTerms";

/** The spec's failure for a term: title "Invalid input", the rule's message. */
function termProblem(value: string): string | null {
  const parsed = profileTermSchema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Invalid input");
}

function Chips(props: { terms: readonly string[]; empty: string; onRemove: (term: string) => void; label: string }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {props.terms.length === 0 ? <span className="text-sm text-muted-foreground">{props.empty}</span> : null}
      {props.terms.map((term) => (
        <Badge key={term} variant="secondary" className="max-w-full gap-1 py-1 pr-1 pl-2 font-medium">
          <span className="truncate">{term}</span>
          <button
            type="button"
            onClick={() => props.onRemove(term)}
            aria-label={`Remove ${props.label} ${term}`}
            className="rounded-sm p-0.5 text-muted-foreground hover:bg-background hover:text-foreground"
          >
            <X className="size-3.5" aria-hidden />
          </button>
        </Badge>
      ))}
    </div>
  );
}

/** One editable list: chips, an input and an Add button that stays disabled while the input is empty. */
function TermEditor(props: {
  id: string;
  label: string;
  noun: string;
  placeholder: string;
  terms: readonly string[];
  empty: string;
  highlighted?: boolean;
  /** The problem with a new entry, as a toast's title and description, or null when it may be added. */
  check: (value: string) => { title: string; description: string } | null;
  /** Whether an entry already present is an error (author names) or silently ignored (terms). */
  duplicate?: { title: string; description: string };
  onChange: (terms: string[]) => void;
}) {
  const inputId = useId();
  const [draft, setDraft] = useState("");
  const handleAdd = (event: FormEvent) => {
    event.preventDefault();
    const value = draft.trim();
    if (!value) return;
    const problem = props.check(value);
    if (problem) {
      toast({ variant: "destructive", ...problem });
      return;
    }
    const exists = props.terms.some((term) => term.toLowerCase() === value.toLowerCase());
    if (exists && props.duplicate) {
      toast({ variant: "destructive", ...props.duplicate });
      return;
    }
    if (!exists) props.onChange([...props.terms, value]);
    setDraft("");
  };
  return (
    <div id={props.id} className={cn("scroll-mt-20 space-y-2 rounded-lg px-3 py-2.5 transition-colors", props.highlighted && "bg-primary/10 ring-1 ring-primary/40")}>
      <label htmlFor={inputId} className="text-sm font-medium">
        {props.label} <span className="font-normal text-muted-foreground">({props.terms.length})</span>
      </label>
      <Chips terms={props.terms} empty={props.empty} label={props.noun} onRemove={(term) => props.onChange(props.terms.filter((entry) => entry !== term))} />
      <form onSubmit={handleAdd} className="flex gap-2">
        <Input id={inputId} value={draft} onChange={(event) => setDraft(event.target.value)} placeholder={props.placeholder} maxLength={200} />
        <Button type="submit" variant="outline" disabled={draft.trim() === ""} aria-label={`Add ${props.noun}`}>
          <Plus aria-hidden />
          Add
        </Button>
      </form>
    </div>
  );
}

/** The research profile: author names, categories, keywords and exclude terms (they shape the catch-up feed). */
export function ResearchInterestsCard(props: { highlighted?: ResearchPart }) {
  const { profile, update } = useProfile();
  const categoryId = useId();
  const [justAdded, setJustAdded] = useState<string | null>(null);
  const save = (field: ListField, values: string[]) => {
    // Failures are reported by the store (toast with the spec's message) and rolled back.
    update({ [field]: values }).catch(() => undefined);
  };
  const saveNames = (values: string[]) => {
    setJustAdded(values.find((name) => !profile.authorNames.includes(name)) ?? null);
    save("authorNames", values);
  };
  const saveIdentities = (identities: AuthorIdentity[]) => {
    update({ authorIdentities: identities }).catch(() => undefined);
  };
  const invalidTerm = (value: string) => {
    const problem = termProblem(value);
    return problem ? { title: "Invalid input", description: problem } : null;
  };
  return (
    <Card id="settings-research-interests" className="scroll-mt-20">
      <SettingsCardHeader
        icon={Microscope}
        title="Research Interests"
        description="The names you publish under, your categories, keywords and exclude terms shape your catch-up feed."
      />
      <CardContent className="-mx-3 space-y-1">
        <TermEditor
          id="settings-author-names"
          label="Author names"
          noun="author name"
          placeholder="e.g. Ada Lovelace"
          terms={profile.authorNames}
          empty="No author names yet"
          check={(value) =>
            authorNameSchema.safeParse(value).success
              ? null
              : { title: "Invalid name", description: "Please enter your full name as it appears on arXiv papers" }
          }
          duplicate={{ title: "Duplicate name", description: "This name variant is already in your profile." }}
          onChange={saveNames}
        />
        <div className="px-3">
          <AuthorIdentities names={profile.authorNames} identities={profile.authorIdentities} justAdded={justAdded} onChange={saveIdentities} />
        </div>
        <div id="settings-categories" className={cn("scroll-mt-20 space-y-2 rounded-lg px-3 py-2.5", props.highlighted === "categories" && "bg-primary/10 ring-1 ring-primary/40")}>
          <label htmlFor={categoryId} className="text-sm font-medium">
            Categories <span className="font-normal text-muted-foreground">({profile.researchCategories.length})</span>
          </label>
          <Chips
            terms={profile.researchCategories}
            empty="No categories yet (the feed uses cs.AI)"
            label="category"
            onRemove={(code) => save("researchCategories", profile.researchCategories.filter((entry) => entry !== code))}
          />
          <CategoryPicker
            id={categoryId}
            value={ALL_CATEGORIES}
            onChange={(code) => {
              if (code && !profile.researchCategories.includes(code)) save("researchCategories", [...profile.researchCategories, code]);
            }}
          />
        </div>
        <TermEditor
          id="settings-keywords"
          label="Keywords"
          noun="keyword"
          placeholder="e.g. language model"
          terms={profile.researchInterests}
          empty="No keywords yet"
          highlighted={props.highlighted === "keywords"}
          check={invalidTerm}
          onChange={(values) => save("researchInterests", values)}
        />
        <TermEditor
          id="settings-exclude"
          label="Exclude terms"
          noun="exclude term"
          placeholder="e.g. survey"
          terms={profile.excludeTerms}
          empty="Nothing excluded"
          highlighted={props.highlighted === "exclude"}
          check={invalidTerm}
          onChange={(values) => save("excludeTerms", values)}
        />
      </CardContent>
    </Card>
  );
}
