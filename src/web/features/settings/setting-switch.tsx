import type { ReactNode } from "react";
import { Label } from "@/web/components/ui/label";
import { Switch } from "@/web/components/ui/switch";

/** One labelled on/off setting: the label names the switch, the description explains it. */
export function SettingSwitch(props: {
  id: string;
  label: string;
  description: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const descriptionId = `${props.id}-description`;
  return (
    <div className="flex items-start justify-between gap-4 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0 space-y-1">
        <Label htmlFor={props.id} className="leading-snug">
          {props.label}
        </Label>
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {props.description}
        </p>
      </div>
      <Switch
        id={props.id}
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={props.onCheckedChange}
        aria-describedby={descriptionId}
        className="mt-0.5"
      />
    </div>
  );
}
