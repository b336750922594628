import { parseArxivId } from "./arxiv-id";
import { arxivIdFromDoi } from "./library/paper-identifiers";
import type { Paper } from "./paper";

/**
 * The version watch: what changed in a paper a user keeps (a bookmark, a collection's paper, or
 * one in the reading history when they chose so) since they kept it. A new arXiv version, or a
 * publication (a DOI or a journal reference appearing). The server keeps these per user; an
 * anonymous user's device finds them itself from the papers it is shown.
 */
export const PAPER_CHANGE_KINDS = ["version", "published"] as const;
export type PaperChangeKind = (typeof PAPER_CHANGE_KINDS)[number];

/**
 * Where a change was seen: Quire's own arXiv index, a paper answer (arXiv API, OpenAlex,
 * Crossref) opened by the user, or the watch's own look-up of a published version at OpenAlex
 * or Crossref (for papers whose arXiv record names none).
 */
export const PAPER_CHANGE_SOURCES = ["index", "opened", "openalex", "crossref"] as const;
export type PaperChangeSource = (typeof PAPER_CHANGE_SOURCES)[number];

/** Which kept papers a change came from. */
export const PAPER_CHANGE_ORIGINS = ["bookmark", "history"] as const;
export type PaperChangeOrigin = (typeof PAPER_CHANGE_ORIGINS)[number];

/** What changed, before it is stored (the server adds its id and state). */
export type PaperChangeDraft = {
  paperId: string;
  kind: PaperChangeKind;
  /** The kept version and the new one (version changes). */
  fromVersion: number | null;
  toVersion: number | null;
  /** When the new version was submitted, ISO 8601 (version changes). */
  versionDate: string | null;
  /** arXiv's comment of the new version ("v3: 12 pages, journal version"). */
  comment: string | null;
  /** The DOI and journal reference now known (publications; a version change carries them when they changed with it). */
  doi: string | null;
  journalRef: string | null;
};

/** A stored change as the routes answer it. */
export type PaperChange = PaperChangeDraft & {
  id: string;
  title: string;
  origin: PaperChangeOrigin;
  source: PaperChangeSource;
  detectedAt: string;
  seenAt: string | null;
};

/** How many changes one list answers at most (the newest first). */
export const PAPER_CHANGES_LIST_MAX = 200;

/** The version number of a kept paper ("2401.12345v2" -> 2); null when it is no arXiv paper or names no version. */
export function keptVersion(paper: Pick<Paper, "arxivId">): number | null {
  return paper.arxivId ? (parseArxivId(paper.arxivId)?.version ?? null) : null;
}

/** The arXiv id without version of a paper, when it has one. */
export function arxivBaseId(paper: Pick<Paper, "arxivId" | "id" | "source">): string | null {
  const parsed = paper.arxivId ? parseArxivId(paper.arxivId) : null;
  if (parsed) return parsed.id;
  return paper.source === "arxiv" ? (parseArxivId(paper.id)?.id ?? null) : null;
}

const blank = (value: string | null | undefined) => !value || value.trim() === "";

/**
 * A DOI that says the paper was published: not arXiv's own (`10.48550/arXiv.<id>`, which
 * DataCite registers for every preprint and OpenAlex reports as the preprint's DOI).
 */
const publicationDoi = (doi: string | null | undefined): string | null => (blank(doi) || arxivIdFromDoi(doi) !== null ? null : doi!);

/**
 * What `current` (a fresher answer for the same paper) says changed since `kept`: a newer
 * version, and a DOI or journal reference that `kept` lacks. Nothing when the kept version is
 * unknown (it cannot be told older), or when `current` is older than `kept`.
 */
