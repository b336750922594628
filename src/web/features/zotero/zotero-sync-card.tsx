import { useEffect, useRef, useState } from "react";
import { DatabaseZap, History, Loader2, Pause, Play, RefreshCw, RotateCcw, Square, StepForward, X } from "lucide-react";
import { ZOTERO_SYNC_BATCH_DEFAULT, ZOTERO_SYNC_BATCH_SIZES, ZOTERO_SYNC_LOG_SHOWN, type ZoteroSyncBatchSize } from "@/shared/zotero/zotero-constants";
import type { ZoteroSyncAction, ZoteroSyncLogEntry, ZoteroSyncState } from "@/shared/zotero/zotero-contract";
import { ZOTERO_MESSAGES } from "@/shared/zotero/zotero-messages";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { SettingsCardHeader } from "@/web/components/settings-card-header";
import { Card, CardContent } from "@/web/components/ui/card";
import { toast } from "@/web/components/ui/use-toast";
import { isApiError } from "@/web/lib/api";
import { cn } from "@/web/lib/utils";
import { useCacheStatus, useSyncLogs, useSyncState, useZoteroActions, useZoteroStatus } from "./zotero-queries";

const STATE_LABELS = { idle: "Idle", syncing: "Syncing", paused: "Paused" } as const;

