import { useState } from "react";
import { OFFLINE_BUTTON_LABELS } from "@/shared/offline";
import type { Paper } from "@/shared/paper";
import { RowIcon } from "@/web/components/paper-list/row-icon";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/utils";
import { useKeepPaper, useOfflineStatus, useOfflineSupported, type OfflineStatus } from "./offline-queries";
import { keepableArxivId } from "./offline-store";

type SaveOfflineButtonProps = {
  paper: Paper;
  /** Icon buttons with hints (table rows), labelled stacked buttons (cards) or a labelled button (the reader's bar). */
  layout: "icons" | "labels" | "bar";
  /** The stacked card style of the row actions it sits among. */
  className?: string;
};

/**
 * Save Offline: idle "Save Offline", then
 * "Saving...", then "Offline" (disabled); back to idle when the save fails, with the spec's
 * toast. Shown wherever this device can keep papers (offline-store.ts).
 */
export function SaveOfflineButton(props: SaveOfflineButtonProps) {
  return useOfflineSupported() ? <SaveOffline {...props} /> : null;
}

function SaveOffline({ paper, layout, className }: SaveOfflineButtonProps) {
  const status = useOfflineStatus(paper);
  const keep = useKeepPaper();
  return <SaveOfflineView paper={paper} layout={layout} className={className} status={status} saving={keep.isPending} onKeep={() => keep.mutate(paper)} />;
}

/**
 * Save Offline in a row of a list that reads the device's kept papers once for all its rows
 * (useOfflineStatusOf) and keeps papers through one useKeepPaper: the row only holds whether
 * its own save is under way. Render it only where the device can keep papers.
 */
export function SaveOfflineRowButton({
  paper,
  layout,
  className,
  status,
  keep,
}: SaveOfflineButtonProps & { status: OfflineStatus; keep: (paper: Paper) => Promise<unknown> }) {
  const [saving, setSaving] = useState(false);
  return (
    <SaveOfflineView
      paper={paper}
      layout={layout}
      className={className}
      status={status}
      saving={saving}
      onKeep={() => {
        setSaving(true);
        // The toasts say how it went (useKeepPaper); the row goes back to idle either way.
        void keep(paper)
          .catch(() => {})
          .finally(() => setSaving(false));
      }}
    />
  );
}

function SaveOfflineView({
  paper,
  layout,
  className,
  status,
  saving,
  onKeep,
}: SaveOfflineButtonProps & { status: OfflineStatus; saving: boolean; onKeep: () => void }) {
  const saved = status === "available";
  const noPdf = keepableArxivId(paper) === null;
  const label = saving ? OFFLINE_BUTTON_LABELS.saving : saved ? OFFLINE_BUTTON_LABELS.saved : OFFLINE_BUTTON_LABELS.idle;
  const iconOnly = layout === "icons";
  const hint = noPdf ? "No PDF to keep for this paper" : saved ? "Kept on this device for offline reading" : "Keep the paper and its PDF on this device";

  return (
    <Button
      variant="ghost"
      size={iconOnly ? "icon" : "sm"}
      disabled={saved || saving || noPdf || status === "checking"}
      onClick={onKeep}
      aria-label={iconOnly ? label : undefined}
      data-hint={iconOnly ? hint : undefined}
      title={iconOnly ? undefined : hint}
      className={cn(iconOnly && "size-8", saved && "text-primary disabled:opacity-100", className)}
    >
      <RowIcon name={saving ? "loader-circle" : saved ? "cloud-check" : "cloud-download"} className={saving ? "animate-spin" : undefined} />
      {iconOnly ? null : label}
    </Button>
  );
}
