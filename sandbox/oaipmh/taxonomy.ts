/**
 * arXiv's subject taxonomy as its OAI-PMH service names sets: a group ("physics", "cs"), an
 * archive in its group ("physics:hep-th", "math:math"), a category in its archive
 * ("cs:cs:AI", "physics:astro-ph:CO"; a category that is its own archive, such as hep-th, is
 * "physics:hep-th"). ListSets lists the active groups, then the active archives, then the
 * active categories, each in the taxonomy's order, so an archive that is also a category
 * appears twice, as arXiv lists it. A record's header names the set of each of its categories,
 * with the equivalent category of an alias added (math-ph and math.MP) and a defunct archive
 * replaced by the category that took it over (solv-int is nlin.SI).
 */

export interface TaxonomyGroup {
  id: string;
  name: string;
}

export interface TaxonomyArchive {
  id: string;
  name: string;
  group: string;
  /** First month of submissions, "YYYY-MM". */
  start: string;
  /** Defunct archives: the last month they took submissions. */
  end?: string;
}

export interface TaxonomyCategory {
  id: string;
  name: string;
  archive: string;
  active: boolean;
}

export const GROUPS: readonly TaxonomyGroup[] = [
  { id: "physics", name: "Physics" },
  { id: "math", name: "Mathematics" },
  { id: "q-bio", name: "Quantitative Biology" },
  { id: "cs", name: "Computer Science" },
  { id: "q-fin", name: "Quantitative Finance" },
  { id: "stat", name: "Statistics" },
  { id: "eess", name: "Electrical Engineering and Systems Science" },
  { id: "econ", name: "Economics" },
];

const archive = (id: string, name: string, group: string, start: string, end?: string): TaxonomyArchive => (end ? { id, name, group, start, end } : { id, name, group, start });

export const ARCHIVES: readonly TaxonomyArchive[] = [
  archive("acc-phys", "Accelerator Physics", "physics", "1994-11", "1996-09"),
  archive("adap-org", "Adaptation, Noise, and Self-Organizing Systems", "physics", "1993-03", "1999-12"),
  archive("alg-geom", "Algebraic Geometry", "math", "1992-02", "1997-12"),
  archive("ao-sci", "Atmospheric-Oceanic Sciences", "physics", "1995-02", "1996-09"),
  archive("astro-ph", "Astrophysics", "physics", "1992-04"),
  archive("atom-ph", "Atomic, Molecular and Optical Physics", "physics", "1995-09", "1996-09"),
  archive("bayes-an", "Bayesian Analysis", "physics", "1995-06", "1996-11"),
  archive("chao-dyn", "Chaotic Dynamics", "physics", "1993-01", "1999-12"),
  archive("chem-ph", "Chemical Physics", "physics", "1994-03", "1996-09"),
  archive("cmp-lg", "Computation and Language", "cs", "1994-04", "1998-09"),
  archive("comp-gas", "Cellular Automata and Lattice Gases", "physics", "1993-02", "1999-12"),
  archive("cond-mat", "Condensed Matter", "physics", "1992-04"),
  archive("cs", "Computer Science", "cs", "1993-01"),
  archive("dg-ga", "Differential Geometry", "math", "1994-06", "1997-12"),
  archive("econ", "Economics", "econ", "2017-09"),
  archive("eess", "Electrical Engineering and Systems Science", "eess", "2017-09"),
  archive("funct-an", "Functional Analysis", "math", "1992-04", "1997-12"),
  archive("gr-qc", "General Relativity and Quantum Cosmology", "physics", "1992-07"),
  archive("hep-ex", "High Energy Physics - Experiment", "physics", "1994-04"),
  archive("hep-lat", "High Energy Physics - Lattice", "physics", "1992-02"),
  archive("hep-ph", "High Energy Physics - Phenomenology", "physics", "1992-03"),
  archive("hep-th", "High Energy Physics - Theory", "physics", "1991-08"),
  archive("math", "Mathematics", "math", "1992-02"),
  archive("math-ph", "Mathematical Physics", "physics", "1996-09"),
  archive("mtrl-th", "Materials Theory", "physics", "1994-11", "1996-09"),
  archive("nlin", "Nonlinear Sciences", "physics", "1993-01"),
  archive("nucl-ex", "Nuclear Experiment", "physics", "1994-12"),
  archive("nucl-th", "Nuclear Theory", "physics", "1992-10"),
  archive("patt-sol", "Pattern Formation and Solitons", "physics", "1993-02", "1999-12"),
  archive("physics", "Physics", "physics", "1996-10"),
  archive("plasm-ph", "Plasma Physics", "physics", "1995-09", "1996-09"),
  archive("q-alg", "Quantum Algebra and Topology", "math", "1994-12", "1997-12"),
  archive("q-bio", "Quantitative Biology", "q-bio", "2003-09"),
  archive("q-fin", "Quantitative Finance", "q-fin", "2008-12"),
  archive("quant-ph", "Quantum Physics", "physics", "1994-12"),
  archive("solv-int", "Exactly Solvable and Integrable Systems", "physics", "1993-04", "1999-12"),
  archive("stat", "Statistics", "stat", "2007-04"),
  archive("supr-con", "Superconductivity", "physics", "1994-11", "1996-09"),
];

