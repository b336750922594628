import { z } from "zod";
import { countOf } from "@/shared/plural";
import { storedPaperSchema } from "@/shared/user-data";
import type { Paper } from "@/shared/paper";
import type { AuthorCandidate } from "@/shared/author-identity";

/**
 * Authored papers. Signed-in users only: the rows live in user_authored_papers and papers.
 */

export const VERIFICATION_METHODS = ["manual", "auto_arxiv_match", "orcid_verification"] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

/** is_verified is true only for an automatic arXiv match or ORCID; manual is unverified. */
export function isVerifiedMethod(method: VerificationMethod): boolean {
  return method === "auto_arxiv_match" || method === "orcid_verification";
}

/** The profile paper cache lasts 24 hours. */
export const PROFILE_PAPERS_CACHE_TTL_SECONDS = 24 * 60 * 60;

/** The user-cache key that holds the arXiv author search's answer. */
export function profilePapersCacheKey(userId: string): string {
  return `profile-papers-${userId}`;
}

/** The spec's duplicate message. */
export function authoredDuplicateMessage(title: string): string {
  return `Paper ${title} is already in your authored papers list.`;
}

export type AuthoredPaper = {
  id: string;
  paperId: string;
  paper: Paper;
  isVerified: boolean;
  verificationMethod: VerificationMethod;
  addedAt: string;
  updatedAt: string;
};

export const addAuthoredPaperSchema = z
  .object({ paper: storedPaperSchema, verificationMethod: z.enum(VERIFICATION_METHODS).default("manual") })
  .strict();

export const updateVerificationSchema = z.object({ verificationMethod: z.enum(VERIFICATION_METHODS) }).strict();

export const refreshAuthoredSchema = z.object({ force: z.boolean().default(false) }).strict();

/** What a refresh did: the papers the arXiv author search found and what saving them gave. */
export type AuthoredRefreshResult = {
  /** Papers found for the author names (from the 24-hour cache or a fresh search). */
  found: number;
  added: number;
  alreadyPresent: number;
  failed: number;
  /** Whether the answer came from the profile-papers cache (no arXiv call). */
  cached: boolean;
  searchedAt: string | null;
  papers: AuthoredPaper[];
};

/** What "Import my publications" answers: the OpenAlex author it read, and the counts a refresh has. */
export type AuthoredImportResult = Pick<AuthoredRefreshResult, "found" | "added" | "alreadyPresent" | "failed" | "papers"> & { author: AuthorCandidate };

/**
 * The spec's "Papers processed" summary lines for a refresh, or null when the
 * search found nothing ("Papers refreshed: Search completed but no papers found.").
 */
export function refreshSummary(result: Pick<AuthoredRefreshResult, "found" | "added" | "alreadyPresent" | "failed">): string[] | null {
  if (result.found === 0) return null;
  const lines: string[] = [];
  if (result.added > 0) lines.push(`Added ${countOf(result.added, "new paper")}.`);
  if (result.alreadyPresent > 0) lines.push(`${countOf(result.alreadyPresent, "paper")} already in your list.`);
  if (result.failed > 0) lines.push(`${countOf(result.failed, "paper")} failed to save.`);
  if (result.added === 0) lines.push("No new papers found.");
  return lines;
}
