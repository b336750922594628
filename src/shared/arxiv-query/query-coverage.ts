import type { QueryNode } from "./query-parser";
import { categoryGroup, setHoldsCategory } from "./arxiv-sets";

/**
 * Whether every paper a query can match lies inside a harvest of some of arXiv's sets: the
 * query must keep to categories of those sets (`cat:cs.LG AND ti:x`, `cat:cs.* OR cat:math.CO`).
 * A query that could match a paper of any category (`ti:x`, `ANDNOT cat:cs.LG`) is not kept.
 */
export function queryKeepsToSets(node: QueryNode, sets: readonly string[]): boolean {
  switch (node.kind) {
    case "term":
      return node.field === "cat" && categoryTermInSets(node.value, node.quoted, sets);
    case "and":
      return queryKeepsToSets(node.left, sets) || queryKeepsToSets(node.right, sets);
    case "or":
      return queryKeepsToSets(node.left, sets) && queryKeepsToSets(node.right, sets);
    case "andnot":
      return queryKeepsToSets(node.left, sets);
    case "not":
    case "dateRange":
      return false;
  }
}

/** A `cat:` value (one category, several as a phrase, or a wildcard) inside the sets. */
function categoryTermInSets(value: string, quoted: boolean, sets: readonly string[]): boolean {
  const trimmed = value.trim();
  const holds = (category: string) => sets.some((set) => setHoldsCategory(set, category));
  if (!quoted && /[*?]/.test(trimmed)) {
    // `cs.*` keeps to cs when the cs archive (or its group) is harvested whole; nothing looser does.
    const archive = /^([a-z-]+)\.\*$/i.exec(trimmed)?.[1]?.toLowerCase();
    const group = archive ? categoryGroup(archive) : null;
    return group !== null && sets.some((set) => set === group || set === `${group}:${archive}`);
  }
  // A phrase of categories (`cat:"cs.LG cs.AI"`) needs its first to be there; one will do.
  const categories = trimmed.split(/\s+/).filter(Boolean);
  return categories.length > 0 && categories.some((category) => holds(matchCase(category)));
}

/**
 * A category as arXiv spells it, whatever case the query used (arXiv matches categories
 * ignoring case): the archive lower case, the class upper case (`cs.LG`, `astro-ph.CO`) but
 * in cond-mat and physics (`cond-mat.mtrl-sci`, `physics.soc-ph`).
 */
function matchCase(category: string): string {
  const dot = category.indexOf(".");
  if (dot === -1) return category.toLowerCase();
  const archive = category.slice(0, dot).toLowerCase();
  const subject = category.slice(dot + 1);
  return archive === "cond-mat" || archive === "physics" ? `${archive}.${subject.toLowerCase()}` : `${archive}.${subject.toUpperCase()}`;
}