/** Active categories by archive, `SUFFIX=Name` (the archive-level ones are listed alone). */
const ACTIVE_CATEGORY_NAMES: Record<string, string> = {
  "astro-ph.CO": "Cosmology and Nongalactic Astrophysics",
  "astro-ph.EP": "Earth and Planetary Astrophysics",
  "astro-ph.GA": "Astrophysics of Galaxies",
  "astro-ph.HE": "High Energy Astrophysical Phenomena",
  "astro-ph.IM": "Instrumentation and Methods for Astrophysics",
  "astro-ph.SR": "Solar and Stellar Astrophysics",
  "cond-mat.dis-nn": "Disordered Systems and Neural Networks",
  "cond-mat.mes-hall": "Mesoscale and Nanoscale Physics",
  "cond-mat.mtrl-sci": "Materials Science",
  "cond-mat.other": "Other Condensed Matter",
  "cond-mat.quant-gas": "Quantum Gases",
  "cond-mat.soft": "Soft Condensed Matter",
  "cond-mat.stat-mech": "Statistical Mechanics",
  "cond-mat.str-el": "Strongly Correlated Electrons",
  "cond-mat.supr-con": "Superconductivity",
  "cs.AI": "Artificial Intelligence",
  "cs.AR": "Hardware Architecture",
  "cs.CC": "Computational Complexity",
  "cs.CE": "Computational Engineering, Finance, and Science",
  "cs.CG": "Computational Geometry",
  "cs.CL": "Computation and Language",
  "cs.CR": "Cryptography and Security",
  "cs.CV": "Computer Vision and Pattern Recognition",
  "cs.CY": "Computers and Society",
  "cs.DB": "Databases",
  "cs.DC": "Distributed, Parallel, and Cluster Computing",
  "cs.DL": "Digital Libraries",
  "cs.DM": "Discrete Mathematics",
  "cs.DS": "Data Structures and Algorithms",
  "cs.ET": "Emerging Technologies",
  "cs.FL": "Formal Languages and Automata Theory",
  "cs.GL": "General Literature",
  "cs.GR": "Graphics",
  "cs.GT": "Computer Science and Game Theory",
  "cs.HC": "Human-Computer Interaction",
  "cs.IR": "Information Retrieval",
  "cs.IT": "Information Theory",
  "cs.LG": "Machine Learning",
  "cs.LO": "Logic in Computer Science",
  "cs.MA": "Multiagent Systems",
  "cs.MM": "Multimedia",
  "cs.MS": "Mathematical Software",
  "cs.NA": "Numerical Analysis",
  "cs.NE": "Neural and Evolutionary Computing",
  "cs.NI": "Networking and Internet Architecture",
  "cs.OH": "Other Computer Science",
  "cs.OS": "Operating Systems",
  "cs.PF": "Performance",
  "cs.PL": "Programming Languages",
  "cs.RO": "Robotics",
  "cs.SC": "Symbolic Computation",
  "cs.SD": "Sound",
  "cs.SE": "Software Engineering",
  "cs.SI": "Social and Information Networks",
  "cs.SY": "Systems and Control",
  "econ.EM": "Econometrics",
  "econ.GN": "General Economics",
  "econ.TH": "Theoretical Economics",
  "eess.AS": "Audio and Speech Processing",
  "eess.IV": "Image and Video Processing",
  "eess.SP": "Signal Processing",
  "eess.SY": "Systems and Control",
  "gr-qc": "General Relativity and Quantum Cosmology",
  "hep-ex": "High Energy Physics - Experiment",
  "hep-lat": "High Energy Physics - Lattice",
  "hep-ph": "High Energy Physics - Phenomenology",
  "hep-th": "High Energy Physics - Theory",
  "math-ph": "Mathematical Physics",
  "math.AC": "Commutative Algebra",
  "math.AG": "Algebraic Geometry",
  "math.AP": "Analysis of PDEs",
  "math.AT": "Algebraic Topology",
  "math.CA": "Classical Analysis and ODEs",
  "math.CO": "Combinatorics",
  "math.CT": "Category Theory",
  "math.CV": "Complex Variables",
  "math.DG": "Differential Geometry",
  "math.DS": "Dynamical Systems",
  "math.FA": "Functional Analysis",
  "math.GM": "General Mathematics",
  "math.GN": "General Topology",
  "math.GR": "Group Theory",
  "math.GT": "Geometric Topology",
  "math.HO": "History and Overview",
  "math.IT": "Information Theory",
  "math.KT": "K-Theory and Homology",
  "math.LO": "Logic",
  "math.MG": "Metric Geometry",
  "math.MP": "Mathematical Physics",
  "math.NA": "Numerical Analysis",
  "math.NT": "Number Theory",
  "math.OA": "Operator Algebras",
  "math.OC": "Optimization and Control",
  "math.PR": "Probability",
  "math.QA": "Quantum Algebra",
  "math.RA": "Rings and Algebras",
  "math.RT": "Representation Theory",
  "math.SG": "Symplectic Geometry",
  "math.SP": "Spectral Theory",
  "math.ST": "Statistics Theory",
  "nlin.AO": "Adaptation and Self-Organizing Systems",
  "nlin.CD": "Chaotic Dynamics",
  "nlin.CG": "Cellular Automata and Lattice Gases",
  "nlin.PS": "Pattern Formation and Solitons",
  "nlin.SI": "Exactly Solvable and Integrable Systems",
  "nucl-ex": "Nuclear Experiment",
  "nucl-th": "Nuclear Theory",
  "physics.acc-ph": "Accelerator Physics",
  "physics.ao-ph": "Atmospheric and Oceanic Physics",
  "physics.app-ph": "Applied Physics",
  "physics.atm-clus": "Atomic and Molecular Clusters",
  "physics.atom-ph": "Atomic Physics",
  "physics.bio-ph": "Biological Physics",
  "physics.chem-ph": "Chemical Physics",
  "physics.class-ph": "Classical Physics",
  "physics.comp-ph": "Computational Physics",
  "physics.data-an": "Data Analysis, Statistics and Probability",
  "physics.ed-ph": "Physics Education",
  "physics.flu-dyn": "Fluid Dynamics",
  "physics.gen-ph": "General Physics",
  "physics.geo-ph": "Geophysics",
  "physics.hist-ph": "History and Philosophy of Physics",
  "physics.ins-det": "Instrumentation and Detectors",
  "physics.med-ph": "Medical Physics",
  "physics.optics": "Optics",
  "physics.plasm-ph": "Plasma Physics",
  "physics.pop-ph": "Popular Physics",
  "physics.soc-ph": "Physics and Society",
  "physics.space-ph": "Space Physics",
  "q-bio.BM": "Biomolecules",
  "q-bio.CB": "Cell Behavior",
  "q-bio.GN": "Genomics",
  "q-bio.MN": "Molecular Networks",
  "q-bio.NC": "Neurons and Cognition",
  "q-bio.OT": "Other Quantitative Biology",
  "q-bio.PE": "Populations and Evolution",
  "q-bio.QM": "Quantitative Methods",
  "q-bio.SC": "Subcellular Processes",
  "q-bio.TO": "Tissues and Organs",
  "q-fin.CP": "Computational Finance",
  "q-fin.EC": "Economics",
  "q-fin.GN": "General Finance",
  "q-fin.MF": "Mathematical Finance",
  "q-fin.PM": "Portfolio Management",
  "q-fin.PR": "Pricing of Securities",
  "q-fin.RM": "Risk Management",
  "q-fin.ST": "Statistical Finance",
  "q-fin.TR": "Trading and Market Microstructure",
  "quant-ph": "Quantum Physics",
  "stat.AP": "Applications",
  "stat.CO": "Computation",
  "stat.ME": "Methodology",
  "stat.ML": "Machine Learning",
  "stat.OT": "Other Statistics",
  "stat.TH": "Statistics Theory",
};