function timeOf(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

function SyncLog({ entries }: { entries: readonly ZoteroSyncLogEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">No sync has run yet.</p>;
  return (
    <ol aria-label="Sync log" className="max-h-64 space-y-1 overflow-y-auto rounded-lg border border-border bg-muted/20 p-2 font-mono text-xs">
      {entries.slice(0, ZOTERO_SYNC_LOG_SHOWN).map((entry) => (
        <li key={entry.id} className="flex gap-2">
          <time dateTime={entry.timestamp} className="shrink-0 text-muted-foreground tabular-nums">
            {timeOf(entry.timestamp)}
          </time>
          <span className={cn("shrink-0 font-semibold", entry.level === "ERROR" ? "text-destructive" : entry.level === "WARN" ? "text-amber-600 dark:text-amber-400" : "text-primary")}>{entry.level}</span>
          <span className="min-w-0 break-words">
            <span className="font-medium">{entry.event}</span>
            {entry.details ? <span className="text-muted-foreground"> — {entry.details}</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * Zotero cache management with Library Sync: batch size 10/50/100, Sync One Batch, Full Sync,
 * Resume, Stop, Cancel, Reset and the incremental sync, a progress bar (current / total) read by
 * polling the job's saved state, the latest 20 log entries and the cache status. The sync runs on
 * the server: closing the tab stops nothing.
 */
export function ZoteroSyncCard() {
  const status = useZoteroStatus();
  const connected = status.data?.connected === true;
  const sync = useSyncState(connected);
  const state: ZoteroSyncState | undefined = sync.data;
  const syncing = state?.syncing === true;
  const logs = useSyncLogs(connected, syncing);
  const cache = useCacheStatus(connected, syncing);
  const actions = useZoteroActions();
  const [batchSize, setBatchSize] = useState<ZoteroSyncBatchSize>(ZOTERO_SYNC_BATCH_DEFAULT);
  const wasSyncing = useRef(false);

  // When a run ends, the log and the cache count are read once more and the outcome is said.
  useEffect(() => {
    if (wasSyncing.current && !syncing && state) {
      void logs.refetch();
      void cache.refetch();
      const failed = state.error !== null;
      if (state.message) toast({ variant: failed ? "destructive" : "default", title: state.message, description: state.error ?? undefined });
    }
    wasSyncing.current = syncing;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [syncing]);

  const act = async (action: ZoteroSyncAction) => {
    try {
      await actions.sync.mutateAsync({ action, batchSize });
    } catch (error) {
      const title = action === "resume" ? ZOTERO_MESSAGES.resumeFailed : action === "incremental" ? ZOTERO_MESSAGES.incrementalFailed : ZOTERO_MESSAGES.syncFailed;
      toast({ variant: "destructive", title, description: isApiError(error) ? error.message : undefined });
    }
  };

  const paused = state?.paused === true;
  const idle = !syncing && !paused;
  const pending = actions.sync.isPending;
  const current = state?.current ?? 0;
  const total = state?.total ?? 0;
  const percent = total > 0 ? Math.min(100, Math.round((current / total) * 100)) : 0;
  const stateLabel = state ? STATE_LABELS[state.status] : "Idle";

  return (
    <Card id="settings-zotero-sync" className="scroll-mt-20">
      <SettingsCardHeader
        icon={DatabaseZap}
        title="Library Sync"
        aside={
          connected ? (
            <Badge variant={syncing ? "default" : "outline"}>
              {syncing ? <Loader2 aria-hidden className="animate-spin" /> : paused ? <Pause aria-hidden /> : null}
              {stateLabel}
            </Badge>
          ) : null
        }
        description="A synced copy of your Zotero library (attachments left out) for the duplicate check and the export check. It runs on the server: you can close this tab."
      />
      <CardContent className="space-y-5">
        {!connected ? (
          <p className="text-sm text-muted-foreground">Connect Zotero above to sync your library.</p>
        ) : (
          <>
            <fieldset className="min-w-0" disabled={!idle || pending}>
              <legend className="mb-2 text-sm font-medium">Batch size</legend>
              <div className="grid max-w-xs grid-cols-3 gap-1 rounded-lg bg-muted p-1">
                {ZOTERO_SYNC_BATCH_SIZES.map((size) => (
                  <label
                    key={size}
                    className={cn(
                      "relative flex cursor-pointer items-center justify-center rounded-md px-2 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:disabled]:cursor-not-allowed",
                      batchSize === size ? "bg-background text-foreground shadow-xs" : "text-muted-foreground hover:text-foreground",
                    )}
                  >
                    <input type="radio" name="zotero-batch-size" value={size} checked={batchSize === size} onChange={() => setBatchSize(size)} className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0" />
                    {size}
                  </label>
                ))}
              </div>
            </fieldset>

            <div className="space-y-2">
              <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                <span className="font-medium">
                  Progress: <span className="tabular-nums">{current}</span> / <span className="tabular-nums">{total}</span>
                </span>
                <span className="text-muted-foreground" aria-live="polite">
                  {state?.stopRequested === "stop" && syncing ? "Stopping after this batch…" : (state?.message ?? "")}
                </span>
              </div>
              <div role="progressbar" aria-label="Sync progress" aria-valuemin={0} aria-valuemax={total} aria-valuenow={current} className="h-2.5 overflow-hidden rounded-full bg-muted">
                <div className={cn("h-full rounded-full bg-primary transition-[width] duration-500", syncing && "animate-pulse")} style={{ width: `${percent}%` }} />
              </div>
              {state?.error ? (
                <p role="alert" className="text-sm text-destructive">
                  {state.error}
                </p>
              ) : null}
            </div>

            <div className="flex flex-wrap gap-2">
              {/* The filled look goes to the action that applies: Resume while paused. */}
              <Button variant={paused ? "outline" : "default"} onClick={() => void act("batch")} disabled={!idle || pending}>
                <StepForward aria-hidden />
                Sync One Batch
              </Button>
              <Button variant="outline" onClick={() => void act("full")} disabled={!idle || pending}>
                <RefreshCw aria-hidden />
                Full Sync
              </Button>
              <Button variant={paused ? "default" : "outline"} onClick={() => void act("resume")} disabled={!paused || pending}>
                <Play aria-hidden />
                Resume
              </Button>
              <Button variant="outline" onClick={() => void act("stop")} disabled={!syncing || pending || state?.stopRequested !== null}>
                <Square aria-hidden />
                Stop
              </Button>
              <Button variant="outline" onClick={() => void act("cancel")} disabled={!syncing || pending}>
                <X aria-hidden />
                Cancel
              </Button>
              <Button variant="ghost" onClick={() => void act("reset")} disabled={syncing || pending || (idle && current === 0 && total === 0)}>
                <RotateCcw aria-hidden />
                Reset
              </Button>
              <Button variant="secondary" onClick={() => void act("incremental")} disabled={!idle || pending}>
                <History aria-hidden />
                Incremental Sync
              </Button>
            </div>

            <p className="text-sm text-muted-foreground">
              {cache.data && state ? (
                <>
                  {/* The count comes with the progress, from one answer, so the two never disagree. */}
                  <span className="font-medium text-foreground tabular-nums">{state.cached}</span> items cached
                  {cache.data.lastSync ? ` · last synced ${new Date(cache.data.lastSync).toLocaleString()}` : ""}
                  {state?.libraryVersion ? ` · library version ${state.libraryVersion}` : ""}
                </>
              ) : (
                "\u00a0"
              )}
            </p>

            <div className="space-y-2">
              <h4 className="text-sm font-medium">Sync log</h4>
              <SyncLog entries={logs.data ?? []} />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
