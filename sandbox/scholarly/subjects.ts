/**
 * What an arXiv category means in OpenAlex's vocabulary: the concepts (level 0 discipline,
 * level 1 and 2 areas) and the topic (with subfield, field and domain) a paper in that category
 * is tagged with. Concept ids, subfield, field and domain ids follow OpenAlex's published ones
 * as far as we know them (they were not checked against the live API); topic ids and most topic
 * names are the sandbox's own (T2xxxx, a range real topics do not use), since OpenAlex assigns
 * topics per paper by a model. cs.CL's topic is the real T10181 of the recorded PaperQA work.
 */

export interface Concept {
  id: string;
  wikidata: string;
  display_name: string;
  level: number;
}

export interface Topic {
  id: string;
  display_name: string;
  subfield: { id: string; display_name: string };
  field: { id: string; display_name: string };
  domain: { id: string; display_name: string };
}

const concept = (id: string, wikidata: string, display_name: string, level: number): Concept => ({
  id: `https://openalex.org/${id}`,
  wikidata: `https://www.wikidata.org/wiki/${wikidata}`,
  display_name,
  level,
});

const C = {
  computerScience: concept("C41008148", "Q21198", "Computer science", 0),
  mathematics: concept("C33923547", "Q395", "Mathematics", 0),
  physics: concept("C121332964", "Q413", "Physics", 0),
  biology: concept("C86803240", "Q420", "Biology", 0),
  economics: concept("C162324750", "Q8134", "Economics", 0),
  engineering: concept("C127413603", "Q11023", "Engineering", 0),
  ai: concept("C154945302", "Q11660", "Artificial intelligence", 1),
  vision: concept("C31972630", "Q844240", "Computer vision", 1),
  nlp: concept("C204321447", "Q30642", "Natural language processing", 1),
  ml: concept("C119857082", "Q2539", "Machine learning", 1),
  ir: concept("C23123220", "Q816826", "Information retrieval", 1),
  dataScience: concept("C2522767166", "Q2374463", "Data science", 1),
  theoreticalCs: concept("C80444323", "Q844718", "Theoretical computer science", 1),
  algorithm: concept("C11413529", "Q8366", "Algorithm", 1),
  network: concept("C31258907", "Q1301371", "Computer network", 1),
  security: concept("C38652104", "Q3510521", "Computer security", 1),
  software: concept("C115903868", "Q80993", "Software engineering", 1),
  hci: concept("C107457646", "Q207434", "Human–computer interaction", 1),
  graphics: concept("C121684516", "Q7600677", "Computer graphics (images)", 1),
  speech: concept("C28490314", "Q189436", "Speech recognition", 1),
  telecom: concept("C76155785", "Q418", "Telecommunications", 1),
  imageProcessing: concept("C9417928", "Q1070689", "Image processing", 2),
  patternRecognition: concept("C153180895", "Q7148389", "Pattern recognition (psychology)", 2),
  robot: concept("C90509273", "Q11012", "Robot", 2),
  gameTheory: concept("C177142836", "Q44455", "Game theory", 2),
  informationTheory: concept("C52622258", "Q131222", "Information theory", 2),
  astrophysics: concept("C44870925", "Q37547", "Astrophysics", 1),
  astronomy: concept("C1276947", "Q333", "Astronomy", 1),
  particlePhysics: concept("C109214941", "Q18334", "Particle physics", 1),
  nuclearPhysics: concept("C185544564", "Q81197", "Nuclear physics", 1),
  theoreticalPhysics: concept("C33332235", "Q18362", "Theoretical physics", 1),
  quantumMechanics: concept("C62520636", "Q944", "Quantum mechanics", 1),
  condensedMatter: concept("C26873012", "Q214781", "Condensed matter physics", 1),
  statisticalPhysics: concept("C121864883", "Q188335", "Statistical physics", 1),
  optics: concept("C120665830", "Q14620", "Optics", 1),
  atomicPhysics: concept("C184779094", "Q26383", "Atomic physics", 1),
  mathematicalPhysics: concept("C37914503", "Q156495", "Mathematical physics", 1),
  generalRelativity: concept("C124952713", "Q11455", "General relativity", 2),
  pureMathematics: concept("C202444582", "Q837863", "Pure mathematics", 1),
  appliedMathematics: concept("C28826006", "Q33521", "Applied mathematics", 1),
  statistics: concept("C105795698", "Q12483", "Statistics", 1),
  discreteMathematics: concept("C118615104", "Q121416", "Discrete mathematics", 1),
  combinatorics: concept("C114614502", "Q76592", "Combinatorics", 1),
  analysis: concept("C134306372", "Q7754", "Mathematical analysis", 1),
  geometry: concept("C2524010", "Q8087", "Geometry", 1),
  algebra: concept("C136119220", "Q3968", "Algebra over a field", 2),
  topology: concept("C184720557", "Q42989", "Topology (electrical circuits)", 2),
  numberTheory: concept("C12362212", "Q12479", "Number theory", 2),
  probability: concept("C154023436", "Q5862903", "Probability theory", 2),
  optimization: concept("C126255220", "Q141495", "Mathematical optimization", 1),
  computationalBiology: concept("C70721500", "Q177005", "Computational biology", 1),
  finance: concept("C10138342", "Q43015", "Finance", 1),
  econometrics: concept("C149782125", "Q160039", "Econometrics", 1),
  controlTheory: concept("C47446073", "Q6501221", "Control theory (sociology)", 2),
  signalProcessing: concept("C104267543", "Q208163", "Signal processing", 2),
  acoustics: concept("C24890656", "Q82811", "Acoustics", 1),
  geophysics: concept("C8058405", "Q46255", "Geophysics", 1),
  chemistry: concept("C185592680", "Q2329", "Chemistry", 0),
};

