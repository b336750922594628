import { extractArxivId } from "@/shared/arxiv-id";
import type { Paper } from "@/shared/paper";

/** The arXiv abstract page of a paper, when it has an arXiv id. */
export function arxivAbsUrl(paper: Paper): string | null {
  const parsed = extractArxivId(paper.arxivId ?? "") ?? (paper.source === "arxiv" ? extractArxivId(paper.id) : null);
  if (!parsed) return null;
  return `https://arxiv.org/abs/${parsed.id}${parsed.version ? `v${parsed.version}` : ""}`;
}

/** The license link: "Creative Commons" for CC licenses, else "View License"; null when the license is unknown. */
export function licenseLink(license: string | undefined): { label: string; href: string } | null {
  if (!license) return null;
  const text = license.trim();
  const creativeCommons = /creativecommons\.org|^cc[-_ ]?(by|0|zero)/i.test(text);
  let href: string | null = /^https?:\/\//i.test(text) ? text : null;
  if (!href && creativeCommons) {
    const kind = text.toLowerCase().replace(/^cc[-_ ]?/, "").replace(/[_ ]/g, "-");
    href = kind === "0" || kind === "zero" ? "https://creativecommons.org/publicdomain/zero/1.0/" : `https://creativecommons.org/licenses/${kind}/4.0/`;
  }
  if (!href) return null;
  return { label: creativeCommons ? "Creative Commons" : "View License", href };
}
