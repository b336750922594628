import { useQuery } from "@tanstack/react-query";
import type { AuthorCandidate } from "@/shared/author-identity";
import { api } from "@/web/lib/api";

/** OpenAlex's authors change slowly; a name's candidates are good for the session. */
export const AUTHOR_CANDIDATES_STALE_MS = 30 * 60 * 1000;

export const authorCandidateKeys = {
  all: ["author-candidates"] as const,
  byName: (name: string) => ["author-candidates", name.trim().toLowerCase()] as const,
};

/** The OpenAlex authors of a name, to choose one from (only while the chooser is open). */
export function useAuthorCandidates(name: string | null) {
  return useQuery({
    queryKey: authorCandidateKeys.byName(name ?? ""),
    queryFn: ({ signal }) => api.get<{ candidates: AuthorCandidate[] }>("/api/authors/candidates", { query: { name: name ?? "" }, signal }).then((body) => body.candidates),
    enabled: name !== null && name.trim().length >= 2,
    staleTime: AUTHOR_CANDIDATES_STALE_MS,
    retry: 1,
  });
}
