import { SettingsSection } from "@/web/features/settings/settings-section";
import { ArxivIdValidationCard } from "./arxiv-id-validation-card";
import { CanonicalIdsCard } from "./canonical-ids-card";
import { CitationKeyFormatCard } from "./citation-key-format-card";
import { ZoteroIntegrationCard } from "./zotero-integration-card";
import { ZoteroSyncCard } from "./zotero-sync-card";

/**
 * The Settings page's Zotero and citation cards: Zotero Integration, Library Sync, Canonical IDs,
 * Citation Key Format and ArXiv ID Validation.
 */
export function ZoteroSettingsSection({ signedIn }: { signedIn: boolean }) {
  return (
    <SettingsSection id="zotero" title="Zotero & Citations" description="Your Zotero library, its synced copy, and how citations are keyed.">
      <ZoteroIntegrationCard signedIn={signedIn} />
      {signedIn ? <ZoteroSyncCard /> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {signedIn ? <CanonicalIdsCard /> : null}
        <CitationKeyFormatCard />
      </div>
      <ArxivIdValidationCard signedIn={signedIn} />
    </SettingsSection>
  );
}
