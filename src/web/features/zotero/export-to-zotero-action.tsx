import { useState } from "react";
import { BookUp, Loader2 } from "lucide-react";
import { RowIcon } from "@/web/components/paper-list/row-icon";
import type { Paper } from "@/shared/paper";
import { ZOTERO_MESSAGES } from "@/shared/zotero/zotero-messages";
import { STACKED_ACTION } from "@/web/components/paper-list/paper-action-style";
import { Button } from "@/web/components/ui/button";
import { toast } from "@/web/components/ui/use-toast";
import { isApiError } from "@/web/lib/api";
import { cn } from "@/web/lib/utils";
import { useSignedInUserId, useZoteroActions, useZoteroStatus } from "./zotero-queries";

/** Export and share need a title and at least one author. */
export function isExportable(paper: Paper): boolean {
  return paper.title.trim() !== "" && paper.authors.some((author) => author.trim() !== "");
}

/** Sends one paper to Zotero and says how it went in the spec's toasts. */
export function useExportToZotero() {
  const { exportPaper } = useZoteroActions();
  return async (paper: Paper) => {
    try {
      const result = await exportPaper.mutateAsync(paper);
      if (result.exists) toast({ title: ZOTERO_MESSAGES.alreadyInLibrary, description: paper.title });
      else toast({ title: ZOTERO_MESSAGES.exported, description: paper.title });
    } catch (error) {
      if (isApiError(error) && error.code === "not_connected") {
        toast({ variant: "destructive", title: ZOTERO_MESSAGES.notConnectedTitle, description: ZOTERO_MESSAGES.notConnectedBody });
      } else if (isApiError(error) && error.status !== 0 && error.status < 500 && error.code !== "upstream_error") {
        toast({ variant: "destructive", title: ZOTERO_MESSAGES.exportErrorTitle, description: error.message || ZOTERO_MESSAGES.exportErrorBody });
      } else if (isApiError(error)) {
        toast({ variant: "destructive", title: ZOTERO_MESSAGES.exportFailedTitle, description: ZOTERO_MESSAGES.exportFailedBody });
      } else {
        toast({ variant: "destructive", title: ZOTERO_MESSAGES.exportErrorTitle, description: ZOTERO_MESSAGES.exportErrorBody });
      }
    }
  };
}

/**
 * The paper row's "Export to Zotero": for signed-in
 * users (Zotero needs an account), enabled when Zotero is connected and the paper has a title
 * and an author. Icons in table rows, labelled on cards, like the row's other actions.
 */
export function ExportToZoteroAction(props: { paper: Paper; layout: "icons" | "labels" }) {
  // Anonymous visitors (and the server's page previews) get nothing, and no query either; nor
  // do items listed from Zotero itself.
  return useSignedInUserId() && props.paper.source !== "zotero" ? <SignedInExportAction {...props} /> : null;
}

/** ExportToZoteroAction for a row of a list that reads the session once for all its rows. */
export function ExportToZoteroRowAction({ signedIn, ...props }: { paper: Paper; layout: "icons" | "labels"; signedIn: boolean }) {
  return signedIn && props.paper.source !== "zotero" ? <SignedInExportAction {...props} /> : null;
}

function SignedInExportAction({ paper, layout }: { paper: Paper; layout: "icons" | "labels" }) {
  const status = useZoteroStatus();
  const exportToZotero = useExportToZotero();
  const [busy, setBusy] = useState(false);
  const iconOnly = layout === "icons";
  const notConnected = status.data !== undefined && !status.data.connected;
  const disabled = busy || !isExportable(paper) || notConnected;
  const hint = notConnected ? "Connect Zotero in Settings to export" : !isExportable(paper) ? "Needs a title and an author" : "Export to Zotero";
  return (
    <Button
      variant="ghost"
      size={iconOnly ? "icon" : "sm"}
      disabled={disabled}
      aria-label={iconOnly ? "Export to Zotero" : undefined}
      data-hint={iconOnly ? hint : undefined}
      title={iconOnly ? undefined : notConnected ? hint : undefined}
      className={cn(iconOnly ? "size-8" : STACKED_ACTION)}
      onClick={() => {
        setBusy(true);
        void exportToZotero(paper).finally(() => setBusy(false));
      }}
    >
      <RowIcon name={busy ? "loader-circle" : "book-up"} className={busy ? "animate-spin" : undefined} />
      {iconOnly ? null : "Zotero"}
    </Button>
  );
}

/** The reader's "Export to Zotero" (a labelled button in its actions row; signed-in users only). */
export function ExportToZoteroButton({ paper }: { paper: Paper }) {
  return useSignedInUserId() ? <SignedInExportButton paper={paper} /> : null;
}

function SignedInExportButton({ paper }: { paper: Paper }) {
  const status = useZoteroStatus();
  const exportToZotero = useExportToZotero();
  const [busy, setBusy] = useState(false);
  const notConnected = status.data !== undefined && !status.data.connected;
  const Icon = busy ? Loader2 : BookUp;
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={busy || notConnected || !isExportable(paper)}
      title={notConnected ? "Connect Zotero in Settings to export" : undefined}
      onClick={() => {
        setBusy(true);
        void exportToZotero(paper).finally(() => setBusy(false));
      }}
    >
      <Icon aria-hidden className={cn(busy && "animate-spin")} />
      Export to Zotero
    </Button>
  );
}
