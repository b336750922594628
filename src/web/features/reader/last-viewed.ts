import { redirect } from "react-router";
import { STORAGE_KEYS } from "@/shared/constants";
import { readJson } from "@/web/lib/storage";

/** The paper id remembered in the `settings` entry, or null when none (or the entry is unreadable). */
export function lastViewedPaperFrom(settings: unknown): string | null {
  if (typeof settings !== "object" || settings === null) return null;
  const value = (settings as { lastViewedPaper?: unknown }).lastViewedPaper;
  if (typeof value !== "string") return null;
  const id = value.trim();
  return id.length > 0 ? id : null;
}

/**
 * The in-app abstract page for a paper id. Old-style arXiv ids contain a slash
 * ({archive}/{number}) that belongs in the path, so each segment is encoded on its own.
 */
export function abstractPath(paperId: string): string {
  return `/abs/${paperId.split("/").map(encodeURIComponent).join("/")}`;
}

/** /reader with no id: reopen the last paper before anything renders, if there is one. */
export function lastViewedLoader(): Response | null {
  const paperId = lastViewedPaperFrom(readJson(STORAGE_KEYS.settings));
  return paperId ? redirect(abstractPath(paperId)) : null;
}
