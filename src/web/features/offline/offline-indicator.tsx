import { CloudCheck, CloudOff, Loader2 } from "lucide-react";
import { OFFLINE_INDICATOR_LABELS } from "@/shared/offline";
import type { Paper } from "@/shared/paper";
import { cn } from "@/web/lib/utils";
import { useOfflineStatus, useOfflineSupported } from "./offline-queries";

/**
 * The offline indicator: "Checking" while the device is
 * asked, then "Available offline" or "Online only".
 */
export function OfflineIndicator(props: { paper: Pick<Paper, "id">; className?: string }) {
  return useOfflineSupported() ? <Indicator {...props} /> : null;
}

function Indicator({ paper, className }: { paper: Pick<Paper, "id">; className?: string }) {
  const status = useOfflineStatus(paper);
  const label =
    status === "checking" ? OFFLINE_INDICATOR_LABELS.checking : status === "available" ? OFFLINE_INDICATOR_LABELS.available : OFFLINE_INDICATOR_LABELS.onlineOnly;
  const Icon = status === "checking" ? Loader2 : status === "available" ? CloudCheck : CloudOff;
  return (
    <span
      role="status"
      className={cn(
        "inline-flex shrink-0 items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3.5",
        status === "available" ? "border-primary/30 bg-primary/10 text-primary" : "border-border text-muted-foreground",
        className,
      )}
    >
      <Icon aria-hidden className={cn(status === "checking" && "animate-spin")} />
      {label}
    </span>
  );
}