const DOMAINS = {
  life: { id: "https://openalex.org/domains/1", display_name: "Life Sciences" },
  social: { id: "https://openalex.org/domains/2", display_name: "Social Sciences" },
  physical: { id: "https://openalex.org/domains/3", display_name: "Physical Sciences" },
};
const FIELDS = {
  cs: { id: "https://openalex.org/fields/17", display_name: "Computer Science" },
  math: { id: "https://openalex.org/fields/26", display_name: "Mathematics" },
  physics: { id: "https://openalex.org/fields/31", display_name: "Physics and Astronomy" },
  engineering: { id: "https://openalex.org/fields/22", display_name: "Engineering" },
  economics: { id: "https://openalex.org/fields/20", display_name: "Economics, Econometrics and Finance" },
  biology: { id: "https://openalex.org/fields/13", display_name: "Biochemistry, Genetics and Molecular Biology" },
  earth: { id: "https://openalex.org/fields/19", display_name: "Earth and Planetary Sciences" },
};

function topic(number: number, name: string, subfield: [number, string], field: keyof typeof FIELDS, domain: keyof typeof DOMAINS = "physical"): Topic {
  return {
    id: `https://openalex.org/T${number}`,
    display_name: name,
    subfield: { id: `https://openalex.org/subfields/${subfield[0]}`, display_name: subfield[1] },
    field: FIELDS[field],
    domain: DOMAINS[domain],
  };
}

export interface Subject {
  /** Most specific first; the paper's score for each falls with its position. */
  concepts: Concept[];
  topic: Topic;
}

const AI: [number, string] = [1702, "Artificial Intelligence"];

