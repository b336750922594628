import type { ReactNode } from "react";
import { AlertCircle, Download, ExternalLink, FileX2, Loader2, RefreshCw } from "lucide-react";
import type { Paper } from "@/shared/paper";
import { webLinkOrNull } from "@/shared/web-link";
import { PDF_MESSAGES } from "@/shared/pdf";
import { Button } from "@/web/components/ui/button";

/** A paper whose PDF cannot be shown in Quire: the link to it elsewhere, when it has one. */
export function NoPdf({ paper }: { paper: Paper }) {
  // Only an http(s) link becomes an href (a paper kept before links were checked may hold another).
  const external = webLinkOrNull(paper.pdfUrl) ?? webLinkOrNull(paper.links.pdf);
  return (
    <ViewerMessage
      icon={<FileX2 className="size-8 text-muted-foreground" />}
      title={external ? PDF_MESSAGES.unavailableTitle : PDF_MESSAGES.noUrl}
      text={external ? PDF_MESSAGES.unavailableText : undefined}
    >
      {external ? (
        <Button asChild variant="outline">
          <a href={external} target="_blank" rel="noreferrer">
            <ExternalLink /> Open PDF externally
          </a>
        </Button>
      ) : null}
    </ViewerMessage>
  );
}

function ViewerMessage(props: { icon: ReactNode; title: string; text?: string; children?: ReactNode }) {
  return (
    <div role="alert" className="flex min-h-[24rem] flex-col items-center justify-center gap-3 rounded-xl border border-border bg-card px-6 py-12 text-center">
      {props.icon}
      <h2 className="text-lg font-semibold">{props.title}</h2>
      {props.text ? <p className="max-w-md text-sm text-muted-foreground">{props.text}</p> : null}
      <div className="mt-2 flex flex-wrap justify-center gap-2">{props.children}</div>
    </div>
  );
}

/** "Loading PDF..." over the pages while the document opens; only for screen readers once the kept picture of the page is up. */
export function PdfLoading({ pictureShown }: { pictureShown: boolean }) {
  return (
    <div className={pictureShown ? "sr-only" : "absolute inset-0 z-10 flex items-center justify-center"} role="status" aria-live="polite">
      <div className="flex flex-col items-center gap-3 text-sm text-muted-foreground">
        <Loader2 className="size-6 animate-spin" aria-hidden />
        Loading PDF...
      </div>
    </div>
  );
}

/** The document did not open (or not in time): why, Retry, and the PDF by other ways. */
export function PdfLoadFailure(props: { timedOut: boolean; message: string; url: string; externalUrl: string; onRetry: () => void }) {
  return (
    <div className="absolute inset-0 z-10 flex items-center justify-center p-4">
      <div role="alert" className="flex max-w-md flex-col items-center gap-3 text-center">
        <AlertCircle className="size-8 text-destructive" aria-hidden />
        <h2 className="text-lg font-semibold">{props.timedOut ? PDF_MESSAGES.timeout : PDF_MESSAGES.failedRetry}</h2>
        {props.timedOut ? null : <p className="text-sm text-muted-foreground">{props.message}</p>}
        <div className="mt-1 flex flex-wrap justify-center gap-2">
          <Button type="button" onClick={props.onRetry}>
            <RefreshCw /> Retry
          </Button>
          <Button asChild variant="outline">
            <a href={props.url} download>
              <Download /> Download
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={props.externalUrl} target="_blank" rel="noreferrer">
              <ExternalLink /> Open on arXiv
            </a>
          </Button>
        </div>
      </div>
    </div>
  );
}
