import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { APP_NAME } from "@/shared/constants";
import { roleBadgeLabel } from "@/shared/roles";
import { Badge } from "@/web/components/ui/badge";
import { CloudPdfCacheCard } from "@/web/features/pdf-cache/cloud-pdf-cache-card";
import { OfflineStorageCard } from "@/web/features/offline/offline-storage-card";
import { ZoteroSettingsSection } from "@/web/features/zotero/zotero-settings-section";
import { useUserData } from "@/web/lib/user-data/user-stores";
import { AboutCard } from "./about-card";
import { PageBehaviorCard, ReadingHistoryCard } from "./behavior-cards";
import { VersionWatchCard } from "./version-watch-card";
import { DataManagementCard } from "./data-management-card";
import { EmailPreferencesCard } from "./email-preferences-card";
import { LlmSettingsSection } from "@/web/features/llm/llm-settings-section";
import { ResearchInterestsCard, type ResearchPart } from "./research-interests-card";
import { SettingsSection } from "./settings-section";

/** `?section=` values (links from the profile page) and the element each one scrolls to. */
const SECTION_TARGETS: Record<string, string> = {
  profile: "settings-profile",
  categories: "settings-categories",
  keywords: "settings-keywords",
  exclude: "settings-exclude",
  llm: "llm-settings",
};

function isResearchPart(value: string | null): value is ResearchPart {
  return value === "categories" || value === "keywords" || value === "exclude";
}

/**
 * /settings: Profile & Preferences, Data Management and
 * About. The same page serves anonymous visitors (saved on the device) and signed-in users
 * (saved to the account): the stores decide where, not the page.
 */
export function SettingsPage() {
  const { session } = useUserData();
  const signedIn = session.status === "signed-in";
  const badge = roleBadgeLabel(session.user);
  const [searchParams] = useSearchParams();
  const section = searchParams.get("section");
  const target = section ? SECTION_TARGETS[section] : undefined;

  useEffect(() => {
    if (!target) return;
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
    document.getElementById(target)?.scrollIntoView?.({ block: "start", behavior: reduceMotion ? "auto" : "smooth" });
  }, [target]);

  const elevated = session.user?.isSuperAdmin === true || session.user?.role === "admin";

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>{`Settings · ${APP_NAME}`}</title>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-serif text-2xl font-semibold tracking-tight sm:text-3xl">Settings</h1>
        {badge ? (
          <Badge variant={elevated ? "default" : "secondary"} aria-label={`Role: ${badge}`}>
            {badge}
          </Badge>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        {signedIn ? `Signed in as ${session.user.email}. Changes are saved to your account.` : "Changes are saved on this device."}
      </p>

      <div className="mt-8 space-y-10">
        <SettingsSection id="profile-preferences" title="Profile & Preferences">
          <EmailPreferencesCard signedIn={signedIn} highlighted={section === "profile"} />
          <ResearchInterestsCard highlighted={isResearchPart(section) ? section : undefined} />
          <div className="grid gap-4 lg:grid-cols-2">
            <PageBehaviorCard />
            <ReadingHistoryCard />
            <VersionWatchCard />
          </div>
        </SettingsSection>

        <LlmSettingsSection signedIn={signedIn} />
        <ZoteroSettingsSection signedIn={signedIn} />

        <SettingsSection id="data-management" title="Data Management" description="Caches, bookmarks and your account.">
          <DataManagementCard signedIn={signedIn} />
          {signedIn ? <CloudPdfCacheCard userId={session.user.id} /> : null}
          <OfflineStorageCard />
        </SettingsSection>

        <SettingsSection id="about" title="About">
          <AboutCard />
        </SettingsSection>
      </div>
    </div>
  );
}
