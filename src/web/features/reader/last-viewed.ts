import { redirect } from "react-router";
import { whenUserDataSessionKnown } from "@/web/lib/user-data/user-data-session";
import { storesForSession } from "@/web/lib/user-data/user-stores";

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

/**
 * /reader with no id: reopen the last paper before anything renders, if there is one. It is
 * the `lastViewedPaper` of the settings of whoever is there: the account's for a signed-in user
 * (kept on the server, so it follows them from device to device), the device's otherwise.
 * Settings that cannot be loaded count as none ("No Recent Papers"; the store has said why).
 */
export async function lastViewedLoader(): Promise<Response | null> {
  const { settings } = storesForSession(await whenUserDataSessionKnown());
  const current = await settings.load().catch(() => null);
  const paperId = lastViewedPaperFrom(current);
  return paperId ? redirect(abstractPath(paperId)) : null;
}