export function detectPaperChanges(kept: Paper, current: Paper): PaperChangeDraft[] {
  const changes: PaperChangeDraft[] = [];
  const from = keptVersion(kept);
  const to = keptVersion(current);
  if (from !== null && to !== null && to > from) {
    changes.push({
      paperId: kept.id,
      kind: "version",
      fromVersion: from,
      toVersion: to,
      versionDate: current.updatedDate,
      comment: current.comments,
      doi: current.doi,
      journalRef: current.journalRef,
    });
  }
  const newDoi = publicationDoi(kept.doi) === null && publicationDoi(current.doi) !== null;
  const newJournal = blank(kept.journalRef) && !blank(current.journalRef);
  if (newDoi || newJournal) {
    changes.push({
      paperId: kept.id,
      kind: "published",
      fromVersion: null,
      toVersion: null,
      versionDate: null,
      comment: null,
      doi: publicationDoi(current.doi),
      journalRef: blank(current.journalRef) ? null : current.journalRef,
    });
  }
  return changes;
}

/** The key a change is stored under: one row per new version, one per publication. */
export function changeKey(change: Pick<PaperChangeDraft, "kind" | "toVersion">): string {
  return change.kind === "version" ? `v${change.toVersion}` : "published";
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "12 Mar 2026" (UTC), written out so the line reads the same on the server, in e-mail and on every device. */
function shortDate(iso: string): string | null {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  const date = new Date(time);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/**
 * What changed in two parts, for the app's badges: the short head ("v2 → v3, 12 Mar 2026",
 * "Published in <journal ref>") and arXiv's comment of the new version, when it has one.
 */
export function describePaperChangeParts(change: PaperChangeDraft): { head: string; detail: string | null } {
  if (change.kind === "published") return { head: describePaperChange(change), detail: null };
  const date = change.versionDate ? shortDate(change.versionDate) : null;
  return { head: `v${change.fromVersion ?? "?"} → v${change.toVersion ?? "?"}${date ? `, ${date}` : ""}`, detail: blank(change.comment) ? null : change.comment };
}

/** One line saying what changed: "v2 → v3, 12 Mar 2026: <comment>", "Published in <journal ref>", "Published: DOI <doi>". */
export function describePaperChange(change: PaperChangeDraft): string {
  if (change.kind === "published") {
    if (change.journalRef) return `Published in ${change.journalRef}${change.doi ? ` (DOI ${change.doi})` : ""}`;
    return `Published: DOI ${change.doi ?? "unknown"}`;
  }
  const { head, detail } = describePaperChangeParts(change);
  return detail ? `${head}: ${detail}` : head;
}

/** The arXiv abstract page of a version (the "Open new version" link, in the app). */
export function versionedArxivId(baseId: string, version: number): string {
  return `${baseId}v${version}`;
}

/**
 * The kept paper moved to what the changes say: the newest version's id and PDF link, its
 * comment and date, and the DOI and journal reference once published. The rest (title,
 * authors, the user's notes and tags) stays as kept.
 */
export function applyPaperChanges(kept: Paper, changes: readonly PaperChangeDraft[]): Paper {
  let paper: Paper = { ...kept, links: { ...kept.links } };
  const base = arxivBaseId(kept);
  const versions = changes.filter((change) => change.kind === "version" && change.toVersion !== null);
  const newest = versions.sort((a, b) => (b.toVersion ?? 0) - (a.toVersion ?? 0))[0];
  if (base && newest?.toVersion) {
    const versioned = versionedArxivId(base, newest.toVersion);
    const relink = (url: string | null) => (url && /arxiv\.org\/(abs|pdf)\//.test(url) ? url.replace(/\/(abs|pdf)\/.+$/, `/$1/${versioned}`) : url);
    paper = {
      ...paper,
      arxivId: versioned,
      url: relink(paper.url) ?? paper.url,
      pdfUrl: relink(paper.pdfUrl),
      links: { abstract: relink(paper.links.abstract), pdf: relink(paper.links.pdf) },
      updatedDate: newest.versionDate ?? paper.updatedDate,
      comments: newest.comment ?? paper.comments,
    };
  }
  for (const change of changes) {
    if (publicationDoi(change.doi) && !publicationDoi(paper.doi)) paper.doi = change.doi;
    if (change.journalRef && blank(paper.journalRef)) paper.journalRef = change.journalRef;
  }
  return paper;
}
