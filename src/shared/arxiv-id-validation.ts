/**
 * The arXiv id scan's rules, stricter than
 * `parseArxivId`: they check the year, month and digit count an id can really have, and name
 * what is wrong in the spec's words.
 *
 * - New form `YYMM.NNNN[N][vN]`: year 07-99, month 1-12; 4 digits after the dot up to 1412,
 *   5 digits from 1501.
 * - Old form `archive[.SC]/YYMMNNN[vN]`: an archive of arXiv's fixed list, year 91-99 or 00-07,
 *   month 1-12.
 */

/** The archives old-style ids were issued under (arXiv's list, including the retired ones). */
export const OLD_ARXIV_ARCHIVES = [
  "acc-phys",
  "adap-org",
  "alg-geom",
  "ao-sci",
  "astro-ph",
  "atom-ph",
  "bayes-an",
  "chao-dyn",
  "chem-ph",
  "cmp-lg",
  "comp-gas",
  "cond-mat",
  "cs",
  "dg-ga",
  "funct-an",
  "gr-qc",
  "hep-ex",
  "hep-lat",
  "hep-ph",
  "hep-th",
  "math",
  "math-ph",
  "mtrl-th",
  "nlin",
  "nucl-ex",
  "nucl-th",
  "patt-sol",
  "physics",
  "plasm-ph",
  "q-alg",
  "q-bio",
  "quant-ph",
  "solv-int",
  "supr-con",
] as const;

const ARCHIVES: ReadonlySet<string> = new Set(OLD_ARXIV_ARCHIVES);

export const ARXIV_ID_PROBLEMS = {
  empty: "Empty arXiv ID",
  newYear: "Invalid year in new format",
  month: "Invalid month",
  fourDigits: "Should be 4 digits for ≤1412",
  fiveDigits: "Should be 5 digits for ≥1501",
  subjectClass: (subject: string) => `Invalid subject class: ${subject}`,
  oldYear: "Invalid year in old format",
  format: "Invalid arXiv ID format",
} as const;

export type ArxivIdCheck = { valid: true } | { valid: false; message: string };

const NEW_FORM = /^(\d{2})(\d{2})\.(\d+)(?:v\d+)?$/;
const OLD_FORM = /^([a-z][a-z-]*)(?:\.[A-Za-z-]+)?\/(\d{2})(\d{2})(\d{3})(?:v\d+)?$/;

/** Checks one arXiv id (an `arXiv:` prefix is allowed) and says what is wrong with it. */
export function checkArxivId(value: string | null | undefined): ArxivIdCheck {
  const id = (value ?? "").trim().replace(/^arxiv:\s*/i, "");
  if (id === "") return { valid: false, message: ARXIV_ID_PROBLEMS.empty };

  const modern = NEW_FORM.exec(id);
  if (modern) {
    const [, yy, mm, number] = modern as unknown as [string, string, string, string];
    const year = Number(yy);
    const month = Number(mm);
    if (year < 7) return { valid: false, message: ARXIV_ID_PROBLEMS.newYear };
    if (month < 1 || month > 12) return { valid: false, message: ARXIV_ID_PROBLEMS.month };
    const yymm = year * 100 + month;
    if (yymm <= 1412 && number.length !== 4) return { valid: false, message: ARXIV_ID_PROBLEMS.fourDigits };
    if (yymm >= 1501 && number.length !== 5) return { valid: false, message: ARXIV_ID_PROBLEMS.fiveDigits };
    return { valid: true };
  }

  const legacy = OLD_FORM.exec(id);
  if (legacy) {
    const [, archive, yy, mm] = legacy as unknown as [string, string, string, string];
    if (!ARCHIVES.has(archive)) return { valid: false, message: ARXIV_ID_PROBLEMS.subjectClass(archive) };
    const year = Number(yy);
    if (!(year >= 91 || year <= 7)) return { valid: false, message: ARXIV_ID_PROBLEMS.oldYear };
    const month = Number(mm);
    if (month < 1 || month > 12) return { valid: false, message: ARXIV_ID_PROBLEMS.month };
    return { valid: true };
  }

  return { valid: false, message: ARXIV_ID_PROBLEMS.format };
}
