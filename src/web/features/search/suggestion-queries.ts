import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { SUGGESTION_DEBOUNCE_MS, SUGGESTION_LIMIT, SUGGESTION_MIN_LENGTH, type PaperSuggestion, type SuggestionsResponse } from "@/shared/suggestions";
import { useDebouncedValue } from "@/web/hooks/use-debounced-value";
import { api } from "@/web/lib/api";

/**
 * Papers offered while a person types (GET /api/suggest, from Quire's own arXiv index): the
 * key factory, the fetcher and the hook (CONVENTIONS.md rule 8). Suggestions are a nicety: a
 * failure shows none, with no retry and no message.
 */

/** The index changes with each harvest, a few times a day at most: typing the same text again within minutes is answered from memory. */
export const SUGGESTIONS_STALE_MS = 5 * 60_000;

export const suggestionKeys = {
  all: ["suggestions"] as const,
  text: (text: string) => [...suggestionKeys.all, text] as const,
};

export function suggestionsOptions(text: string) {
  return queryOptions({
    queryKey: suggestionKeys.text(text),
    // The signal aborts the request once the text has moved on (the query has no observer left).
    queryFn: ({ signal }) => api.get<SuggestionsResponse>("suggest", { signal, query: { q: text, limit: SUGGESTION_LIMIT } }),
    staleTime: SUGGESTIONS_STALE_MS,
    retry: false,
  });
}

const NONE: PaperSuggestion[] = [];

/** The papers to offer for `typed`: asked for after a pause in typing, once it is long enough; none on failure. */
export function usePaperSuggestions(typed: string): PaperSuggestion[] {
  const text = useDebouncedValue(typed.trim(), SUGGESTION_DEBOUNCE_MS);
  const wanted = typed.trim().length >= SUGGESTION_MIN_LENGTH && text.length >= SUGGESTION_MIN_LENGTH;
  const query = useQuery({
    ...suggestionsOptions(text),
    enabled: wanted,
    // The last list stays up while the next is asked for, rather than flickering away at each key.
    placeholderData: keepPreviousData,
  });
  if (!wanted || query.isError) return NONE;
  return query.data?.suggestions ?? NONE;
}
