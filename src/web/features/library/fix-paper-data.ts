import { FIX_MESSAGES, fixPaperData, fixSummary, type PaperFetchers } from "@/shared/library/paper-refresh";
import type { Paper } from "@/shared/paper";
import { api, toApiError } from "@/web/lib/api";
import type { LocalBookmark } from "@/web/lib/user-data/bookmark-store";
import { toast } from "@/web/components/ui/use-toast";
import type { UserStores } from "@/web/lib/user-data/user-stores-types";
// The same mappers the server uses for /api/search, so a refreshed bookmark has the shape a
// new one would have. This module is loaded only when Fix Paper Data runs.
import { arxivEntryToPaper, parseArxivAtom } from "@/shared/sources/arxiv/arxiv-atom";
import { parseCrossrefWork } from "@/shared/sources/crossref/crossref-works";
import { parseOpenAlexList } from "@/shared/sources/openalex/openalex-works";

async function getText(path: string, query: Record<string, string | number>): Promise<{ status: number; body: string }> {
  const response = await fetch(`${path}?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`, { credentials: "same-origin" });
  if (!response.ok && response.status !== 404) throw await toApiError(response);
  return { status: response.status, body: await response.text() };
}

/** Fresh papers through the app's own proxies (/api/arxiv, /api/openalex, /api/crossref), which keep the upstream rate rules. */
export const appPaperFetchers: PaperFetchers = {
  async arxiv(ids) {
    const { body } = await getText("/api/arxiv", { id_list: ids.join(","), max_results: ids.length });
    return parseArxivAtom(body).entries.map(arxivEntryToPaper);
  },
  async openalex(ids) {
    const answer = await api.get<unknown>("/api/openalex", { query: { filter: `ids.openalex:${ids.join("|")}`, per_page: ids.length } });
    return parseOpenAlexList(answer).papers;
  },
  async crossref(doi) {
    const { status, body } = await getText("/api/crossref", { doi });
    return parseCrossrefWork(status, body) as Paper | null;
  },
};

/**
 * Runs Fix Paper Data over the library: looks every bookmark up again, writes back the ones
 * whose metadata changed (dates added and collections kept) and says what changed.
 */
export async function runFixPaperData(
  load: () => Promise<readonly LocalBookmark[]>,
  stores: UserStores,
  onProgress: (done: number, total: number) => void,
  fetchers: PaperFetchers = appPaperFetchers,
): Promise<void> {
  try {
    const bookmarks = await load();
    if (bookmarks.length === 0) {
      toast({ title: FIX_MESSAGES.nothingToFix });
      return;
    }
    const outcome = await fixPaperData(bookmarks, fetchers, onProgress);
    if (outcome.updated.length > 0) await stores.bookmarks.putMany(outcome.updated);
    toast(fixSummary(outcome));
  } catch (error) {
    toast({ variant: "destructive", title: FIX_MESSAGES.failed, description: error instanceof Error ? error.message : undefined });
  }
}
