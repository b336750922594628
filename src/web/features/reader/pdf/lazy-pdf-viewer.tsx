import { Loader2 } from "lucide-react";
import type { Paper } from "@/shared/paper";
import { pdfPagePdfUrl } from "@/shared/pdf";
import { apiOrigin } from "@/web/lib/platform";
import { createModuleLoader, useModule } from "@/web/lib/module-loader";
import { useAppOnPage } from "@/web/lib/page-preview";

// pdf.js (and the viewer around it) loads only when a PDF is opened, never with the app.
const viewerModule = createModuleLoader(() =>
  import("./pdf-viewer").catch(() => {
    throw new Error("The PDF viewer could not be loaded.");
  }),
);

/**
 * Arriving straight at /pdf/{id}: fetch the viewer and start on the PDF while the paper's
 * details load, rather than one after the other.
 */
function startEarly(pathname: string): void {
  const path = pdfPagePdfUrl(pathname);
  if (!path) return;
  void viewerModule.load().catch(() => undefined);
  void import("./pdf-document").then(({ prefetchPdf }) => prefetchPdf(`${apiOrigin()}${path}`));
}
if (typeof window !== "undefined") startEarly(window.location.pathname);

/**
 * The viewer's place while its code loads, as tall as the viewer. Marked for the early page
 * (early-page.ts): over the server's drawing of the page, page 1 goes up where the viewer will
 * draw it.
 */
function ViewerLoading() {
  return (
    <div
      className="flex h-[calc(100dvh-8rem)] min-h-[26rem] items-center justify-center rounded-xl border border-border bg-muted/50 sm:h-[calc(100dvh-10rem)]"
      role="status"
      data-pdf-place=""
    >
      <div className="flex flex-col items-center gap-3 text-sm text-muted-foreground">
        <Loader2 className="size-6 animate-spin" aria-hidden />
        Loading PDF...
      </div>
    </div>
  );
}

/**
 * The PDF viewer of the reader, loaded on demand. Not React.lazy (see module-loader.ts): the
 * viewer's code is usually here already (started with the page, see startEarly). A failed
 * download goes to the route's error page.
 */
export function LazyPdfViewer(props: { paper: Paper | undefined; paperId: string }): React.JSX.Element {
  const viewer = useModule(viewerModule);
  // Behind the server's drawing of the page, the viewer waits to be on the page: it fits page 1
  // to its width and takes the early page over (early-page.ts), neither of which it can do off it.
  const onPage = useAppOnPage();
  if (!viewer || !onPage) return <ViewerLoading />;
  const PdfViewer = viewer.default;
  return <PdfViewer paper={props.paper} paperId={props.paperId} />;
}
