import { Link } from "react-router";
import { Settings2 } from "lucide-react";
import { profileAuthors } from "@/shared/author-identity";
import type { Profile } from "@/shared/user-data-values";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";

/** What the Recommended tab scores by: the profile's categories, keywords, authors and exclusions, with the way to edit them. */
export function ResearchProfileCard({ profile }: { profile: Profile }) {
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle level={2} className="text-base">Research profile</CardTitle>
        <CardDescription>What the Recommended tab scores by.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-2 px-4 text-sm">
        <ProfileLine label="Categories" values={profile.researchCategories} empty="none (cs.AI is used)" />
        <ProfileLine label="Keywords" values={profile.researchInterests} empty="none" />
        <ProfileLine
          label="Authors"
          values={profileAuthors(profile.authorNames, profile.authorIdentities).map((author) => (author.openalexId ? `${author.name} (OpenAlex ${author.openalexId})` : author.name))}
          empty="none"
        />
        <ProfileLine label="Excluded" values={profile.excludeTerms} empty="none" />
        <div className="flex flex-wrap gap-2 pt-1">
          <Button asChild variant="outline" size="sm">
            <Link to="/settings?section=keywords">
              <Settings2 aria-hidden />
              Edit interests
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function ProfileLine({ label, values, empty }: { label: string; values: readonly string[]; empty: string }) {
  return (
    <div className="flex gap-2">
      <span className="w-20 shrink-0 text-muted-foreground">{label}</span>
      <span className="min-w-0 break-words">{values.length === 0 ? <span className="text-muted-foreground">{empty}</span> : values.join(", ")}</span>
    </div>
  );
}