/** Two names for one category: each brings the other into a record's sets. */
const ALIASES: readonly (readonly [string, string])[] = [
  ["math.MP", "math-ph"],
  ["stat.TH", "math.ST"],
  ["math.IT", "cs.IT"],
  ["q-fin.EC", "econ.GN"],
  ["cs.SY", "eess.SY"],
  ["cs.NA", "math.NA"],
];

/** Defunct archives and the category that took them over. */
export const SUBSUMED: Readonly<Record<string, string>> = {
  "cmp-lg": "cs.CL",
  "adap-org": "nlin.AO",
  "comp-gas": "nlin.CG",
  "chao-dyn": "nlin.CD",
  "solv-int": "nlin.SI",
  "patt-sol": "nlin.PS",
  "alg-geom": "math.AG",
  "dg-ga": "math.DG",
  "funct-an": "math.FA",
  "q-alg": "math.QA",
  "mtrl-th": "cond-mat.mtrl-sci",
  "supr-con": "cond-mat.supr-con",
  "acc-phys": "physics.acc-ph",
  "ao-sci": "physics.ao-ph",
  "atom-ph": "physics.atom-ph",
  "bayes-an": "physics.data-an",
  "chem-ph": "physics.chem-ph",
  "plasm-ph": "physics.plasm-ph",
};

