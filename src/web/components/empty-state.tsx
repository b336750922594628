import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/web/lib/utils";

/**
 * A centred message for a page with nothing to show yet (no recent paper, an unknown route,
 * an empty list): an icon, a heading, a sentence and the actions that get the user going.
 */
export function EmptyState(props: {
  icon: LucideIcon;
  title: string;
  /** Small text above the heading, e.g. "404". */
  eyebrow?: string;
  tone?: "primary" | "muted";
  children: ReactNode;
  actions?: ReactNode;
}) {
  const Icon = props.icon;
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <div className="max-w-md text-center">
        <span
          className={cn(
            "mx-auto flex size-14 items-center justify-center rounded-2xl",
            props.tone === "muted" ? "bg-muted text-muted-foreground" : "bg-primary/10 text-primary",
          )}
        >
          <Icon className="size-7" aria-hidden />
        </span>
        {props.eyebrow ? <p className="mt-5 font-mono text-sm text-muted-foreground">{props.eyebrow}</p> : null}
        <h1 className={cn("font-serif text-2xl font-semibold", props.eyebrow ? "mt-1" : "mt-5")}>{props.title}</h1>
        <p className="mt-2 leading-relaxed break-words text-muted-foreground">{props.children}</p>
        {props.actions ? <div className="mt-7 flex flex-wrap justify-center gap-3">{props.actions}</div> : null}
      </div>
    </div>
  );
}
