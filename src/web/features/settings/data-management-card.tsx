import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { BookmarkX, Eraser, UserX } from "lucide-react";
import { countOf } from "@/shared/plural";
import { ConfirmAction } from "@/web/components/confirm-action";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { toast } from "@/web/components/ui/use-toast";
import { useBookmarks, useUserStores } from "@/web/lib/user-data/user-stores";
import { clearDeviceCaches } from "@/web/lib/user-data/device-keys";
import { clearPagePictures } from "@/web/features/reader/pdf/page-picture";
import { USER_DATA_MESSAGES } from "@/web/lib/user-data/user-data-errors";

/** Clearing the cache reloads the page this long after, so the toast can be read. */
export const CACHE_CLEAR_RELOAD_DELAY_MS = 1500;

/** The reload after clearing the cache; a seam so tests can watch it. */
export const pageReload = { reload: () => window.location.reload() };

function ActionRow(props: { icon: ReactNode; title: string; description: ReactNode; action: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="flex min-w-0 gap-3">
        <span className="mt-0.5 text-muted-foreground">{props.icon}</span>
        <div className="min-w-0">
          <h3 className="text-sm font-medium">{props.title}</h3>
          <p className="mt-0.5 text-sm text-muted-foreground">{props.description}</p>
        </div>
      </div>
      <div className="shrink-0 pl-7 sm:pl-0">{props.action}</div>
    </div>
  );
}

/**
 * Data Management: clear the cache (page state and cached
 * papers, then a reload), clear every bookmark (after a confirmation: it cannot be undone),
 * and, signed in, the way to delete the account.
 */
export function DataManagementCard(props: { signedIn: boolean }) {
  const { bookmarks: bookmarkStore, cache } = useUserStores();
  const bookmarkCount = Object.keys(useBookmarks()).length;
  const [clearingCache, setClearingCache] = useState(false);
  const [clearingBookmarks, setClearingBookmarks] = useState(false);

  const handleClearCache = async () => {
    setClearingCache(true);
    try {
      clearDeviceCaches();
      await cache.clearAll();
      await clearPagePictures();
      toast({ title: "Cache cleared", description: "The page will reload in a moment." });
      window.setTimeout(() => pageReload.reload(), CACHE_CLEAR_RELOAD_DELAY_MS);
    } catch {
      toast({ variant: "destructive", title: USER_DATA_MESSAGES.clearCacheTitle, description: USER_DATA_MESSAGES.clearCacheDescription });
      setClearingCache(false);
    }
  };

  const handleClearBookmarks = async () => {
    setClearingBookmarks(true);
    try {
      await bookmarkStore.clear();
      toast({ title: "Bookmarks cleared", description: "Every bookmark was removed." });
    } catch {
      toast({
        variant: "destructive",
        title: USER_DATA_MESSAGES.clearBookmarksTitle,
        description: USER_DATA_MESSAGES.clearBookmarksDescription,
      });
    } finally {
      setClearingBookmarks(false);
    }
  };

  const where = props.signedIn ? "from your account" : "from this device";

  return (
    <Card>
      <CardContent className="divide-y divide-border pt-6">
        <ActionRow
          icon={<Eraser className="size-4" aria-hidden />}
          title="Clear cache"
          description="Removes cached search results, papers and page state. Your bookmarks, history and settings stay."
          action={
            <Button variant="outline" onClick={() => void handleClearCache()} disabled={clearingCache}>
              {clearingCache ? "Clearing…" : "Clear cache"}
            </Button>
          }
        />
        <ActionRow
          icon={<BookmarkX className="size-4" aria-hidden />}
          title="Clear all bookmarks"
          description={`${countOf(bookmarkCount, "bookmark")} saved ${props.signedIn ? "in your account" : "on this device"}.`}
          action={
            <ConfirmAction
              trigger={
                <Button variant="outline" className="text-destructive hover:text-destructive dark:text-[oklch(0.78_0.13_27)]" disabled={clearingBookmarks}>
                  {clearingBookmarks ? "Clearing…" : "Clear all bookmarks"}
                </Button>
              }
              title="Clear all bookmarks?"
              description={`This deletes every bookmark ${where}. This action is irreversible: they cannot be restored.`}
              confirmLabel="Delete all bookmarks"
              destructive
              onConfirm={() => void handleClearBookmarks()}
            />
          }
        />
        {props.signedIn ? (
          <ActionRow
            icon={<UserX className="size-4" aria-hidden />}
            title="Delete account"
            description="Deletes your account and everything stored with it."
            action={
              <Button asChild variant="outline">
                <Link to="/delete-account">Delete account</Link>
              </Button>
            }
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
