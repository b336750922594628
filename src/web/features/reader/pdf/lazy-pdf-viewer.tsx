import { useEffect, useState } from "react";
import { Loader2 } from "lucide-react";
import type { Paper } from "@/shared/paper";

type ViewerModule = typeof import("./pdf-viewer");

// pdf.js (and the viewer around it) loads only when a PDF is opened, never with the app.
let loadedViewer: ViewerModule | null = null;
let loadingViewer: Promise<ViewerModule> | null = null;
function loadViewer(): Promise<ViewerModule> {
  loadingViewer ??= import("./pdf-viewer").then(
    (module) => (loadedViewer = module),
    (error: unknown) => {
      // A chunk that failed to arrive (offline) is asked for again next time.
      loadingViewer = null;
      throw error;
    },
  );
  return loadingViewer;
}

/**
 * Arriving straight at /pdf/{id}: fetch the viewer and start on the PDF while the paper's
 * details load, rather than one after the other.
 */
function startEarly(pathname: string): void {
  const match = /^\/pdf\/(.+)$/.exec(pathname);
  if (!match?.[1]) return;
  let id: string;
  try {
    id = decodeURIComponent(match[1]);
  } catch {
    return;
  }
  if (!/^\d{4}\.\d{4,5}(v\d+)?$|^[a-z-]+(\.[A-Z]{2})?\/\d{7}(v\d+)?$/.test(id)) return;
  void loadViewer().catch(() => undefined);
  void import("./pdf-document").then(({ pdfProxyUrl, prefetchPdf }) => prefetchPdf(pdfProxyUrl(id)));
}
if (typeof window !== "undefined") startEarly(window.location.pathname);

function ViewerLoading() {
  return (
    <div className="flex h-[calc(100dvh-8rem)] min-h-[26rem] items-center justify-center rounded-xl border border-border bg-muted/50 sm:h-[calc(100dvh-10rem)]" role="status">
      <div className="flex flex-col items-center gap-3 text-sm text-muted-foreground">
        <Loader2 className="size-6 animate-spin" aria-hidden />
        Loading PDF...
      </div>
    </div>
  );
}

/**
 * The PDF viewer of the reader, loaded on demand. Not React.lazy: a Suspense boundary holds
 * content it could show back for up to 300 ms after its fallback appeared, and the viewer's
 * code is usually here already (started with the page, see startEarly and static-site.ts).
 */
export function LazyPdfViewer(props: { paper: Paper | undefined; paperId: string }): React.JSX.Element {
  const [viewer, setViewer] = useState<ViewerModule | null>(loadedViewer);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (viewer) return;
    let alive = true;
    loadViewer().then(
      (module) => alive && setViewer(module),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [viewer]);
  if (failed) throw new Error("The PDF viewer could not be loaded.");
  if (!viewer) return <ViewerLoading />;
  const PdfViewer = viewer.default;
  return <PdfViewer paper={props.paper} paperId={props.paperId} />;
}
