/**
 * arXiv's OAI-PMH sets and the categories they hold. arXiv names a set after its taxonomy:
 * a group (`cs`, `math`, `physics`, ...), an archive inside it (`physics:hep-th`, `cs:cs`) or a
 * category inside that (`cs:cs:AI`, `physics:astro-ph:CO`). A harvest scope is `all` or a list
 * of such sets; a paper is in a set when one of its categories is.
 */

/** arXiv's groups as OAI-PMH names them. */
export const ARXIV_GROUPS = ["cs", "econ", "eess", "math", "physics", "q-bio", "q-fin", "stat"] as const;

/**
 * The group of every archive arXiv has had, retired ones included (their papers keep the old
 * code: `alg-geom/9701001`, categories such as `chao-dyn`), as arXiv's taxonomy files them.
 */
const ARCHIVE_GROUPS: Record<string, (typeof ARXIV_GROUPS)[number]> = {
  cs: "cs",
  econ: "econ",
  eess: "eess",
  math: "math",
  "q-bio": "q-bio",
  "q-fin": "q-fin",
  stat: "stat",
  "astro-ph": "physics",
  "cond-mat": "physics",
  "gr-qc": "physics",
  "hep-ex": "physics",
  "hep-lat": "physics",
  "hep-ph": "physics",
  "hep-th": "physics",
  "math-ph": "physics",
  nlin: "physics",
  "nucl-ex": "physics",
  "nucl-th": "physics",
  physics: "physics",
  "quant-ph": "physics",
  // Retired archives, merged into the ones above.
  "acc-phys": "physics",
  "adap-org": "physics",
  "alg-geom": "math",
  "ao-sci": "physics",
  "atom-ph": "physics",
  "bayes-an": "physics",
  "chao-dyn": "physics",
  "chem-ph": "physics",
  "cmp-lg": "cs",
  "comp-gas": "physics",
  "dg-ga": "math",
  "funct-an": "math",
  "mtrl-th": "physics",
  "patt-sol": "physics",
  "plasm-ph": "physics",
  "q-alg": "math",
  "solv-int": "physics",
  "supr-con": "physics",
};

/** The archive of a category: `cs.AI` -> `cs`, `hep-th` -> `hep-th`, `astro-ph.CO` -> `astro-ph`. */
export function categoryArchive(category: string): string {
  const dot = category.indexOf(".");
  return dot === -1 ? category : category.slice(0, dot);
}

/**
 * The finest OAI-PMH set holding a category (`cs.AI` -> `cs:cs:AI`, `hep-th` -> `physics:hep-th`),
 * or null for a code outside arXiv's taxonomy.
 */
export function categorySet(category: string): string | null {
  const archive = categoryArchive(category);
  const group = ARCHIVE_GROUPS[archive];
  if (!group) return null;
  return `${group}:${category.replace(".", ":")}`;
}

/** The group set holding a category (`cs.AI` -> `cs`, `hep-th` -> `physics`), or null. */
export function categoryGroup(category: string): string | null {
  return ARCHIVE_GROUPS[categoryArchive(category)] ?? null;
}

/** Whether a set (`physics`, `physics:hep-th`, `cs:cs:AI`) holds a category. */
export function setHoldsCategory(set: string, category: string): boolean {
  const finest = categorySet(category);
  if (!finest) return false;
  return finest === set || finest.startsWith(`${set}:`);
}

/** A set spec as arXiv writes one: a group, `group:archive` or `group:archive:class`. */
const SET_SPEC = /^[a-z-]+(:[a-z-]+(:[A-Za-z-]+)?)?$/;

/** Whether a text is a set spec arXiv could list (its group known). */
export function isArxivSetSpec(value: string): boolean {
  if (!SET_SPEC.test(value)) return false;
  return (ARXIV_GROUPS as readonly string[]).includes(value.split(":")[0]!);
}

/** The smallest list of group sets holding these categories (what a harvest for them takes). */
export function groupSetsFor(categories: Iterable<string>): string[] {
  const groups = new Set<string>();
  for (const category of categories) {
    const group = categoryGroup(category);
    if (group) groups.add(group);
  }
  return [...groups].sort();
}
