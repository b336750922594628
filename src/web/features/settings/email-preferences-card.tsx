import { Mail } from "lucide-react";
import { EMAIL_NOTIFICATION_FREQUENCIES } from "@/shared/constants";
import type { EmailPreferences } from "@/shared/user-data";
import { SettingsCardHeader } from "@/web/components/settings-card-header";
import { Card, CardContent } from "@/web/components/ui/card";
import { toast } from "@/web/components/ui/use-toast";
import { UserDataInputError } from "@/web/lib/user-data/user-data-errors";
import { useProfile } from "@/web/lib/user-data/user-data-hooks";
import { cn } from "@/web/lib/utils";
import { SettingSwitch } from "./setting-switch";

const FREQUENCY_LABELS: Record<EmailPreferences["notifications"], { label: string; hint: string }> = {
  none: { label: "None", hint: "No digests" },
  daily: { label: "Daily", hint: "Every morning" },
  weekly: { label: "Weekly", hint: "Once a week" },
};

/**
 * E-mail preferences: new-paper notifications none, daily
 * or weekly, and the welcome e-mail. Kept in the profile: the account's when signed in, the
 * device's otherwise.
 */
export function EmailPreferencesCard(props: { signedIn: boolean; highlighted?: boolean }) {
  const { profile, status, update } = useProfile();
  const preferences = profile.emailPreferences;
  const disabled = status === "loading";

  const save = (next: Partial<EmailPreferences>) => {
    update({ emailPreferences: { ...preferences, ...next } }).catch((error: unknown) => {
      // A server failure is put back and toasted by the store; refused input is explained here.
      if (error instanceof UserDataInputError) toast({ variant: "destructive", title: "Preferences not saved", description: error.message });
    });
  };

  return (
    <Card id="settings-profile" className={cn("scroll-mt-20", props.highlighted && "ring-2 ring-primary/40")}>
      <SettingsCardHeader
        icon={Mail}
        title="Email Preferences"
        description={props.signedIn ? "Saved to your account." : "Saved on this device. Sign in to receive e-mails; these choices move into your account."}
      />
      <CardContent className="space-y-5">
        <fieldset className="min-w-0" disabled={disabled}>
          <legend className="mb-2 text-sm font-medium">New paper notifications</legend>
          <div className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1">
            {EMAIL_NOTIFICATION_FREQUENCIES.map((frequency) => (
              <label
                key={frequency}
                className={cn(
                  "relative flex cursor-pointer flex-col items-center justify-center rounded-md px-2 py-1.5 text-center transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:disabled]:cursor-not-allowed",
                  preferences.notifications === frequency ? "bg-background text-foreground shadow-xs" : "text-muted-foreground hover:text-foreground",
                )}
              >
                <input
                  type="radio"
                  name="email-notifications"
                  value={frequency}
                  checked={preferences.notifications === frequency}
                  onChange={() => save({ notifications: frequency })}
                  className="absolute inset-0 m-0 cursor-pointer appearance-none rounded-md opacity-0 disabled:cursor-not-allowed"
                />
                <span className="text-sm font-medium">{FREQUENCY_LABELS[frequency].label}</span>
                <span className="hidden text-[0.6875rem] leading-tight text-muted-foreground sm:block" aria-hidden>
                  {FREQUENCY_LABELS[frequency].hint}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <SettingSwitch
          id="settings-welcome-email"
          label="Welcome email"
          description="Send a welcome e-mail with tips when the account is new."
          checked={preferences.welcome}
          disabled={disabled}
          onCheckedChange={(welcome) => save({ welcome })}
        />
      </CardContent>
    </Card>
  );
}
