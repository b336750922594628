import { useRef, useState } from "react";
import { Fingerprint, Loader2, Play, Square } from "lucide-react";
import { countOf } from "@/shared/plural";
import { ZOTERO_MESSAGES } from "@/shared/zotero/zotero-messages";
import { Button } from "@/web/components/ui/button";
import { SettingsCardHeader } from "@/web/components/settings-card-header";
import { Card, CardContent } from "@/web/components/ui/card";
import { toast } from "@/web/components/ui/use-toast";
import { useCanonicalStats, useZoteroActions, useZoteroStatus } from "./zotero-queries";

/**
 * Canonical IDs: statistics of the synced library, and
 * generation in batches of 100, one request per batch, so Stop takes effect after the batch under way.
 */
export function CanonicalIdsCard() {
  const status = useZoteroStatus();
  const connected = status.data?.connected === true;
  const stats = useCanonicalStats(connected);
  const { canonicalBatch } = useZoteroActions();
  const [running, setRunning] = useState(false);
  const [stopping, setStopping] = useState(false);
  const stopRequested = useRef(false);

  const generate = async () => {
    setRunning(true);
    stopRequested.current = false;
    try {
      let updated = 0;
      let left = 0;
      for (;;) {
        const result = await canonicalBatch.mutateAsync();
        updated += result.updated;
        left = result.stats.withoutCanonicalId;
        if (result.updated === 0 || result.stats.withoutCanonicalId === 0 || stopRequested.current) break;
      }
      toast({
        title: stopRequested.current ? "Canonical ID generation stopped" : "Canonical IDs generated",
        description: `${countOf(updated, "paper")} got an id${left > 0 ? `; ${countOf(left, "paper")} still without` : ""}.`,
      });
    } catch {
      toast({ variant: "destructive", title: ZOTERO_MESSAGES.canonicalErrorTitle, description: ZOTERO_MESSAGES.canonicalErrorBody });
    } finally {
      setRunning(false);
      setStopping(false);
    }
  };

  const data = stats.data;
  return (
    <Card>
      <SettingsCardHeader
        icon={Fingerprint}
        title="Canonical IDs"
        description="One id per paper from its title, authors and year, so the same paper from different sources is recognised."
      />
      <CardContent className="space-y-4">
        {!connected ? (
          <p className="text-sm text-muted-foreground">Connect and sync Zotero first.</p>
        ) : (
          <>
            <dl className="grid grid-cols-3 gap-2 text-center">
              {(
                [
                  ["Total", data?.total],
                  ["With ID", data?.withCanonicalId],
                  ["Without ID", data?.withoutCanonicalId],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-lg bg-muted/50 px-2 py-2">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="text-lg font-semibold tabular-nums">{value ?? "—"}</dd>
                </div>
              ))}
            </dl>
            <div className="flex flex-wrap items-center gap-2">
              <Button onClick={() => void generate()} disabled={running || !data || data.withoutCanonicalId === 0}>
                {running ? <Loader2 aria-hidden className="animate-spin" /> : <Play aria-hidden />}
                Generate IDs
              </Button>
              <Button
                variant="outline"
                disabled={!running || stopping}
                onClick={() => {
                  stopRequested.current = true;
                  setStopping(true);
                }}
              >
                <Square aria-hidden />
                Stop
              </Button>
              <span className="text-sm text-muted-foreground" aria-live="polite">
                {stopping ? ZOTERO_MESSAGES.canonicalStopping : ""}
              </span>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
