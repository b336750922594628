import type { ReactNode } from "react";
import { CircleAlert, CircleCheck, Info } from "lucide-react";
import { cn } from "@/web/lib/utils";

export type NoticeTone = "success" | "error" | "info";

const TONES: Record<NoticeTone, { icon: typeof Info; className: string }> = {
  success: {
    icon: CircleCheck,
    className: "border-emerald-600/30 bg-emerald-500/10 text-emerald-900 dark:border-emerald-400/30 dark:text-emerald-200",
  },
  error: {
    icon: CircleAlert,
    className: "border-destructive/40 bg-destructive/10 text-destructive dark:text-red-300",
  },
  info: { icon: Info, className: "border-border bg-muted/60 text-foreground" },
};

/** A message box on the auth pages; errors are announced at once, the rest politely. */
export function AuthNotice({
  tone,
  children,
  action,
  className,
}: {
  tone: NoticeTone;
  children: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  const { icon: Icon, className: toneClassName } = TONES[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn("flex gap-2.5 rounded-lg border px-3.5 py-3 text-sm leading-relaxed", toneClassName, className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">
        <p>{children}</p>
        {action ? <div className="mt-2">{action}</div> : null}
      </div>
    </div>
  );
}
