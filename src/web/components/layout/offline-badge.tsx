import { WifiOff } from "lucide-react";
import { useOnlineStatus } from "@/web/hooks/use-online-status";
import { Badge } from "@/web/components/ui/badge";

/** The spec's red "Offline" badge; the live region announces it to screen readers too. */
export function OfflineBadge() {
  const isOnline = useOnlineStatus();
  return (
    // The live region stays mounted (empty while online) so screen readers hear the change.
    <span role="status" aria-live="polite" className="inline-flex">
      {isOnline ? null : (
        <Badge variant="destructive" title="No network connection: searches and new PDFs need one">
          <WifiOff aria-hidden />
          Offline
        </Badge>
      )}
    </span>
  );
}
