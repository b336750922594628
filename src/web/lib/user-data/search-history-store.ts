import {
  SEARCH_HISTORY_ANONYMOUS_KEEP_MS,
  SEARCH_HISTORY_ANONYMOUS_MAX_ENTRIES,
  SEARCH_HISTORY_ANONYMOUS_SAVE_DEBOUNCE_MS,
  SEARCH_HISTORY_DUPLICATE_WINDOW_MS,
  STORAGE_KEYS,
} from "@/shared/constants";
import type { SearchSource, SortField, SortOrder } from "@/shared/search-options";
import { createLocalValue } from "@/web/lib/local-store";

/**
 * Search history. Features use the SearchHistoryStore
 * interface only; this file holds the rules and the device implementation for anonymous
 * visitors (5 entries, 7 days, stored encoded). The accounts issue adds a server-backed
 * implementation (10 entries, 30 days, 1 s debounce) behind the same interface.
 */

/** The spec's parameters (q, author, source, llm, sort, order, page, size) plus the advanced fields needed to rerun it. */
export type SearchHistoryParams = {
  q: string;
  /** The advanced search's authors, joined with ", ". */
  author: string;
  source: SearchSource;
  llm: boolean;
  sort: SortField;
  order: SortOrder;
  page: number;
  size: number;
  searchType?: "basic" | "advanced";
  title?: string;
  authors?: string[];
  dateFrom?: string;
  dateTo?: string;
};

export type SearchHistoryEntry = {
  /** When it was saved, ms since the epoch. */
  timestamp: number;
  params: SearchHistoryParams;
  /** How many results the search found (the capped total). */
  results: number;
};

export type SearchHistoryHolder = {
  searches: SearchHistoryEntry[];
  lastUpdated: number;
};

export type SearchHistoryLimits = {
  maxEntries: number;
  keepMs: number;
  duplicateWindowMs: number;
  saveDebounceMs: number;
};

export const ANONYMOUS_SEARCH_HISTORY_LIMITS: SearchHistoryLimits = {
  maxEntries: SEARCH_HISTORY_ANONYMOUS_MAX_ENTRIES,
  keepMs: SEARCH_HISTORY_ANONYMOUS_KEEP_MS,
  duplicateWindowMs: SEARCH_HISTORY_DUPLICATE_WINDOW_MS,
  saveDebounceMs: SEARCH_HISTORY_ANONYMOUS_SAVE_DEBOUNCE_MS,
};

export interface SearchHistoryStore {
  readonly limits: SearchHistoryLimits;
  /** Newest first, expired entries left out. Stable between changes (useSyncExternalStore). */
  getSnapshot(): readonly SearchHistoryEntry[];
  subscribe(onChange: () => void): () => void;
  /** Records a search; resolves false when the duplicate rule skipped it. */
  save(params: SearchHistoryParams, results: number): Promise<boolean>;
  remove(timestamp: number): Promise<void>;
  clear(): Promise<void>;
}

/** Whether two searches looked for the same thing (paging, sorting and page size aside). */
export function isSameSearch(a: SearchHistoryParams, b: SearchHistoryParams): boolean {
  return (
    a.q === b.q &&
    a.author === b.author &&
    a.source === b.source &&
    a.llm === b.llm &&
    (a.title ?? "") === (b.title ?? "") &&
    (a.dateFrom ?? "") === (b.dateFrom ?? "") &&
    (a.dateTo ?? "") === (b.dateTo ?? "")
  );
}

/**
 * The duplicate-save rule: a save less than `windowMs` after the last one is skipped unless
 * q, author or source changed.
 */
export function shouldSaveSearch(
  last: SearchHistoryEntry | undefined,
  params: SearchHistoryParams,
  now: number,
  windowMs: number = SEARCH_HISTORY_DUPLICATE_WINDOW_MS,
): boolean {
  if (!last) return true;
  if (now - last.timestamp >= windowMs) return true;
  return last.params.q !== params.q || last.params.author !== params.author || last.params.source !== params.source;
}

