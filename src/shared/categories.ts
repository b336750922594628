/**
 * The arXiv category catalogue Quire offers in pickers: about 30 categories across six main
 * subjects. Papers may carry any arXiv category; this list is what users choose from, not a
 * whitelist.
 */

export const MAIN_SUBJECTS = [
  "Computer Science",
  "Physics",
  "Mathematics",
  "Biology",
  "Cross-disciplinary",
  "Economics",
] as const;
export type MainSubject = (typeof MAIN_SUBJECTS)[number];

export type Category = {
  /** The arXiv code, e.g. "cs.CL". */
  id: string;
  name: string;
  description: string;
  mainSubject: MainSubject;
};

export const CATEGORIES: readonly Category[] = [
  { id: "cs.AI", name: "Artificial Intelligence", description: "Reasoning, planning, knowledge representation and agents.", mainSubject: "Computer Science" },
  { id: "cs.CL", name: "Computation and Language", description: "Natural language processing and computational linguistics.", mainSubject: "Computer Science" },
  { id: "cs.CV", name: "Computer Vision and Pattern Recognition", description: "Image and video understanding, recognition and generation.", mainSubject: "Computer Science" },
  { id: "cs.LG", name: "Machine Learning", description: "Learning algorithms, theory and applications.", mainSubject: "Computer Science" },
  { id: "cs.NE", name: "Neural and Evolutionary Computing", description: "Neural networks, genetic algorithms and artificial life.", mainSubject: "Computer Science" },
  { id: "cs.RO", name: "Robotics", description: "Robot perception, control, planning and manipulation.", mainSubject: "Computer Science" },
  { id: "cs.CR", name: "Cryptography and Security", description: "Cryptography, authentication, privacy and attacks.", mainSubject: "Computer Science" },
  { id: "cs.DS", name: "Data Structures and Algorithms", description: "Design and analysis of algorithms and data structures.", mainSubject: "Computer Science" },
  { id: "cs.IR", name: "Information Retrieval", description: "Search, ranking, recommendation and indexing.", mainSubject: "Computer Science" },
  { id: "cs.HC", name: "Human-Computer Interaction", description: "Interfaces, usability and people using computers.", mainSubject: "Computer Science" },
  { id: "cs.SE", name: "Software Engineering", description: "Building, testing and maintaining software.", mainSubject: "Computer Science" },
  { id: "cs.GR", name: "Graphics", description: "Rendering, geometry processing and animation.", mainSubject: "Computer Science" },
  { id: "cs.IT", name: "Information Theory", description: "Coding, channel capacity and information measures.", mainSubject: "Computer Science" },
  { id: "quant-ph", name: "Quantum Physics", description: "Quantum mechanics, information and computation.", mainSubject: "Physics" },
  { id: "hep-th", name: "High Energy Physics - Theory", description: "Field theory, string theory and formal particle physics.", mainSubject: "Physics" },
  { id: "hep-ph", name: "High Energy Physics - Phenomenology", description: "Particle physics models confronted with experiment.", mainSubject: "Physics" },
  { id: "gr-qc", name: "General Relativity and Quantum Cosmology", description: "Gravitation, gravitational waves and quantum gravity.", mainSubject: "Physics" },
  { id: "astro-ph.CO", name: "Cosmology and Nongalactic Astrophysics", description: "The early universe, dark matter and large-scale structure.", mainSubject: "Physics" },
  { id: "astro-ph.GA", name: "Astrophysics of Galaxies", description: "Galaxy formation, structure and evolution.", mainSubject: "Physics" },
  { id: "cond-mat.mtrl-sci", name: "Materials Science", description: "Synthesis, structure and properties of materials.", mainSubject: "Physics" },
  { id: "cond-mat.stat-mech", name: "Statistical Mechanics", description: "Phase transitions, thermodynamics and non-equilibrium systems.", mainSubject: "Physics" },
  { id: "math.OC", name: "Optimization and Control", description: "Optimisation, control theory and operations research.", mainSubject: "Mathematics" },
  { id: "math.ST", name: "Statistics Theory", description: "Mathematical statistics and inference.", mainSubject: "Mathematics" },
  { id: "math.PR", name: "Probability", description: "Probability theory and stochastic processes.", mainSubject: "Mathematics" },
  { id: "math.NA", name: "Numerical Analysis", description: "Numerical methods and their analysis.", mainSubject: "Mathematics" },
  { id: "math.CO", name: "Combinatorics", description: "Discrete mathematics, graphs and enumeration.", mainSubject: "Mathematics" },
  { id: "q-bio.NC", name: "Neurons and Cognition", description: "Neuroscience, from synapses to behaviour.", mainSubject: "Biology" },
  { id: "q-bio.QM", name: "Quantitative Methods", description: "Experimental, numerical and statistical methods in biology.", mainSubject: "Biology" },
  { id: "q-bio.BM", name: "Biomolecules", description: "Structure and dynamics of proteins, DNA and other molecules.", mainSubject: "Biology" },
  { id: "stat.ML", name: "Machine Learning (Statistics)", description: "Statistical approaches to learning from data.", mainSubject: "Cross-disciplinary" },
  { id: "eess.IV", name: "Image and Video Processing", description: "Signal processing for images and video.", mainSubject: "Cross-disciplinary" },
  { id: "eess.AS", name: "Audio and Speech Processing", description: "Speech recognition, synthesis and audio analysis.", mainSubject: "Cross-disciplinary" },
  { id: "physics.soc-ph", name: "Physics and Society", description: "Networks, social systems and collective behaviour.", mainSubject: "Cross-disciplinary" },
  { id: "econ.EM", name: "Econometrics", description: "Statistical methods for economic data.", mainSubject: "Economics" },
  { id: "econ.GN", name: "General Economics", description: "Economics research not covered by a narrower category.", mainSubject: "Economics" },
  { id: "econ.TH", name: "Theoretical Economics", description: "Economic theory, game theory and mechanism design.", mainSubject: "Economics" },
];

const byId = new Map(CATEGORIES.map((category) => [category.id, category]));

/** The catalogue entry for an arXiv code, or undefined for a category outside the catalogue. */
export function findCategory(id: string): Category | undefined {
  return byId.get(id);
}

/** A readable name for any category code: the catalogue's name, else the code itself. */
export function categoryName(id: string): string {
  return byId.get(id)?.name ?? id;
}

/** The catalogue grouped by main subject, in MAIN_SUBJECTS order, for grouped pickers. */
export function categoriesBySubject(): { subject: MainSubject; categories: Category[] }[] {
  return MAIN_SUBJECTS.map((subject) => ({
    subject,
    categories: CATEGORIES.filter((category) => category.mainSubject === subject),
  }));
}
