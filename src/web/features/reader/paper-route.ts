import { redirect, type LoaderFunctionArgs } from "react-router";
import type { ViewType } from "@/shared/user-data";
import { abstractPath } from "./last-viewed";

/** The reader's view modes; the mode comes from the path. */
export type ReaderView = "abs" | "pdf" | "html";

export const READER_VIEWS: readonly { view: ReaderView; label: string }[] = [
  { view: "abs", label: "Abstract" },
  { view: "pdf", label: "PDF" },
  { view: "html", label: "HTML" },
];

/**
 * The view and paper id of a reader path: `/abs/{id}`, `/pdf/{id}`, `/html/{id}` (the id may
 * be {archive}/{number}, each segment encoded on its own) or `/paper/{url-encoded id}` (the detail page,
 * shown as the abstract view). Null for any other path.
 */
export function readerPathParts(pathname: string): { view: ReaderView; id: string; viewType: ViewType } | null {
  const match = /^\/(abs|pdf|html|paper)\/(.+)$/.exec(pathname);
  if (!match) return null;
  let id: string;
  try {
    id = match[2]!.split("/").map(decodeURIComponent).join("/");
  } catch {
    id = match[2]!;
  }
  const kind = match[1] as ReaderView | "paper";
  return { view: kind === "paper" ? "abs" : kind, id: id.trim(), viewType: kind };
}

/** The path of a paper in a view; old-style ids keep their slash. */
export function readerPath(view: ReaderView, id: string): string {
  return `/${view}/${id.split("/").map(encodeURIComponent).join("/")}`;
}

/** /abstract/{id} redirects to /abs/{id}. */
export function abstractRedirectLoader({ params }: LoaderFunctionArgs): Response {
  return redirect(abstractPath(params["*"] ?? ""));
}

/** /reader/{paperId} opens the paper's abstract page. */
export function readerPaperLoader({ params }: LoaderFunctionArgs): Response {
  return redirect(abstractPath(params.paperId ?? ""));
}
