import type { Paper } from "@/shared/paper";
import { toast } from "@/web/components/ui/use-toast";
import { useZoteroDuplicateNote } from "@/web/features/zotero/use-zotero-duplicate-note";
import { track } from "@/web/lib/analytics";
import { duplicateNotice } from "@/web/lib/user-data/bookmark-duplicates";
import { useBookmarks, useUserStores } from "@/web/lib/user-data/user-stores";
import { entryFor } from "@/web/lib/user-data/paper-key";

/**
 * The Bookmark toggle. Adding a paper already bookmarked under another
 * id (another source, another version, the published version) tells the user instead of
 * adding a second copy.
 */
export function useBookmarkToggle(paper: Paper): { bookmarked: boolean; toggle: () => Promise<void> } {
  const bookmarks = useBookmarks();
  const toggleBookmark = useBookmarkToggler();
  const bookmarked = Boolean(entryFor(bookmarks, paper.id));
  return { bookmarked, toggle: () => toggleBookmark(paper, bookmarked) };
}

/**
 * The Bookmark toggle for any paper, for a list that reads the bookmarks once for all its rows
 * (useBookmarks) and tells each row whether its paper is bookmarked.
 */
export function useBookmarkToggler(): (paper: Paper, bookmarked: boolean) => Promise<void> {
  const { bookmarks: store } = useUserStores();
  const zoteroNote = useZoteroDuplicateNote();
  return async (paper: Paper, bookmarked: boolean) => {
    try {
      const duplicate = bookmarked ? null : await store.findDuplicate(paper);
      if (duplicate) {
        toast(await duplicateNotice(duplicate));
        return;
      }
      if (bookmarked) {
        await store.remove(paper.id);
        track("bookmark", { action: "remove", paperId: paper.id, source: paper.source });
        toast({ title: "Bookmark removed", description: paper.title });
      } else {
        await store.add(paper);
        track("bookmark", { action: "add", paperId: paper.id, source: paper.source });
        // A paper already in the user's Zotero library says so (Zotero in the duplicate check).
        const inZotero = await zoteroNote(paper);
        toast({ title: "Bookmark added", description: inZotero ? `${paper.title} — ${inZotero}` : paper.title });
      }
    } catch {
      toast({ variant: "destructive", title: bookmarked ? "Failed to delete bookmark" : "Failed to save bookmark" });
    }
  };
}