/** By exact category first, then by archive (the part before the dot). */
const SUBJECTS: Record<string, Subject> = {
  "cs.CV": { concepts: [C.vision, C.ai, C.computerScience, C.patternRecognition], topic: topic(20001, "Visual Recognition and Image Understanding", [1707, "Computer Vision and Pattern Recognition"], "cs") },
  "cs.CL": { concepts: [C.nlp, C.ai, C.computerScience], topic: topic(10181, "Natural Language Processing Techniques", AI, "cs") },
  "cs.AI": { concepts: [C.ai, C.computerScience, C.ml], topic: topic(20002, "Reasoning and Planning in Intelligent Agents", AI, "cs") },
  "cs.LG": { concepts: [C.ml, C.ai, C.computerScience], topic: topic(20003, "Statistical Learning and Neural Network Methods", AI, "cs") },
  "stat.ML": { concepts: [C.ml, C.statistics, C.computerScience], topic: topic(20003, "Statistical Learning and Neural Network Methods", AI, "cs") },
  "cs.IR": { concepts: [C.ir, C.dataScience, C.computerScience], topic: topic(20004, "Search, Recommendation and Retrieval Systems", [1710, "Information Systems"], "cs") },
  "cs.DL": { concepts: [C.ir, C.dataScience, C.computerScience], topic: topic(20005, "Scholarly Communication and Digital Libraries", [1710, "Information Systems"], "cs") },
  "cs.IT": { concepts: [C.telecom, C.computerScience, C.informationTheory], topic: topic(20006, "Coding and Information Theory", [1705, "Computer Networks and Communications"], "cs") },
  "cs.GT": { concepts: [C.theoreticalCs, C.computerScience, C.gameTheory], topic: topic(20007, "Algorithmic Game Theory and Mechanism Design", [1703, "Computational Theory and Mathematics"], "cs") },
  "cs.GR": { concepts: [C.graphics, C.computerScience, C.vision], topic: topic(20008, "Rendering, Geometry Processing and 3D Reconstruction", [1704, "Computer Graphics and Computer-Aided Design"], "cs") },
  "cs.RO": { concepts: [C.ai, C.computerScience, C.robot], topic: topic(20009, "Robot Learning, Control and Navigation", AI, "cs") },
  "cs.CR": { concepts: [C.security, C.computerScience], topic: topic(20010, "Security, Privacy and Cryptographic Protocols", [1710, "Information Systems"], "cs") },
  "cs.SE": { concepts: [C.software, C.computerScience], topic: topic(20011, "Software Engineering and Program Analysis", [1712, "Software"], "cs") },
  "cs.HC": { concepts: [C.hci, C.computerScience], topic: topic(20012, "Human-Computer Interaction Studies", [1709, "Human-Computer Interaction"], "cs") },
  "cs.NI": { concepts: [C.network, C.computerScience], topic: topic(20013, "Network Protocols and Wireless Systems", [1705, "Computer Networks and Communications"], "cs") },
  "cs.DS": { concepts: [C.algorithm, C.theoreticalCs, C.computerScience], topic: topic(20014, "Algorithms and Data Structures", [1703, "Computational Theory and Mathematics"], "cs") },
  "cs.CC": { concepts: [C.theoreticalCs, C.computerScience, C.discreteMathematics], topic: topic(20015, "Computational Complexity", [1703, "Computational Theory and Mathematics"], "cs") },
  "cs.SD": { concepts: [C.speech, C.computerScience, C.acoustics], topic: topic(20016, "Speech and Audio Processing", [1711, "Signal Processing"], "cs") },
  "eess.AS": { concepts: [C.speech, C.computerScience, C.acoustics], topic: topic(20016, "Speech and Audio Processing", [1711, "Signal Processing"], "cs") },
  "eess.IV": { concepts: [C.vision, C.computerScience, C.imageProcessing], topic: topic(20017, "Image Restoration and Enhancement", [1707, "Computer Vision and Pattern Recognition"], "cs") },
  "eess.SP": { concepts: [C.telecom, C.engineering, C.signalProcessing], topic: topic(20018, "Signal Processing Methods", [2208, "Electrical and Electronic Engineering"], "engineering") },
  "eess.SY": { concepts: [C.appliedMathematics, C.engineering, C.controlTheory], topic: topic(20019, "Control Systems and Optimization", [2207, "Control and Systems Engineering"], "engineering") },
  cs: { concepts: [C.computerScience, C.ai, C.theoreticalCs], topic: topic(20020, "Computing Methods and Applications", [1706, "Computer Science Applications"], "cs") },
  eess: { concepts: [C.engineering, C.computerScience, C.signalProcessing], topic: topic(20018, "Signal Processing Methods", [2208, "Electrical and Electronic Engineering"], "engineering") },
  "astro-ph": { concepts: [C.astrophysics, C.physics, C.astronomy], topic: topic(20021, "Galaxies, Stars and Cosmic Structure", [3103, "Astronomy and Astrophysics"], "physics") },
  "astro-ph.CO": { concepts: [C.astrophysics, C.physics, C.theoreticalPhysics], topic: topic(20022, "Cosmology and the Early Universe", [3103, "Astronomy and Astrophysics"], "physics") },
  "astro-ph.EP": { concepts: [C.astronomy, C.physics, C.astrophysics], topic: topic(20023, "Exoplanets and Planetary Systems", [3103, "Astronomy and Astrophysics"], "physics") },
  "astro-ph.SR": { concepts: [C.astrophysics, C.physics, C.astronomy], topic: topic(20024, "Stellar Structure and Evolution", [3103, "Astronomy and Astrophysics"], "physics") },
  "hep-th": { concepts: [C.theoreticalPhysics, C.physics, C.particlePhysics, C.mathematicalPhysics], topic: topic(20025, "String Theory and Quantum Field Theory", [3106, "Nuclear and High Energy Physics"], "physics") },
  "hep-ph": { concepts: [C.particlePhysics, C.physics, C.theoreticalPhysics], topic: topic(20026, "Particle Phenomenology", [3106, "Nuclear and High Energy Physics"], "physics") },
  "hep-ex": { concepts: [C.particlePhysics, C.physics, C.nuclearPhysics], topic: topic(20027, "High-Energy Collider Experiments", [3106, "Nuclear and High Energy Physics"], "physics") },
  "hep-lat": { concepts: [C.particlePhysics, C.physics, C.theoreticalPhysics], topic: topic(20028, "Lattice Field Theory", [3106, "Nuclear and High Energy Physics"], "physics") },
  "nucl-th": { concepts: [C.nuclearPhysics, C.physics, C.theoreticalPhysics], topic: topic(20029, "Nuclear Structure and Reactions", [3106, "Nuclear and High Energy Physics"], "physics") },
  "nucl-ex": { concepts: [C.nuclearPhysics, C.physics, C.particlePhysics], topic: topic(20029, "Nuclear Structure and Reactions", [3106, "Nuclear and High Energy Physics"], "physics") },
  "gr-qc": { concepts: [C.theoreticalPhysics, C.physics, C.generalRelativity, C.astrophysics], topic: topic(20030, "Gravitation and Relativistic Astrophysics", [3103, "Astronomy and Astrophysics"], "physics") },
  "quant-ph": { concepts: [C.quantumMechanics, C.physics, C.theoreticalPhysics], topic: topic(20031, "Quantum Information and Quantum Optics", [3107, "Atomic and Molecular Physics, and Optics"], "physics") },
  "cond-mat": { concepts: [C.condensedMatter, C.physics, C.quantumMechanics], topic: topic(20032, "Electronic and Magnetic Properties of Materials", [3104, "Condensed Matter Physics"], "physics") },
  "cond-mat.stat-mech": { concepts: [C.statisticalPhysics, C.physics, C.condensedMatter], topic: topic(20033, "Statistical Mechanics and Complex Systems", [3109, "Statistical and Nonlinear Physics"], "physics") },
  "cond-mat.soft": { concepts: [C.condensedMatter, C.physics, C.statisticalPhysics], topic: topic(20034, "Soft Matter and Complex Fluids", [3104, "Condensed Matter Physics"], "physics") },
  "math-ph": { concepts: [C.mathematicalPhysics, C.physics, C.mathematics], topic: topic(20035, "Mathematical Methods in Physics", [2610, "Mathematical Physics"], "math") },
  "math.MP": { concepts: [C.mathematicalPhysics, C.physics, C.mathematics], topic: topic(20035, "Mathematical Methods in Physics", [2610, "Mathematical Physics"], "math") },
  physics: { concepts: [C.physics, C.theoreticalPhysics, C.mathematicalPhysics], topic: topic(20036, "Physics Methods and Phenomena", [3101, "Physics and Astronomy (miscellaneous)"], "physics") },
  "physics.optics": { concepts: [C.optics, C.physics, C.atomicPhysics], topic: topic(20037, "Photonics and Optical Systems", [3107, "Atomic and Molecular Physics, and Optics"], "physics") },
  "physics.atom-ph": { concepts: [C.atomicPhysics, C.physics, C.quantumMechanics], topic: topic(20038, "Atomic and Molecular Spectroscopy", [3107, "Atomic and Molecular Physics, and Optics"], "physics") },
  "physics.geo-ph": { concepts: [C.geophysics, C.physics], topic: topic(20039, "Geophysical Processes", [1908, "Geophysics"], "earth") },
  nlin: { concepts: [C.statisticalPhysics, C.physics, C.mathematics], topic: topic(20040, "Nonlinear Dynamics and Chaos", [3109, "Statistical and Nonlinear Physics"], "physics") },
  math: { concepts: [C.pureMathematics, C.mathematics, C.analysis], topic: topic(20041, "Mathematical Structures and Methods", [2601, "Mathematics (miscellaneous)"], "math") },
  "math.AP": { concepts: [C.analysis, C.mathematics, C.pureMathematics], topic: topic(20042, "Partial Differential Equations", [2603, "Analysis"], "math") },
  "math.CA": { concepts: [C.analysis, C.mathematics, C.pureMathematics], topic: topic(20043, "Real and Harmonic Analysis", [2603, "Analysis"], "math") },
  "math.FA": { concepts: [C.analysis, C.mathematics, C.pureMathematics], topic: topic(20044, "Functional Analysis and Operator Theory", [2603, "Analysis"], "math") },
  "math.PR": { concepts: [C.statistics, C.mathematics, C.probability], topic: topic(20045, "Stochastic Processes and Probability", [2613, "Statistics and Probability"], "math") },
  "math.ST": { concepts: [C.statistics, C.mathematics, C.probability], topic: topic(20046, "Statistical Inference and Estimation", [2613, "Statistics and Probability"], "math") },
  stat: { concepts: [C.statistics, C.mathematics, C.ml], topic: topic(20046, "Statistical Inference and Estimation", [2613, "Statistics and Probability"], "math") },
  "math.CO": { concepts: [C.combinatorics, C.mathematics, C.discreteMathematics], topic: topic(20047, "Combinatorics and Graph Theory", [2607, "Discrete Mathematics and Combinatorics"], "math") },
  "math.AG": { concepts: [C.pureMathematics, C.mathematics, C.geometry, C.algebra], topic: topic(20048, "Algebraic Geometry", [2602, "Algebra and Number Theory"], "math") },
  "math.NT": { concepts: [C.pureMathematics, C.mathematics, C.numberTheory], topic: topic(20049, "Number Theory and Arithmetic Geometry", [2602, "Algebra and Number Theory"], "math") },
  "math.DG": { concepts: [C.geometry, C.mathematics, C.pureMathematics], topic: topic(20050, "Differential Geometry", [2608, "Geometry and Topology"], "math") },
  "math.GT": { concepts: [C.geometry, C.mathematics, C.topology], topic: topic(20051, "Low-Dimensional Topology", [2608, "Geometry and Topology"], "math") },
  "math.AT": { concepts: [C.pureMathematics, C.mathematics, C.topology], topic: topic(20052, "Algebraic Topology", [2608, "Geometry and Topology"], "math") },
  "math.OC": { concepts: [C.optimization, C.mathematics, C.appliedMathematics], topic: topic(20053, "Optimization and Control", [2606, "Control and Optimization"], "math") },
  "math.NA": { concepts: [C.appliedMathematics, C.mathematics, C.analysis], topic: topic(20054, "Numerical Methods", [2612, "Numerical Analysis"], "math") },
  "q-bio": { concepts: [C.computationalBiology, C.biology, C.computerScience], topic: topic(20055, "Computational and Systems Biology", [1312, "Molecular Biology"], "biology", "life") },
  "q-fin": { concepts: [C.finance, C.economics, C.econometrics], topic: topic(20056, "Quantitative Finance", [2003, "Finance"], "economics", "social") },
  econ: { concepts: [C.econometrics, C.economics, C.statistics], topic: topic(20057, "Economic Theory and Econometrics", [2002, "Economics and Econometrics"], "economics", "social") },
};

const FALLBACK: Subject = { concepts: [C.physics, C.mathematics], topic: topic(20036, "Physics Methods and Phenomena", [3101, "Physics and Astronomy (miscellaneous)"], "physics") };

/** The subject of one arXiv category ("cs.CV", "hep-th", "cond-mat.str-el", "math.GT"). */
export function subjectOf(category: string): Subject {
  const exact = SUBJECTS[category];
  if (exact) return exact;
  const archive = category.split(".")[0]!;
  return SUBJECTS[archive] ?? (archive.startsWith("cond-mat") ? SUBJECTS["cond-mat"]! : FALLBACK);
}

/** Every topic any category maps to (for `primary_topic.id` filters and group_by names). */
export function allTopics(): Topic[] {
  const byId = new Map<string, Topic>();
  for (const subject of [...Object.values(SUBJECTS), FALLBACK]) byId.set(subject.topic.id, subject.topic);
  return [...byId.values()];
}

/** Every concept any category maps to. */
export function allConcepts(): Concept[] {
  return Object.values(C);
}
