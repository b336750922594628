import { Link } from "react-router";
import { Clock, X } from "lucide-react";
import { formatRelativeTime } from "@/shared/format";
import { countOf } from "@/shared/plural";
import { Button } from "@/web/components/ui/button";
import type { SearchHistoryEntry, SearchHistoryParams } from "@/web/lib/user-data/search-history-store";
import { useSearchHistory, useUserStores } from "@/web/lib/user-data/user-stores";
import { SOURCE_LABELS } from "./source-radio";
import { DEFAULT_SEARCH_STATE, searchHref, type SearchState } from "./search-url";

/** The URL state a history entry reruns. */
export function stateFromHistory(params: SearchHistoryParams): SearchState {
  return {
    ...DEFAULT_SEARCH_STATE,
    q: params.q,
    source: params.source,
    page: params.page,
    size: params.size,
    sort: `${params.sort}-${params.order}`,
    llm: params.llm,
    searchType: params.searchType ?? (params.title || params.authors?.length || params.dateFrom || params.dateTo ? "advanced" : "basic"),
    title: params.title ?? "",
    authors: params.authors ?? (params.author ? params.author.split(", ").filter(Boolean) : []),
    dateFrom: params.dateFrom ?? "",
    dateTo: params.dateTo ?? "",
  };
}

/** A one-line description of a search: the query, then any advanced parts. */
export function describeSearch(params: SearchHistoryParams): string {
  const parts: string[] = [];
  if (params.q) parts.push(params.q);
  if (params.title) parts.push(`title: ${params.title}`);
  if (params.author) parts.push(`authors: ${params.author}`);
  if (params.dateFrom || params.dateTo) parts.push(`${params.dateFrom || "…"} to ${params.dateTo || "…"}`);
  return parts.join(" · ") || "Search";
}

function RecentSearch({ entry, onRemove }: { entry: SearchHistoryEntry; onRemove: () => void }) {
  const { params } = entry;
  return (
    <li className="group flex items-center gap-2 rounded-lg pr-1 hover:bg-accent">
      <Link to={searchHref(stateFromHistory(params))} className="flex min-w-0 flex-1 items-center gap-3 rounded-lg px-3 py-2">
        <Clock className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-mono text-[0.8125rem]">{describeSearch(params)}</span>
          <span className="block text-xs text-muted-foreground">
            {SOURCE_LABELS[params.source]} · {countOf(entry.results, "result")} ·{" "}
            {formatRelativeTime(entry.timestamp)}
          </span>
        </span>
      </Link>
      <Button variant="ghost" size="icon" className="size-8 text-muted-foreground" onClick={onRemove} aria-label={`Remove ${describeSearch(params)} from recent searches`}>
        <X aria-hidden />
      </Button>
    </li>
  );
}

/** The visitor's recent searches, each one click from running again. */
export function RecentSearches() {
  const entries = useSearchHistory();
  const { searchHistory } = useUserStores();
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="recent-searches-heading" className="w-full text-left">
      <div className="mb-1 flex items-center justify-between gap-2">
        <h2 id="recent-searches-heading" className="text-sm font-semibold">
          Recent searches
        </h2>
        <Button variant="ghost" size="sm" className="text-muted-foreground" onClick={() => void searchHistory.clear()}>
          Clear history
        </Button>
      </div>
      <ul className="space-y-0.5">
        {entries.map((entry) => (
          <RecentSearch key={entry.timestamp} entry={entry} onRemove={() => void searchHistory.remove(entry.timestamp)} />
        ))}
      </ul>
    </section>
  );
}
