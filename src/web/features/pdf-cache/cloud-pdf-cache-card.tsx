import { AlertTriangle, CloudDownload, FileText, Trash2 } from "lucide-react";
import { formatDateTime, formatRelativeTime } from "@/shared/format";
import { bytesToMb, PDF_CACHE_LIST_MAX_HEIGHT_PX, PDF_CACHE_MESSAGES, type CachedPdfEntry } from "@/shared/pdf-cache";
import { ConfirmAction } from "@/web/components/confirm-action";
import { Button } from "@/web/components/ui/button";
import { SettingsCardHeader } from "@/web/components/settings-card-header";
import { Card, CardContent } from "@/web/components/ui/card";
import { Skeleton } from "@/web/components/ui/skeleton";
import { EMPTY_STATS, useCachedPdfs, usePdfCacheMutations, usePdfCacheSetup, usePdfCacheStats } from "./pdf-cache-queries";

/** The spec's path of a cached paper (a redirect to its PDF in the reader). */
export function cachedPaperPath(paperId: string): string {
  return `/papers/${paperId.split("/").map(encodeURIComponent).join("/")}`;
}

const megabytes = (bytes: number) => `${bytesToMb(bytes).toFixed(2)} MB`;

function CachedPdfRow(props: { file: CachedPdfEntry; removing: boolean; onRemove: () => void }) {
  const { file } = props;
  const title = file.paperTitle || `arXiv:${file.paperId}`;
  const opens = file.accessCount === 1 ? "Opened 1 time" : `Opened ${file.accessCount} times`;
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0" aria-label={title}>
      <FileText className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <div className="min-w-0 flex-1">
        <a
          href={cachedPaperPath(file.paperId)}
          target="_blank"
          rel="noopener"
          className="line-clamp-2 text-sm font-medium break-words underline-offset-4 hover:underline"
        >
          {title}
        </a>
        {file.paperAuthors ? <p className="mt-0.5 truncate text-sm text-muted-foreground">{file.paperAuthors}</p> : null}
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
          <span>{megabytes(file.fileSize)}</span>
          <span title={formatDateTime(file.lastAccessed)}>Last accessed {formatRelativeTime(Date.parse(file.lastAccessed))}</span>
          <span>{opens}</span>
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 shrink-0 text-muted-foreground hover:text-destructive"
        aria-label={`Remove ${title} from the cache`}
        disabled={props.removing}
        onClick={props.onRemove}
      >
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}

/**
 * Cloud PDF Cache: the PDFs kept in the account's cloud
 * cache (each PDF opened while signed in is stored once, then opens from the cache), with
 * size, last access and how often it was opened; remove one, clear all, and the stats.
 * Signed-in users only (the settings page shows it to them alone).
 */
export function CloudPdfCacheCard(props: { userId: string }) {
  const files = useCachedPdfs(props.userId);
  const statsQuery = usePdfCacheStats(props.userId);
  const setup = usePdfCacheSetup(props.userId);
  const { remove, clear } = usePdfCacheMutations(props.userId);
  const stats = statsQuery.data ?? EMPTY_STATS;
  const list = files.data ?? [];
  const storageProblem = setup.error ? setup.error.message : stats.storage.ok ? null : stats.storage.reason;
  const usedPercent = stats.limitBytes > 0 ? Math.min(100, (stats.totalSize / stats.limitBytes) * 100) : 0;

  return (
    <Card id="settings-pdf-cache" className="scroll-mt-20">
      <SettingsCardHeader
        icon={CloudDownload}
        title="Cloud PDF Cache"
        description="PDFs you open are kept in your account, so they open faster next time and on every device."
      />
      <CardContent className="space-y-4">
        {storageProblem ? (
          <div role="alert" className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive dark:text-[oklch(0.78_0.13_27)]" aria-hidden />
            <div className="min-w-0">
              <p className="font-medium">{PDF_CACHE_MESSAGES.initFailed}</p>
              <p className="mt-0.5 break-words text-muted-foreground">
                {storageProblem.replace(`${PDF_CACHE_MESSAGES.initFailed}: `, "")} PDFs still open, straight from arXiv, but are not kept.
              </p>
            </div>
          </div>
        ) : null}

        <section aria-label="Cache statistics" className="space-y-2">
          <dl className="grid grid-cols-3 gap-2 text-center">
            {[
              ["Files", statsQuery.isPending ? null : String(stats.totalFiles)],
              ["Size", statsQuery.isPending ? null : `${stats.totalSizeMB.toFixed(2)} MB`],
              ["Last cached", statsQuery.isPending ? null : stats.lastCachedAt ? formatRelativeTime(Date.parse(stats.lastCachedAt)) : "Never"],
            ].map(([label, value]) => (
              <div key={label} className="rounded-lg bg-muted px-2 py-2">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="mt-0.5 text-sm font-semibold break-words tabular-nums">{value ?? <Skeleton className="mx-auto h-4 w-12" />}</dd>
              </div>
            ))}
          </dl>
          {stats.limitBytes > 0 ? (
            <div>
              <div
                className="h-1.5 overflow-hidden rounded-full bg-muted"
                role="meter"
                aria-label="Cache space used"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(usedPercent)}
              >
                <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${usedPercent}%` }} />
              </div>
              <p className="mt-1 text-xs text-muted-foreground">
                {`${megabytes(stats.totalSize)} of ${megabytes(stats.limitBytes)}; the least recently opened go first when it is full.`}
              </p>
            </div>
          ) : null}
        </section>

        {files.isPending ? (
          <div className="space-y-3" aria-label="Loading cached PDFs">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : list.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
            No cached PDFs yet. Open a paper's PDF and it is kept here.
          </p>
        ) : (
          <ul
            aria-label="Cached PDFs"
            className="divide-y divide-border overflow-y-auto overscroll-contain rounded-lg border border-border px-3 py-3"
            style={{ maxHeight: PDF_CACHE_LIST_MAX_HEIGHT_PX }}
          >
            {list.map((file) => (
              <CachedPdfRow
                key={file.paperId}
                file={file}
                removing={remove.isPending && remove.variables === file.paperId}
                onRemove={() => remove.mutate(file.paperId)}
              />
            ))}
          </ul>
        )}

        <div className="flex justify-end">
          <ConfirmAction
            trigger={
              <Button variant="outline" className="text-destructive hover:text-destructive dark:text-[oklch(0.78_0.13_27)]" disabled={clear.isPending || list.length === 0}>
                {clear.isPending ? "Clearing…" : "Clear PDF cache"}
              </Button>
            }
            title="Clear the PDF cache?"
            description="Every cached PDF is removed from your account. They are fetched from arXiv again the next time you open them."
            confirmLabel="Clear cache"
            destructive
            onConfirm={() => clear.mutate()}
          />
        </div>
      </CardContent>
    </Card>
  );
}
