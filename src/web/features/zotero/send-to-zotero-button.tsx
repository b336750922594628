import { useState } from "react";
import { BookUp, Loader2 } from "lucide-react";
import type { Paper } from "@/shared/paper";
import { ZOTERO_MESSAGES } from "@/shared/zotero/zotero-messages";
import { Button } from "@/web/components/ui/button";
import { toast } from "@/web/components/ui/use-toast";
import { isApiError } from "@/web/lib/api";
import { isExportable } from "./export-to-zotero-action";
import { useSignedInUserId, useZoteroActions, useZoteroStatus } from "./zotero-queries";

/** Papers sent in one request (the server writes them to Zotero 50 at a time). */
const REQUEST_BATCH = 500;

/**
 * Sends many papers to Zotero at once: the bookmarks, or a collection's papers into the Zotero
 * collection of the same name (made when missing). Papers already in Zotero are filed there too,
 * not written twice. Signed-in users with Zotero connected only.
 */
type SendProps = { load: () => Promise<readonly { paperData: Paper }[]>; collection?: string; label?: string };

export function SendToZoteroButton(props: SendProps) {
  return useSignedInUserId() ? <SignedInSendButton {...props} /> : null;
}

function SignedInSendButton({ load, collection, label = "Send to Zotero" }: SendProps) {
  const status = useZoteroStatus();
  const { exportBatch } = useZoteroActions();
  const [busy, setBusy] = useState(false);
  if (status.data?.connected !== true) return null;

  const handleSend = async () => {
    setBusy(true);
    try {
      const papers = (await load()).map((bookmark) => bookmark.paperData).filter(isExportable);
      if (papers.length === 0) {
        toast({ title: "Nothing to send", description: "No paper here has a title and an author." });
        return;
      }
      let exported = 0;
      let already = 0;
      let failed = 0;
      for (let start = 0; start < papers.length; start += REQUEST_BATCH) {
        const result = await exportBatch.mutateAsync({ papers: papers.slice(start, start + REQUEST_BATCH), collection });
        exported += result.exported;
        already += result.alreadyInLibrary;
        failed += result.failed.length;
      }
      toast({
        variant: failed > 0 ? "destructive" : "default",
        title: failed > 0 ? ZOTERO_MESSAGES.exportFailedTitle : ZOTERO_MESSAGES.exported,
        description: `${exported} exported, ${already} already in the library${failed ? `, ${failed} failed` : ""}${collection ? ` · Zotero collection “${collection}”` : ""}.`,
      });
    } catch (error) {
      if (isApiError(error) && error.code === "not_connected") toast({ variant: "destructive", title: ZOTERO_MESSAGES.notConnectedTitle, description: ZOTERO_MESSAGES.notConnectedBody });
      else toast({ variant: "destructive", title: ZOTERO_MESSAGES.exportFailedTitle, description: isApiError(error) ? error.message : ZOTERO_MESSAGES.exportFailedBody });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="outline" onClick={() => void handleSend()} disabled={busy}>
      {busy ? <Loader2 aria-hidden className="animate-spin" /> : <BookUp aria-hidden />}
      {label}
    </Button>
  );
}
