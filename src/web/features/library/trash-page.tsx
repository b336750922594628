import { useCallback, useEffect, useState } from "react";
import { FolderOpen, RotateCcw, Trash2, X } from "lucide-react";
import { formatDateTime } from "@/shared/format";
import { countOf } from "@/shared/plural";
import { Button } from "@/web/components/ui/button";
import { toast } from "@/web/components/ui/use-toast";
import type { TrashedBookmark } from "@/web/lib/user-data/bookmark-store";
import { useUserStores } from "@/web/lib/user-data/user-stores";
import { LibraryShell } from "./library-shell";
import { useCollections } from "./use-collections";

/** /trash: deleted bookmarks and collections, restored or deleted for good. */
export function TrashPage() {
  const { bookmarks: store } = useUserStores();
  const library = useCollections();
  const [trashed, setTrashed] = useState<TrashedBookmark[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      setTrashed(await store.listTrash());
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [store]);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (work: () => Promise<void>, done: string) => {
    try {
      await work();
      toast({ title: done });
    } catch {
      toast({ variant: "destructive", title: "Something went wrong. Please try again." });
    }
    await load();
  };

  const empty = trashed !== null && trashed.length === 0 && library.trashed.length === 0;

  return (
    <LibraryShell title="Trash" description="Deleted bookmarks and collections stay here until you restore them or delete them for good.">
      {failed ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
          Failed to load bookmarks
        </p>
      ) : null}
      {empty ? (
        <div className="rounded-xl border border-dashed border-border px-6 py-12 text-center">
          <Trash2 aria-hidden className="mx-auto size-8 text-muted-foreground" />
          <h2 className="mt-3 font-serif text-lg font-semibold">Trash is empty</h2>
        </div>
      ) : (
        <ul aria-label="Items in Trash" className="divide-y divide-border rounded-xl border border-border">
          {library.trashed.map((item) => (
            <li key={`collection-${item.name}`} className="flex flex-wrap items-center gap-3 p-3">
              <FolderOpen aria-hidden className="size-5 shrink-0 text-muted-foreground" />
              <div className="min-w-0 flex-[1_1_14rem]">
                <p className="font-medium break-words">{item.name}</p>
                <p className="text-xs text-muted-foreground">
                  Collection · {countOf(item.paperIds.length, "paper")} · deleted {formatDateTime(item.deletedAt)}
                </p>
              </div>
              <TrashActions
                label={item.name}
                onRestore={() => void act(() => library.restore(item.name), "Collection restored")}
                onPurge={() => void act(() => library.purge(item.name), "Collection deleted permanently")}
              />
            </li>
          ))}
          {(trashed ?? []).map((item) => (
            <li key={`bookmark-${item.bookmark.paperId}`} className="flex flex-wrap items-center gap-3 p-3">
              <Trash2 aria-hidden className="size-5 shrink-0 text-muted-foreground" />
              <div className="min-w-0 flex-[1_1_14rem]">
                <p className="font-medium break-words">{item.bookmark.paperData.title || item.bookmark.paperId}</p>
                <p className="text-xs text-muted-foreground">
                  Bookmark · {item.bookmark.paperData.authors.slice(0, 3).join(", ")}
                  {item.deletedAt ? ` · deleted ${formatDateTime(item.deletedAt)}` : ""}
                </p>
              </div>
              <TrashActions
                label={item.bookmark.paperData.title || item.bookmark.paperId}
                onRestore={() => void act(() => store.restore(item.bookmark.paperId), "Bookmark restored")}
                onPurge={() => void act(() => store.purge(item.bookmark.paperId), "Bookmark deleted permanently")}
              />
            </li>
          ))}
        </ul>
      )}
    </LibraryShell>
  );
}

/** Restore and Delete permanently; on a phone they wrap under the title (its basis is 14rem) instead of squeezing it. */
function TrashActions({ label, onRestore, onPurge }: { label: string; onRestore: () => void; onPurge: () => void }) {
  return (
    <div className="ml-auto flex gap-2">
      <Button variant="outline" size="sm" onClick={onRestore} aria-label={`Restore ${label}`}>
        <RotateCcw aria-hidden />
        Restore
      </Button>
      <Button variant="ghost" size="sm" onClick={onPurge} aria-label={`Delete ${label} permanently`} className="text-destructive hover:text-destructive">
        <X aria-hidden />
        Delete permanently
      </Button>
    </div>
  );
}
