import { BellDot } from "lucide-react";
import { SettingsCardHeader } from "@/web/components/settings-card-header";
import { Card, CardContent } from "@/web/components/ui/card";
import { SettingSwitch } from "./setting-switch";
import { useSaveSetting } from "./use-save-setting";

/** Version Watch: whether Quire tells the user of new versions and publications of the papers they keep. */
export function VersionWatchCard() {
  const { settings, status, save } = useSaveSetting();
  const disabled = status === "loading";
  return (
    <Card>
      <SettingsCardHeader icon={BellDot} title="Version Watch" description="New arXiv versions and publications of the papers you keep." />
      <CardContent className="divide-y divide-border">
        <SettingSwitch
          id="settings-watch-paper-changes"
          label="Watch bookmarks and collections"
          description="Show a badge on a bookmark when a new version or its journal publication appears, in Paper Catchup and in the digest e-mail."
          checked={settings.watchPaperChanges}
          disabled={disabled}
          onCheckedChange={(watchPaperChanges) => save({ watchPaperChanges })}
        />
        <SettingSwitch
          id="settings-watch-reading-history"
          label="Watch reading history too"
          description="Also tell you about papers you have read but not bookmarked."
          checked={settings.watchReadingHistory}
          disabled={disabled || !settings.watchPaperChanges}
          onCheckedChange={(watchReadingHistory) => save({ watchReadingHistory })}
        />
      </CardContent>
    </Card>
  );
}
