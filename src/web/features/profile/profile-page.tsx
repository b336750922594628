import { Link } from "react-router";
import { ArrowRight, BrainCircuit, Microscope } from "lucide-react";
import { feedCategories } from "@/shared/catchup";
import { APP_NAME } from "@/shared/constants";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { SettingsCardHeader } from "@/web/components/settings-card-header";
import { Card, CardContent } from "@/web/components/ui/card";
import { useCurrentUser } from "@/web/hooks/use-current-user";
import { useProfile } from "@/web/lib/user-data/user-data-hooks";
import { useAuthoredPapers } from "./authored-queries";
import { YourPublications } from "./your-publications";

function Terms(props: { label: string; terms: readonly string[]; empty: string; section: string }) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium">
          {props.label} <span className="font-normal text-muted-foreground">({props.terms.length})</span>
        </h3>
        <Link to={`/settings?section=${props.section}`} className="text-sm font-medium text-primary hover:underline">
          Edit
        </Link>
      </div>
      <div className="flex flex-wrap gap-1.5">
        {props.terms.length === 0 ? <span className="text-sm text-muted-foreground">{props.empty}</span> : null}
        {props.terms.map((term) => (
          <Badge key={term} variant="secondary" className="max-w-full truncate font-medium">
            {term}
          </Badge>
        ))}
      </div>
    </div>
  );
}

/** /profile: the research profile that drives Paper Catchup, and the user's authored papers. */
export function ProfilePage() {
  const { profile } = useProfile();
  const { user, isPending } = useCurrentUser();
  const authored = useAuthoredPapers(user?.id ?? null);
  const primary = feedCategories({ categories: profile.researchCategories })[0];
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>{`Profile · ${APP_NAME}`}</title>
      <h1 className="font-serif text-2xl font-semibold tracking-tight sm:text-3xl">Profile</h1>
      <p className="mt-1 text-sm text-muted-foreground">Your research profile shapes Paper Catchup and the digest e-mails.</p>
      <div className="mt-6 space-y-4">
        <YourPublications userId={user?.id ?? null} userPending={isPending} authorNames={profile.authorNames} />
        <Card>
          <SettingsCardHeader
            level={2}
            icon={Microscope}
            title="Research Interests"
            description={
              <>
                Primary category: <span className="font-medium text-foreground">{primary}</span>
                {profile.researchCategories.length === 0 ? " (used while you name none)" : ""}
              </>
            }
          />
          <CardContent className="space-y-4">
            <Terms label="Categories" terms={profile.researchCategories} empty="No categories yet" section="categories" />
            <Terms label="Keywords" terms={profile.researchInterests} empty="No keywords yet" section="keywords" />
            <Terms label="Exclude terms" terms={profile.excludeTerms} empty="Nothing excluded" section="exclude" />
            <p className="text-sm">
              Authored papers: <span className="font-medium">{user ? (authored.data?.length ?? "…") : 0}</span>
            </p>
            <Button asChild variant="outline">
              <Link to="/catchup">
                Open Paper Catchup
                <ArrowRight aria-hidden />
              </Link>
            </Button>
          </CardContent>
        </Card>
        <Card aria-disabled="true" className="opacity-60">
          <SettingsCardHeader
            level={2}
            icon={BrainCircuit}
            title={
              <>
                ML-Enhanced Profile
                <Badge variant="outline">Coming Soon</Badge>
              </>
            }
            description="Recommendations learned from what you read and keep."
          />
        </Card>
      </div>
    </div>
  );
}
