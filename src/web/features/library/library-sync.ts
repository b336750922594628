import { compareBookmarks, planTwoWaySync, SYNC_MESSAGES, type ConflictChoice, type SyncComparison } from "@/shared/library/bookmark-sync";
import { countOf } from "@/shared/plural";
import { toast } from "@/web/components/ui/use-toast";
import type { LocalBookmark } from "@/web/lib/user-data/bookmark-store";
import { putBookmarkBatches } from "@/web/lib/user-data/server-bookmark-store";
import { getDeviceStores } from "@/web/lib/user-data/user-stores";
import type { UserStores } from "@/web/lib/user-data/user-stores-types";

/** Push sends the device's bookmarks up, pull brings the account's down, two-way does both. */
export type SyncMode = "push" | "pull" | "two-way";

/** The device's bookmarks (localStorage `bookmarks`) against the account's. */
export async function compareDeviceWithAccount(stores: UserStores): Promise<SyncComparison> {
  const device = await getDeviceStores().bookmarks.all();
  const server = await stores.bookmarks.all();
  return compareBookmarks(device, server);
}

/**
 * Applies a sync once every conflict has a choice. Writes are idempotent upserts by paper id
 * (server batches, device map entries), so a sync cut off halfway and run again leaves each
 * bookmark exactly once. Returns how many bookmarks were written to each side.
 */
export async function applySync(
  mode: SyncMode,
  comparison: SyncComparison,
  choices: Readonly<Record<string, ConflictChoice>>,
  stores: UserStores,
  onProgress?: (done: number, total: number) => void,
): Promise<{ toServer: number; toDevice: number }> {
  const plan = planTwoWaySync(comparison, choices);
  const toServer = mode === "pull" ? [] : plan.toServer;
  // Conflicts the user settled for the device are written there whatever the mode: the choice was theirs.
  const chosenForDevice = new Set(comparison.conflicts.filter((c) => choices[c.paperId] === "server").map((c) => c.paperId));
  const toDevice = (mode === "push" ? plan.toDevice.filter((b) => chosenForDevice.has(b.paperId)) : plan.toDevice) as LocalBookmark[];
  const total = toServer.length + toDevice.length;
  onProgress?.(0, total);
  await putBookmarkBatches(toServer as LocalBookmark[], (done) => onProgress?.(done, total));
  await getDeviceStores().bookmarks.putMany(toDevice);
  onProgress?.(total, total);
  await stores.bookmarks.reload();
  return { toServer: toServer.length, toDevice: toDevice.length };
}

/** The spec's toast for a finished or failed sync. */
export function announceSync(mode: SyncMode, outcome: { toServer: number; toDevice: number } | "failed"): void {
  if (outcome === "failed") {
    const description = mode === "push" ? SYNC_MESSAGES.failedToDatabase : mode === "pull" ? SYNC_MESSAGES.failedToFrom : SYNC_MESSAGES.failedTwoWay;
    toast({ variant: "destructive", title: SYNC_MESSAGES.failedTitle, description });
    return;
  }
  if (mode === "push") toast({ title: SYNC_MESSAGES.successTitle, description: SYNC_MESSAGES.syncedToDatabase(outcome.toServer) });
  else if (mode === "pull") toast({ title: SYNC_MESSAGES.successTitle, description: `Synced ${countOf(outcome.toDevice, "bookmark")} to this device` });
  else toast({ title: SYNC_MESSAGES.twoWayDone, description: `${outcome.toServer} sent to your account, ${outcome.toDevice} saved on this device.` });
}
