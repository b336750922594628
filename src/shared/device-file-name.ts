import type { Paper } from "@/shared/paper";
import { firstAuthorKeyPart } from "@/shared/library/cite-key";
import { paperYear } from "@/shared/library/paper-identifiers";
import { foldToAscii } from "@/shared/library/text-fold";

/*
 * The name of a paper's PDF file in the native app's device directory. Apart from offline.ts,
 * whose constants every page loads (the service worker's timings), so that the cite-key and
 * author-name rules it needs load only with the native offline store.
 */

/** The title part of a device file's name is cut to this many characters. */
export const DEVICE_FILE_TITLE_SLUG_LENGTH = 30;

/** Lowercase ASCII words joined by `_`, cut to `length` characters without a trailing `_`. */
function slug(text: string, length: number): string {
  return foldToAscii(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+/, "")
    .slice(0, length)
    .replace(/_+$/, "");
}

/**
 * A device file's name: the first author's surname, `_et_al`
 * when there are more authors, the year and a 30-character title slug, e.g.
 * `Vaswani_et_al_2017_attention_is_all_you_need.pdf`. Parts that are unknown are left out; a
 * paper with none of them is named by its id.
 */
export function deviceFileName(paper: Pick<Paper, "id" | "title" | "authors" | "publishedDate" | "arxivId"> & Partial<Pick<Paper, "authorDetails" | "doi">>): string {
  const surname = firstAuthorKeyPart(paper);
  const parts = [surname, surname && paper.authors.length > 1 ? "et_al" : "", String(paperYear(paper) ?? ""), slug(paper.title, DEVICE_FILE_TITLE_SLUG_LENGTH)];
  const name = parts.filter(Boolean).join("_");
  return `${name || slug(paper.id, 60) || "paper"}.pdf`;
}
