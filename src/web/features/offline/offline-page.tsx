import { Link } from "react-router";
import { AlertCircle, BookOpen, CloudOff, HardDriveDownload, Search, Trash2 } from "lucide-react";
import { APP_NAME } from "@/shared/constants";
import { formatAuthorName, formatDateTime } from "@/shared/format";
import { formatFileSize } from "@/shared/offline";
import { EmptyState } from "@/web/components/empty-state";
import { Button } from "@/web/components/ui/button";
import { Skeleton } from "@/web/components/ui/skeleton";
import { useOnlineStatus } from "@/web/hooks/use-online-status";
import { keptPaperPath } from "./kept-paper-links";
import { useKeptPapers, useRemoveKeptPaper } from "./offline-queries";
import { offlineSupported, type KeptPaper } from "./offline-store";

/**
 * /offline: the papers kept on this device for offline reading (Save Offline), each opened in
 * the reader, with or without the network, or removed.
 */
export function OfflinePage() {
  const kept = useKeptPapers();
  const online = useOnlineStatus();

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>{`Offline Papers · ${APP_NAME}`}</title>
      <h1 className="font-serif text-2xl font-semibold tracking-tight sm:text-3xl">Offline Papers</h1>
      <p className="mt-1 text-sm text-muted-foreground">
        Papers kept on this device with Save Offline: their details, abstract and PDF open here without a network connection.
      </p>
      {!online ? (
        <p role="status" className="mt-4 rounded-lg border border-border bg-muted/50 px-4 py-3 text-sm">
          You are offline. The papers below open from this device.
        </p>
      ) : null}
      <div className="mt-6">
        {!offlineSupported() ? (
          <EmptyState icon={CloudOff} tone="muted" title="Offline reading is not available">
            This browser cannot keep papers for offline reading.
          </EmptyState>
        ) : kept.isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            <Skeleton className="h-20 w-full rounded-xl" />
            <Skeleton className="h-20 w-full rounded-xl" />
          </div>
        ) : kept.isError ? (
          <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
            <AlertCircle className="size-4" aria-hidden />
            The kept papers could not be read from this device.
          </p>
        ) : kept.data.length === 0 ? (
          <EmptyState
            icon={HardDriveDownload}
            title="No papers kept offline"
            actions={
              <Button asChild>
                <Link to="/search">
                  <Search aria-hidden />
                  Search papers
                </Link>
              </Button>
            }
          >
            Use Save Offline on a paper to read it here without a network connection.
          </EmptyState>
        ) : (
          <>
            <p className="mb-3 text-sm text-muted-foreground">
              {kept.data.length === 1 ? "1 paper" : `${kept.data.length} papers`}, {formatFileSize(kept.data.reduce((total, entry) => total + entry.fileSize, 0))} on this device
            </p>
            <ul className="flex flex-col gap-3" aria-label="Kept papers">
              {kept.data.map((entry) => (
                <KeptPaperRow key={entry.paper.id} kept={entry} />
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}

function KeptPaperRow({ kept }: { kept: KeptPaper }) {
  const remove = useRemoveKeptPaper();
  const { paper } = kept;
  const authors = paper.authors.map(formatAuthorName).filter(Boolean);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-xs sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h2 className="font-serif text-base leading-snug font-semibold text-pretty">
          <Link to={keptPaperPath(paper)} className="hover:underline">
            {paper.title}
          </Link>
        </h2>
        <p className="mt-0.5 truncate text-sm text-muted-foreground">{authors.length > 0 ? authors.join(", ") : "Unknown authors"}</p>
        <p className="mt-1 text-xs text-muted-foreground">
          {formatFileSize(kept.fileSize)} · kept {formatDateTime(kept.savedAt)}
          {kept.fileName ? <span className="font-mono"> · {kept.fileName}</span> : null}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button asChild size="sm">
          <Link to={keptPaperPath(paper)} aria-label={`Read ${paper.title}`}>
            <BookOpen aria-hidden />
            Read
          </Link>
        </Button>
        <Button variant="outline" size="sm" disabled={remove.isPending} onClick={() => remove.mutate(paper.id)} aria-label={`Remove ${paper.title}`}>
          <Trash2 aria-hidden />
          Remove
        </Button>
      </div>
    </li>
  );
}
