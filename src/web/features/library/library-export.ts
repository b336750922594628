import { EXPORT_MESSAGES, type ExportFormat } from "@/shared/library/export-labels";
import { toast } from "@/web/components/ui/use-toast";
import type { LocalBookmark } from "@/web/lib/user-data/bookmark-store";
import type { SettingsStore } from "@/web/lib/user-data/settings-store";
import type { UserStores } from "@/web/lib/user-data/user-stores-types";

/** Every bookmark of the library (or of one collection), from wherever it lives, newest first. */
export function allBookmarks(stores: UserStores, collection?: string): Promise<LocalBookmark[]> {
  return stores.bookmarks.all(collection);
}

function download(content: string, fileName: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: `${mimeType};charset=utf-8` }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Exports and downloads, with the spec's messages ("Exported {n} bookmarks as …", "Export
 * failed", "No bookmarks to export"). Cite keys follow the citeKeyFormat setting.
 */
export async function exportAndDownload(
  format: ExportFormat,
  load: () => Promise<readonly LocalBookmark[]>,
  settingsStore: Pick<SettingsStore, "load" | "getSnapshot">,
): Promise<void> {
  try {
    const bookmarks = await load();
    if (bookmarks.length === 0 && format !== "json") {
      toast({ title: EXPORT_MESSAGES.nothingToExport });
      return;
    }
    // An account's settings are fetched only when something asks for them: until then the
    // snapshot holds the defaults, and a /bookmarks page opened directly would export arXiv-id
    // keys whatever the user chose. When they cannot be loaded the store toasts that, and the
    // snapshot is the best there is.
    const settings = await settingsStore.load().catch(() => settingsStore.getSnapshot());
    // citation-js is loaded on the first export, not with the page.
    const { exportBookmarks } = await import("@/shared/library/export-formats");
    const result = exportBookmarks(format, bookmarks, {
      citeKeys: { citeKeyFormat: settings.citeKeyFormat, customCiteKeyPattern: settings.customCiteKeyPattern },
    });
    download(result.content, result.fileName, result.mimeType);
    toast({ title: result.message });
  } catch {
    toast({ variant: "destructive", title: EXPORT_MESSAGES.failed });
  }
}
