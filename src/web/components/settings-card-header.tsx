import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";

type SettingsCardHeaderProps = {
  icon: LucideIcon;
  title: ReactNode;
  /** What the card is for, under the title. */
  description?: ReactNode;
  /** Shown across from the title (the card's state); given, even as null, the title row keeps room for it. */
  aside?: ReactNode;
  /** The title's heading level: 2 for a card straight under the page's h1 (the profile page). */
  level?: 2 | 3;
};

/** The header of a settings card (and of the profile page's cards, drawn alike): icon and title, then what it is for. */
export function SettingsCardHeader({ icon: Icon, title, description, aside, level }: SettingsCardHeaderProps) {
  const heading = (
    <CardTitle level={level} className="flex items-center gap-2">
      <Icon className="size-4 text-muted-foreground" aria-hidden />
      {title}
    </CardTitle>
  );
  return (
    <CardHeader>
      {aside === undefined ? (
        heading
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {heading}
          {aside}
        </div>
      )}
      {description === undefined ? null : <CardDescription>{description}</CardDescription>}
    </CardHeader>
  );
}