const archivesById = new Map(ARCHIVES.map((entry) => [entry.id, entry]));
const groupsById = new Map(GROUPS.map((entry) => [entry.id, entry]));
const aliasOf = new Map<string, string>(ALIASES.flatMap(([a, b]) => [[a, b] as const, [b, a] as const]));

/** Every category arXiv knows: the active ones, and the bare legacy and defunct archive names papers still carry. */
export const CATEGORIES: ReadonlyMap<string, TaxonomyCategory> = (() => {
  const categories = new Map<string, TaxonomyCategory>();
  for (const [id, name] of Object.entries(ACTIVE_CATEGORY_NAMES).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    categories.set(id, { id, name, archive: id.includes(".") ? id.slice(0, id.indexOf(".")) : id, active: true });
  }
  for (const entry of ARCHIVES) {
    if (!categories.has(entry.id) && entry.id !== "cs" && entry.id !== "math" && entry.id !== "physics" && entry.id !== "nlin" && entry.id !== "stat" && entry.id !== "econ" && entry.id !== "eess" && entry.id !== "q-fin") {
      // astro-ph, cond-mat, q-bio and the defunct archives were categories of their own once.
      categories.set(entry.id, { id: entry.id, name: entry.name, archive: entry.id, active: false });
    }
  }
  return categories;
})();

