import { Link } from "react-router";
import { ArrowRight, Microscope } from "lucide-react";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { useProfile } from "@/web/lib/user-data/user-data-hooks";
import { cn } from "@/web/lib/utils";

/** How many terms of a list are shown before "+N more". */
const SHOWN_TERMS = 6;

/** Which part of the card a `?section=` link points at. */
export type ResearchPart = "categories" | "keywords" | "exclude";

function TermRow(props: { id: string; label: string; terms: readonly string[]; empty: string; highlighted: boolean }) {
  const shown = props.terms.slice(0, SHOWN_TERMS);
  const more = props.terms.length - shown.length;
  return (
    <div id={props.id} className={cn("scroll-mt-20 rounded-lg px-3 py-2.5 transition-colors", props.highlighted && "bg-primary/10 ring-1 ring-primary/40")}>
      <dt className="text-sm font-medium">
        {props.label} <span className="font-normal text-muted-foreground">({props.terms.length})</span>
      </dt>
      <dd className="mt-1.5 flex flex-wrap gap-1.5">
        {shown.length === 0 ? <span className="text-sm text-muted-foreground">{props.empty}</span> : null}
        {shown.map((term) => (
          <Badge key={term} variant="secondary" className="max-w-full truncate font-medium">
            {term}
          </Badge>
        ))}
        {more > 0 ? <Badge variant="outline">+{more} more</Badge> : null}
      </dd>
    </div>
  );
}

/** A summary of the research profile; the profile page is where it is edited. */
export function ResearchInterestsCard(props: { highlighted?: ResearchPart }) {
  const { profile } = useProfile();
  return (
    <Card id="settings-research-interests" className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Microscope className="size-4 text-muted-foreground" aria-hidden />
          Research Interests
        </CardTitle>
        <CardDescription>The categories, keywords and exclude terms that shape your catch-up feed.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="-mx-3 space-y-1">
          <TermRow id="settings-categories" label="Categories" terms={profile.researchCategories} empty="No categories yet" highlighted={props.highlighted === "categories"} />
          <TermRow id="settings-keywords" label="Keywords" terms={profile.researchInterests} empty="No keywords yet" highlighted={props.highlighted === "keywords"} />
          <TermRow id="settings-exclude" label="Exclude terms" terms={profile.excludeTerms} empty="Nothing excluded" highlighted={props.highlighted === "exclude"} />
        </dl>
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <Link to="/profile">
            Edit research profile
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
