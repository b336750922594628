import { useState } from "react";
import { ArrowDownToLine, ArrowUpFromLine, ChevronDown, RefreshCw } from "lucide-react";
import type { ConflictChoice, SyncComparison, SyncConflict } from "@/shared/library/bookmark-sync";
import { formatDateTime } from "@/shared/format";
import { countOf, plural } from "@/shared/plural";
import { Button } from "@/web/components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/web/components/ui/alert-dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/web/components/ui/dropdown-menu";
import { useUserStores } from "@/web/lib/user-data/user-stores";
import { announceSync, applySync, compareDeviceWithAccount, type SyncMode } from "./library-sync";

const KIND_LABELS: Record<SyncConflict["kind"], string> = {
  date_mismatch: "Added on different dates",
  data_mismatch: "Different paper data or collections",
};

type Pending = { mode: SyncMode; comparison: SyncComparison };

/** The conflict dialog's summary: "1 bookmark differs between this device and your account. 2 are only on…". */
function describeComparison(comparison: SyncComparison): string {
  const { conflicts, localOnly, serverOnly, identical } = comparison;
  return (
    `${countOf(conflicts.length, "bookmark")} ${plural(conflicts.length, "differs", "differ")} between this device and your account. ` +
    `${localOnly.length} ${plural(localOnly.length, "is", "are")} only on this device, ${serverOnly.length} only in your account ` +
    `and ${identical} ${plural(identical, "is", "are")} identical.`
  );
}

/**
 * The Sync menu (signed-in only): push this device's bookmarks to the account, pull the
 * account's to this device, or both. Bookmarks that differ are listed for the user to choose
 * a side; nothing is overwritten without that choice.
 */
export function SyncMenu() {
  const stores = useUserStores();
  const [pending, setPending] = useState<Pending | null>(null);
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({});
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const run = async (mode: SyncMode, comparison: SyncComparison, chosen: Record<string, ConflictChoice>) => {
    try {
      const outcome = await applySync(mode, comparison, chosen, stores, (done, total) => setProgress({ done, total }));
      announceSync(mode, outcome);
    } catch {
      announceSync(mode, "failed");
    } finally {
      setProgress(null);
    }
  };

  const handleStart = async (mode: SyncMode) => {
    setProgress({ done: 0, total: 0 });
    let comparison: SyncComparison;
    try {
      comparison = await compareDeviceWithAccount(stores);
    } catch {
      setProgress(null);
      announceSync(mode, "failed");
      return;
    }
    if (comparison.conflicts.length > 0) {
      setProgress(null);
      setChoices({});
      setPending({ mode, comparison });
      return;
    }
    await run(mode, comparison, {});
  };

  const handleApply = async () => {
    if (!pending) return;
    const { mode, comparison } = pending;
    setPending(null);
    await run(mode, comparison, choices);
  };

  const chooseAll = (choice: ConflictChoice) =>
    setChoices(Object.fromEntries((pending?.comparison.conflicts ?? []).map((conflict) => [conflict.paperId, choice])));

  const unresolved = pending ? pending.comparison.conflicts.filter((conflict) => !choices[conflict.paperId]).length : 0;
  const busy = progress !== null;

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" disabled={busy}>
            <RefreshCw aria-hidden className={busy ? "animate-spin" : undefined} />
            Sync
            <ChevronDown aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => void handleStart("push")}>
            <ArrowUpFromLine aria-hidden />
            Push device bookmarks to account
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void handleStart("pull")}>
            <ArrowDownToLine aria-hidden />
            Pull account bookmarks to device
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void handleStart("two-way")}>
            <RefreshCw aria-hidden />
            Two-way sync
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {progress && progress.total > 0 ? (
        <div className="w-full sm:w-48" role="status" aria-label="Sync progress">
          <progress className="h-2 w-full accent-primary" max={progress.total} value={progress.done} />
          <p className="text-xs text-muted-foreground">
            {progress.done} of {progress.total}
          </p>
        </div>
      ) : null}

      <AlertDialog open={pending !== null} onOpenChange={(open) => (open ? undefined : setPending(null))}>
        <AlertDialogContent className="max-w-2xl">
          <AlertDialogHeader>
            <AlertDialogTitle>Choose which copy to keep</AlertDialogTitle>
            <AlertDialogDescription>
              {pending ? describeComparison(pending.comparison) : null}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => chooseAll("local")}>
              Keep all from this device
            </Button>
            <Button variant="outline" size="sm" onClick={() => chooseAll("server")}>
              Keep all from account
            </Button>
          </div>
          <ul className="max-h-[50vh] space-y-3 overflow-y-auto pr-1" aria-label="Conflicting bookmarks">
            {pending?.comparison.conflicts.map((conflict) => (
              <li key={conflict.paperId} className="rounded-lg border border-border p-3">
                <p className="font-medium break-words">{conflict.local.paperData.title || conflict.paperId}</p>
                <p className="text-xs text-muted-foreground">{KIND_LABELS[conflict.kind]}</p>
                <fieldset className="mt-2 grid gap-2 sm:grid-cols-2">
                  <legend className="sr-only">Keep for {conflict.local.paperData.title || conflict.paperId}</legend>
                  {(["local", "server"] as const).map((side) => {
                    const copy = side === "local" ? conflict.local : conflict.server;
                    return (
                      <label key={side} className="flex cursor-pointer items-start gap-2 rounded-md border border-border p-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5">
                        <input
                          type="radio"
                          name={`conflict-${conflict.paperId}`}
                          checked={choices[conflict.paperId] === side}
                          onChange={() => setChoices((current) => ({ ...current, [conflict.paperId]: side }))}
                          className="mt-1 accent-primary"
                        />
                        <span className="min-w-0">
                          <span className="block font-medium">{side === "local" ? "This device" : "Account"}</span>
                          <span className="block text-xs text-muted-foreground">Added {formatDateTime(copy.dateAdded)}</span>
                          <span className="block truncate text-xs text-muted-foreground">{copy.paperData.title}</span>
                          {copy.collections.length > 0 ? <span className="block text-xs text-muted-foreground">In {copy.collections.join(", ")}</span> : null}
                        </span>
                      </label>
                    );
                  })}
                </fieldset>
              </li>
            ))}
          </ul>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <Button onClick={() => void handleApply()} disabled={unresolved > 0}>
              {unresolved > 0 ? `Choose ${unresolved} more` : "Apply sync"}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
