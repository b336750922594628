/** Quire's own arXiv index as an admin sees it: what it holds and how its harvest goes. */

/** One scope's harvest (all of arXiv, or one of its OAI-PMH sets). */
export type HarvestProgress = {
  scope: string;
  /** An instance is harvesting it now. */
  running: boolean;
  /** Records stored over every run. */
  records: number;
  /** The run under way (or left half-way): records given so far, at what rate, and an estimate of what is left. */
  run: {
    /** The day it harvests from; null for a first, whole harvest. */
    from: string | null;
    cursor: number;
    /** How many records the list holds, when arXiv says. */
    completeListSize: number | null;
    recordsPerSecond: number | null;
    /** An estimate of the seconds left; null when nothing tells. */
    secondsLeft: number | null;
  } | null;
  /** The newest record datestamp harvested (YYYY-MM-DD). */
  lastDatestamp: string | null;
  initialDoneAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
};

export type ArxivIndexStatus = {
  /** ARXIV_HARVEST: all of arXiv, a list of sets, the sets users follow, or nothing. */
  mode: "all" | "sets" | "followed" | "off";
  /** The scopes harvested now. */
  scopes: string[];
  /** Papers in the index. */
  papers: number;
  /** What the index answers searches for: everything, these sets, or nothing yet. */
  covers: { all: boolean; sets: string[] };
  harvests: HarvestProgress[];
};
