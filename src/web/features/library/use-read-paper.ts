import { useLocation, useNavigate } from "react-router";
import type { Paper } from "@/shared/paper";
import { paperDetailPath } from "@/shared/paper-links";
import { useUserStores } from "@/web/lib/user-data/user-stores";

/** Navigation state the paper page receives: where to go back to, and the paper so it can show at once. */
export type PaperNavigationState = { from: string; paper: Paper };

/** Read: records the paper in the reading history and opens its page, which Back leaves for here. */
export function useReadPaper(): (paper: Paper) => Promise<void> {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { readingHistory } = useUserStores();
  return async (paper) => {
    try {
      await readingHistory.record(paper, "paper");
    } catch {
      // A history that cannot be written must not stop the reader from opening.
    }
    const state: PaperNavigationState = { from: `${pathname}${search}`, paper };
    navigate(paperDetailPath(paper.id), { state });
  };
}