export function isKnownCategory(id: string): boolean {
  return CATEGORIES.has(id);
}

/** The archive a category belongs to. */
export function archiveOf(category: string): TaxonomyArchive | undefined {
  const known = CATEGORIES.get(category);
  return known ? archivesById.get(known.archive) : undefined;
}

/** The set a taxonomy item is listed under: "cs", "physics:hep-th", "cs:cs:AI". */
export function categorySetSpec(category: string): string | undefined {
  const known = CATEGORIES.get(category);
  const home = known && archivesById.get(known.archive);
  if (!known || !home) return undefined;
  return `${home.group}:${category.replace(".", ":")}`;
}

/**
 * A record's categories as arXiv's OAI service expands them: defunct archives become the
 * category that took them over, an alias brings its twin, unknown words are dropped.
 */
export function expandCategories(categories: readonly string[]): string[] {
  const expanded: string[] = [];
  const add = (category: string) => {
    if (CATEGORIES.has(category) && !expanded.includes(category)) expanded.push(category);
  };
  for (const category of categories) {
    const subsumed = SUBSUMED[category];
    if (subsumed) {
      add(subsumed);
      continue;
    }
    add(category);
    const twin = aliasOf.get(category);
    if (twin && CATEGORIES.has(category)) add(twin);
  }
  return expanded;
}

/** Categories as arXiv stores them: defunct archives replaced by the category that took them over, unknown words dropped, no repeats. */
export function canonicalCategories(categories: readonly string[]): string[] {
  const canonical: string[] = [];
  for (const category of categories) {
    const current = SUBSUMED[category] ?? category;
    if (CATEGORIES.has(current) && !canonical.includes(current)) canonical.push(current);
  }
  return canonical;
}

/** The setSpecs of a record's header, in its categories' order. */
export function headerSetSpecs(categories: readonly string[]): string[] {
  return expandCategories(categories).flatMap((category) => categorySetSpec(category) ?? []);
}

/** One entry of ListSets. */
export interface ListedSet {
  spec: string;
  name: string;
}

/** ListSets: active groups, then active archives, then active categories. */
export function listedSets(): ListedSet[] {
  const sets: ListedSet[] = GROUPS.map((group) => ({ spec: group.id, name: group.name }));
  for (const entry of ARCHIVES) if (!entry.end) sets.push({ spec: `${entry.group}:${entry.id}`, name: entry.name });
  for (const category of CATEGORIES.values()) if (category.active) sets.push({ spec: categorySetSpec(category.id)!, name: category.name });
  return sets;
}

/** A set a request names, as the prefix a header setSpec must equal or extend. */
export type SetFilter = { spec: string };

export class SetError extends Error {}

/** Reads a `set` argument the way arXiv does; throws SetError with arXiv's reason. */
export function parseSetSpec(raw: string): SetFilter {
  const parts = raw.split(":");
  if (parts.length === 1) {
    if (!groupsById.has(raw)) throw new SetError("Set does not exist");
    return { spec: raw };
  }
  if (parts.length === 2) {
    const [group, archiveId] = parts as [string, string];
    const found = archivesById.get(archiveId);
    if (!found || found.end || found.group !== group) throw new SetError("Set does not exist");
    return { spec: raw };
  }
  if (parts.length === 3) {
    const [group, archiveId, suffix] = parts as [string, string, string];
    const category = CATEGORIES.get(`${archiveId}.${suffix}`);
    const home = category && archivesById.get(category.archive);
    if (!category || !category.active || !home || home.id !== archiveId || home.group !== group) throw new SetError("Set does not exist");
    return { spec: raw };
  }
  throw new SetError("Set has too many levels");
}

/** Whether a record whose header lists `specs` is in the set. */
export function inSet(specs: readonly string[], filter: SetFilter): boolean {
  const prefix = `${filter.spec}:`;
  return specs.some((spec) => spec === filter.spec || spec.startsWith(prefix));
}
