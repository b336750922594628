import { useLocation, useNavigate } from "react-router";
import type { Paper } from "@/shared/paper";
import { paperDetailPath, versionedArxivIdOf, type PaperLinkOptions } from "@/shared/paper-links";
import { useUserStores } from "@/web/lib/user-data/user-stores";

/** Navigation state the paper page receives: where to go back to, and the paper so it can show at once. */
export type PaperNavigationState = { from: string; paper: Paper };

/**
 * Read: records the paper in the reading history and opens its page, which Back leaves for here;
 * at the version the paper names when `keptVersion` (a bookmark opens what it keeps).
 */
export function useReadPaper(): (paper: Paper, options?: PaperLinkOptions) => Promise<void> {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { readingHistory } = useUserStores();
  return async (paper, options = {}) => {
    try {
      await readingHistory.record(paper, "paper");
    } catch {
      // A history that cannot be written must not stop the reader from opening.
    }
    const state: PaperNavigationState = { from: `${pathname}${search}`, paper };
    const versioned = options.keptVersion ? versionedArxivIdOf(paper) : null;
    navigate(paperDetailPath(versioned ?? paper.id), { state });
  };
}
