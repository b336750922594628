import { Link } from "react-router";
import { History, MousePointerClick } from "lucide-react";
import { SettingsCardHeader } from "@/web/components/settings-card-header";
import { Card, CardContent } from "@/web/components/ui/card";
import { SettingSwitch } from "./setting-switch";
import { useSaveSetting } from "./use-save-setting";

/** Page Behavior: what pages do by themselves when opened. */
export function PageBehaviorCard() {
  const { settings, status, save } = useSaveSetting();
  const disabled = status === "loading";
  return (
    <Card>
      <SettingsCardHeader icon={MousePointerClick} title="Page Behavior" description="What pages do as soon as they open." />
      <CardContent className="divide-y divide-border">
        <SettingSwitch
          id="settings-auto-load-catchup"
          label="Auto-load catch-up papers"
          description="Load Paper Catchup's papers when the page opens, without clicking Load Papers."
          checked={settings.autoLoadCatchup}
          disabled={disabled}
          onCheckedChange={(autoLoadCatchup) => save({ autoLoadCatchup })}
        />
        <SettingSwitch
          id="settings-auto-trigger-search"
          label="Auto-trigger search"
          description="Run the search as soon as the search page opens with a query."
          checked={settings.autoTriggerSearch}
          disabled={disabled}
          onCheckedChange={(autoTriggerSearch) => save({ autoTriggerSearch })}
        />
      </CardContent>
    </Card>
  );
}

/** Reading History: whether opened papers are recorded. */
export function ReadingHistoryCard() {
  const { settings, status, save } = useSaveSetting();
  return (
    <Card>
      <SettingsCardHeader
        icon={History}
        title="Reading History"
        description={
          <>
            Papers you open are listed on the{" "}
            <Link to="/history" className="font-medium text-primary underline-offset-2 hover:underline">
              History
            </Link>{" "}
            page.
          </>
        }
      />
      <CardContent>
        <SettingSwitch
          id="settings-enable-reading-history"
          label="Record reading history"
          description="Turned off, papers you open are no longer added; what is recorded stays until you clear it."
          checked={settings.enableReadingHistory}
          disabled={status === "loading"}
          onCheckedChange={(enableReadingHistory) => save({ enableReadingHistory })}
        />
      </CardContent>
    </Card>
  );
}
