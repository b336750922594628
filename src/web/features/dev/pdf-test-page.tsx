import { useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { FileDown, RefreshCw } from "lucide-react";
import { formatDateTime } from "@/shared/format";
import { pdfProxyPath } from "@/shared/pdf";
import { bytesToMb, PDF_CACHE_MESSAGES } from "@/shared/pdf-cache";
import { DataTable, ToolPage, ToolSection } from "@/web/components/tool-page";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { pdfCacheKeys, useCachedPdfs, usePdfCacheSetup, usePdfCacheStats } from "@/web/features/pdf-cache/pdf-cache-queries";
import { FieldList } from "@/web/features/user-data/user-data-sections";
import { useCurrentUser } from "@/web/hooks/use-current-user";
import { api } from "@/web/lib/api";
import { apiOrigin } from "@/web/lib/platform";

/** One open of a PDF through the proxy, as the cache answered it. */
type Trial = { paperId: string; status: number; cache: string; reason: string | null; bytes: number; ms: number; at: string };

/** Opens a paper's PDF through the proxy as the reader does and reads what the cache did. */
async function openThroughProxy(paperId: string): Promise<Trial> {
  const started = performance.now();
  const response = await fetch(`${apiOrigin()}${pdfProxyPath(paperId)}`, { credentials: "include", cache: "no-store" });
  const body = await response.arrayBuffer();
  return {
    paperId,
    status: response.status,
    cache: response.headers.get("x-pdf-cache") ?? "none",
    reason: response.headers.get("x-pdf-cache-reason"),
    bytes: body.byteLength,
    ms: Math.round(performance.now() - started),
    at: new Date().toISOString(),
  };
}

/** How long the test waits for a first open's PDF to be stored before opening it again. */
const STORE_WAIT_MS = 10_000;

/** Resolves once the cache lists the paper, or after `ms` (the second open then says why it missed). */
async function storedWithin(paperId: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const { files } = await api.get<{ files: { paperId: string }[] }>("/api/pdf-cache");
    if (files.some((file) => file.paperId === paperId)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The paper the test opens unless told otherwise: a real arXiv paper that the demo's sandbox
 * corpus also holds with a PDF, so the first test works against either.
 */
export const PDF_TEST_DEFAULT_PAPER = "2605.07811";

function Signedin({ userId }: { userId: string }) {
  const client = useQueryClient();
  const [paperId, setPaperId] = useState(PDF_TEST_DEFAULT_PAPER);
  const [trials, setTrials] = useState<Trial[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const setup = usePdfCacheSetup(userId);
  const stats = usePdfCacheStats(userId);
  const files = useCachedPdfs(userId);

  const run = async (event: FormEvent) => {
    event.preventDefault();
    const id = paperId.trim();
    if (!id) return;
    setBusy(true);
    setProblem(null);
    try {
      // Twice: the first open stores the PDF (a miss, stored once the whole file has passed
      // through), the second should come from the cache (a hit).
      const first = await openThroughProxy(id);
      if (first.status === 200 && first.cache === "miss") await storedWithin(id, STORE_WAIT_MS);
      const second = first.status === 200 ? await openThroughProxy(id) : null;
      setTrials((previous) => [...(second ? [second] : []), first, ...previous].slice(0, 20));
      await client.invalidateQueries({ queryKey: [...pdfCacheKeys.all, userId] });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : "The PDF could not be opened.");
    } finally {
      setBusy(false);
    }
  };

  const storage = stats.data?.storage;
  return (
    <>
      <ToolSection id="storage" title="Storage" description="The cache's object store, and the user's share of it.">
        <FieldList
          rows={[
            ["Setup", setup.isPending ? "Checking…" : setup.isError ? PDF_CACHE_MESSAGES.initFailed : (setup.data?.note ?? "Ready")],
            ["Store", storage ? <Badge key="store" variant={storage.ok ? "secondary" : "destructive"}>{`${storage.kind}${storage.ok ? "" : `: ${storage.reason ?? "unavailable"}`}`}</Badge> : "—"],
            ["Files", stats.data ? String(stats.data.totalFiles) : "—"],
            ["Size", stats.data ? `${stats.data.totalSizeMB} MB of ${bytesToMb(stats.data.limitBytes)} MB` : "—"],
            ["Last cached", stats.data?.lastCachedAt ? formatDateTime(stats.data.lastCachedAt) : "—"],
          ]}
        />
      </ToolSection>
      <ToolSection id="open" title="Open a PDF twice" description="The first open goes to arXiv through the proxy and is stored; the second should be a cache hit.">
        <form onSubmit={run} className="flex flex-col gap-2 sm:flex-row">
          <Label htmlFor="pdf-test-id" className="sr-only">
            arXiv id
          </Label>
          <Input id="pdf-test-id" value={paperId} onChange={(event) => setPaperId(event.target.value)} placeholder={`arXiv id, e.g. ${PDF_TEST_DEFAULT_PAPER}`} className="flex-1" />
          <Button type="submit" disabled={!paperId.trim() || busy}>
            <FileDown aria-hidden />
            {busy ? "Opening…" : "Test cache"}
          </Button>
        </form>
        {problem ? <p role="alert" className="mt-2 text-sm text-destructive">{problem}</p> : null}
        <div className="mt-3">
          <DataTable
            caption="Opens"
            columns={[
              { header: "Paper", cell: (row) => <code className="font-mono text-xs">{row.paperId}</code> },
              { header: "Status", cell: (row) => row.status },
              { header: "Cache", cell: (row) => <Badge variant={row.cache === "hit" ? "secondary" : "outline"}>{row.reason ? `${row.cache} (${row.reason})` : row.cache}</Badge> },
              { header: "Size", cell: (row) => `${bytesToMb(row.bytes)} MB`, align: "right" },
              { header: "Time", cell: (row) => `${row.ms} ms`, align: "right" },
            ]}
            rows={trials}
            rowKey={(row) => `${row.paperId}-${row.at}-${row.cache}`}
            empty="No opens yet."
          />
        </div>
      </ToolSection>
      <ToolSection
        id="files"
        title="Cached files"
        tools={
          <Button type="button" variant="outline" size="sm" onClick={() => void client.invalidateQueries({ queryKey: [...pdfCacheKeys.all, userId] })}>
            <RefreshCw aria-hidden />
            Refresh
          </Button>
        }
      >
        <DataTable
          caption="Cached files"
          columns={[
            { header: "Paper", cell: (row) => row.paperTitle ?? row.paperId },
            { header: "Size", cell: (row) => `${bytesToMb(row.fileSize)} MB`, align: "right" },
            { header: "Opens", cell: (row) => row.accessCount, align: "right" },
            { header: "Last opened", cell: (row) => formatDateTime(row.lastAccessed), className: "whitespace-nowrap" },
          ]}
          rows={files.data ?? []}
          rowKey={(row) => row.paperId}
          empty={files.isPending ? "Loading…" : "No cached files."}
        />
      </ToolSection>
    </>
  );
}

/**
 * /dev/pdf-test: the cloud cache's
 * storage and the user's stats, a paper opened twice through the proxy with what the cache did
 * each time (X-PDF-Cache and its reason, size, time), and the cached files.
 */
export function PdfTestPage() {
  const { user, isPending } = useCurrentUser();
  return (
    <ToolPage title="PDF Test" description="Tries the cloud PDF cache the reader uses.">
      {user ? <Signedin userId={user.id} /> : <p className="text-sm text-muted-foreground">{isPending ? "Loading…" : PDF_CACHE_MESSAGES.signInToTest}</p>}
    </ToolPage>
  );
}