/** Entries younger than `keepMs`, newest first. */
export function pruneSearchHistory(entries: readonly SearchHistoryEntry[], keepMs: number, now: number): SearchHistoryEntry[] {
  return entries.filter((entry) => now - entry.timestamp < keepMs).sort((a, b) => b.timestamp - a.timestamp);
}

/**
 * The history after saving a search (or unchanged when the duplicate rule skips it): the
 * new entry first, an older entry for the same search dropped, expired entries dropped, at
 * most `maxEntries` kept.
 */
export function addSearchToHistory(
  holder: SearchHistoryHolder,
  params: SearchHistoryParams,
  results: number,
  now: number,
  limits: Pick<SearchHistoryLimits, "maxEntries" | "keepMs" | "duplicateWindowMs">,
): { holder: SearchHistoryHolder; saved: boolean } {
  const current = pruneSearchHistory(holder.searches, limits.keepMs, now);
  const last = holder.searches.reduce<SearchHistoryEntry | undefined>(
    (newest, entry) => (!newest || entry.timestamp > newest.timestamp ? entry : newest),
    undefined,
  );
  if (!shouldSaveSearch(last, params, now, limits.duplicateWindowMs)) return { holder, saved: false };
  const searches = [{ timestamp: now, params, results }, ...current.filter((entry) => !isSameSearch(entry.params, params))].slice(
    0,
    limits.maxEntries,
  );
  return { holder: { searches, lastUpdated: now }, saved: true };
}

/** base64 of the UTF-8 JSON: the spec's "stored encoded", safe for any script in a query. */
export function encodeSearchHistory(holder: SearchHistoryHolder): string {
  const bytes = new TextEncoder().encode(JSON.stringify(holder));
  let binary = "";
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

const EMPTY_HOLDER: SearchHistoryHolder = { searches: [], lastUpdated: 0 };

function isEntry(value: unknown): value is SearchHistoryEntry {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Partial<SearchHistoryEntry>;
  return typeof entry.timestamp === "number" && typeof entry.params === "object" && entry.params !== null && typeof entry.params.q === "string";
}

/** Reads what encodeSearchHistory wrote; anything else (missing, corrupt, old format) is an empty history. */
export function decodeSearchHistory(raw: string | null): SearchHistoryHolder {
  if (!raw) return EMPTY_HOLDER;
  try {
    const binary = atob(raw);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const value = JSON.parse(new TextDecoder().decode(bytes)) as Partial<SearchHistoryHolder>;
    const searches = Array.isArray(value.searches) ? value.searches.filter(isEntry) : [];
    return { searches, lastUpdated: typeof value.lastUpdated === "number" ? value.lastUpdated : 0 };
  } catch {
    return EMPTY_HOLDER;
  }
}

/** The device implementation, for anonymous visitors. */
export function createLocalSearchHistoryStore(
  options: { key?: string; limits?: SearchHistoryLimits; now?: () => number } = {},
): SearchHistoryStore {
  const limits = options.limits ?? ANONYMOUS_SEARCH_HISTORY_LIMITS;
  const now = options.now ?? Date.now;
  const value = createLocalValue(options.key ?? STORAGE_KEYS.searchHistory, decodeSearchHistory, encodeSearchHistory);

  let snapshotSource: SearchHistoryHolder | undefined;
  let snapshot: readonly SearchHistoryEntry[] = [];

  return {
    limits,
    getSnapshot() {
      const holder = value.get();
      if (holder !== snapshotSource) {
        snapshotSource = holder;
        snapshot = pruneSearchHistory(holder.searches, limits.keepMs, now());
      }
      return snapshot;
    },
    subscribe: value.subscribe,
    async save(params, results) {
      const result = addSearchToHistory(value.get(), params, results, now(), limits);
      if (result.saved) value.set(result.holder);
      return result.saved;
    },
    async remove(timestamp) {
      value.update((holder) => ({ searches: holder.searches.filter((entry) => entry.timestamp !== timestamp), lastUpdated: now() }));
    },
    async clear() {
      value.set({ searches: [], lastUpdated: now() });
    },
  };
}
