import { SettingsSection } from "@/web/features/settings/settings-section";
import { DefaultProviderCard } from "./default-provider-card";
import { ProviderManagerCard } from "./provider-manager-card";

/** Settings > LLM & AI Settings: the default provider and model, and the API keys. */
export function LlmSettingsSection(props: { signedIn: boolean }) {
  return (
    <SettingsSection id="llm-settings" title="LLM & AI Settings" description="Bring your own language-model key for plain-language search and bibliography enhancement.">
      <DefaultProviderCard />
      <ProviderManagerCard signedIn={props.signedIn} />
    </SettingsSection>
  );
}
