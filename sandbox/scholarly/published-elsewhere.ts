/**
 * Corpus papers whose journal version OpenAlex and Crossref know while arXiv's own record names
 * none: the authors never added the DOI or journal reference to arXiv, as happens with many
 * real papers. OpenAlex describes such a paper as its journal article (the arXiv copy a second
 * location) and Crossref holds the journal's record, exactly as for a paper whose arXiv record
 * names its DOI; arXiv (its API and OAI-PMH) knows nothing of it. Quire's version watch finds
 * these by asking OpenAlex and Crossref (src/server/features/paper-changes/publication-lookup.ts).
 *
 * The DOIs and references are made up for the sandbox (no real article has them); their prefixes
 * are real publishers' so the derived records name a publisher.
 */
import type { Paper } from "../corpus";

export const PUBLISHED_ELSEWHERE: Readonly<Record<string, { doi: string; journalRef: string }>> = {
  // econ.GN, first posted January 2025; in the econ set that the version watch's integration test harvests.
  "2501.05022": { doi: "10.1016/j.ijindorg.2025.103150", journalRef: "International Journal of Industrial Organization 101 (2025) 103150" },
  // cs.GT (cross-listed in econ), first posted January 2026: the same test finds it through Crossref while OpenAlex fails.
  "2601.16488": { doi: "10.1016/j.geb.2026.04.007", journalRef: "Games and Economic Behavior 158 (2026) 112-140" },
};

/** The paper as OpenAlex and Crossref know it: with its journal version when it is published elsewhere. */
export function withJournalVersion(paper: Paper): Paper {
  const journal = PUBLISHED_ELSEWHERE[paper.id];
  return journal && !paper.doi ? { ...paper, doi: journal.doi, journalRef: paper.journalRef ?? journal.journalRef } : paper;
}
