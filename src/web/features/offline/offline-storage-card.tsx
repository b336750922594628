import { Link } from "react-router";
import { FileText, HardDriveDownload, Trash2 } from "lucide-react";
import { formatFileSize } from "@/shared/offline";
import { Button } from "@/web/components/ui/button";
import { SettingsCardHeader } from "@/web/components/settings-card-header";
import { Card, CardContent } from "@/web/components/ui/card";
import { isNativePlatform } from "@/web/lib/platform";
import { useKeptPapers, useRemoveKeptPaper } from "./offline-queries";
import { offlineSupported } from "./offline-store";

/**
 * Settings, Data Management: the papers kept on this device. In the native app this is the
 * spec's "Offline storage" card: the device files in
 * `pdf_cache`, each removable; in a browser, a summary and the way to /offline.
 */
export function OfflineStorageCard() {
  return offlineSupported() ? <OfflineStorage /> : null;
}

function OfflineStorage() {
  const kept = useKeptPapers();
  const remove = useRemoveKeptPaper();
  const native = isNativePlatform();
  const entries = kept.data ?? [];
  const total = entries.reduce((sum, entry) => sum + entry.fileSize, 0);

  return (
    <Card>
      <SettingsCardHeader
        icon={HardDriveDownload}
        title={native ? "Offline storage" : "Offline papers"}
        description={
          kept.isPending
            ? "Checking this device..."
            : entries.length === 0
              ? "No papers are kept on this device. Save Offline keeps a paper and its PDF for reading without a network."
              : `${entries.length === 1 ? "1 paper" : `${entries.length} papers`} kept on this device (${formatFileSize(total)}).`
        }
      />
      <CardContent className="flex flex-col gap-4">
        {native && entries.length > 0 ? (
          <ul aria-label="Device files" className="max-h-[400px] divide-y divide-border overflow-y-auto rounded-lg border border-border">
            {entries.map((entry) => (
              <li key={entry.paper.id} className="flex items-center justify-between gap-3 px-3 py-2.5">
                <div className="flex min-w-0 items-start gap-2">
                  <FileText className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <div className="min-w-0">
                    <p className="truncate font-mono text-xs">{entry.fileName ?? entry.paper.id}</p>
                    <p className="truncate text-xs text-muted-foreground">
                      {formatFileSize(entry.fileSize)} · {entry.paper.title}
                    </p>
                  </div>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 shrink-0"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(entry.paper.id)}
                  aria-label={`Remove ${entry.fileName ?? entry.paper.title}`}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <div>
          <Button asChild variant="outline">
            <Link to="/offline">Open offline papers</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
