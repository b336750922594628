import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AuthoredImportResult, AuthoredPaper, AuthoredRefreshResult, VerificationMethod } from "@/shared/authored-papers";
import type { Paper } from "@/shared/paper";
import { api } from "@/web/lib/api";

/** The list changes only through this page's own actions, which update the query themselves. */
export const AUTHORED_STALE_MS = 5 * 60 * 1000;

export const authoredKeys = {
  all: ["authored-papers"] as const,
  list: (userId: string) => ["authored-papers", userId] as const,
};

export function useAuthoredPapers(userId: string | null) {
  return useQuery({
    queryKey: authoredKeys.list(userId ?? "anonymous"),
    queryFn: ({ signal }) => api.get<{ papers: AuthoredPaper[] }>("/api/me/authored-papers", { signal }).then((body) => body.papers),
    enabled: userId !== null,
    staleTime: AUTHORED_STALE_MS,
    retry: 1,
  });
}

/** Every change answers the new list or row; the cached list follows without another request. */
export function useAuthoredMutations(userId: string) {
  const client = useQueryClient();
  const key = authoredKeys.list(userId);
  const setList = (papers: AuthoredPaper[]) => client.setQueryData(key, papers);
  const update = (change: (papers: AuthoredPaper[]) => AuthoredPaper[]) =>
    client.setQueryData<AuthoredPaper[]>(key, (papers) => change(papers ?? []));

  return {
    refresh: useMutation({
      mutationFn: (force: boolean) => api.post<AuthoredRefreshResult>("/api/me/authored-papers/refresh", { force }),
      onSuccess: (result) => setList(result.papers),
    }),
    importByIdentity: useMutation({
      mutationFn: (identifier: string) => api.post<AuthoredImportResult>("/api/me/authored-papers/import", { identifier }),
      onSuccess: (result) => setList(result.papers),
    }),
    add: useMutation({
      mutationFn: (paper: Paper) => api.post<{ paper: AuthoredPaper }>("/api/me/authored-papers", { paper, verificationMethod: "manual" }),
      onSuccess: ({ paper }) => update((papers) => [paper, ...papers.filter((entry) => entry.paperId !== paper.paperId)]),
    }),
    verify: useMutation({
      mutationFn: (input: { paperId: string; method: VerificationMethod }) =>
        api.patch<{ paper: AuthoredPaper }>(`/api/me/authored-papers/${encodeURIComponent(input.paperId)}`, { verificationMethod: input.method }),
      onSuccess: ({ paper }) => update((papers) => papers.map((entry) => (entry.paperId === paper.paperId ? paper : entry))),
    }),
    remove: useMutation({
      mutationFn: (paperId: string) => api.delete<void>(`/api/me/authored-papers/${encodeURIComponent(paperId)}`),
      onSuccess: (_result, paperId) => update((papers) => papers.filter((entry) => entry.paperId !== paperId)),
    }),
  };
}

/** Looks a paper up by arXiv id or DOI for a manual add. */
export function lookupPaper(id: string): Promise<Paper> {
  return api.get<{ paper: Paper }>("/papers/lookup", { query: { id } }).then((body) => body.paper);
}
