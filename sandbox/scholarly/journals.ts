/**
 * Journal facts derived from what arXiv records: the DOI a paper was published under, the
 * journal (from the free-text journal reference, e.g. "Phys.Rev.D76:013009,2007"), volume,
 * pages and year, and the publisher (from the DOI prefix). Used for the Crossref records and
 * for the journal location of OpenAlex works.
 */

/**
 * The first DOI of arXiv's `doi` field, lower-cased the way Crossref and OpenAlex print DOIs.
 * arXiv's field sometimes holds several ("10.1/a 10.1/b", "10.1/a; 10.1/b") or a `doi:` prefix;
 * anything that is not a 10.x DOI (handles such as 21.11130/...) gives null.
 */
export function journalDoi(raw: string | null): string | null {
  if (!raw) return null;
  // Several DOIs are separated by spaces or "; " (a semicolon inside a DOI, as in SICI DOIs, stays).
  const first = raw.replace(/^\s*doi:\s*/i, "").trim().split(/[;,]?\s+/)[0] ?? "";
  const doi = first.replace(/^https?:\/\/(dx\.)?doi\.org\//i, "").replace(/[.;,]+$/, "").toLowerCase();
  if (!/^10\.\d{4,9}\/\S+$/.test(doi)) return null;
  if (doi.startsWith("10.48550/")) return null;
  return doi;
}

/** DOI prefix -> publisher, as Crossref names them. */
const PUBLISHERS: Record<string, string> = {
  "10.1103": "American Physical Society (APS)",
  "10.1088": "IOP Publishing",
  "10.1016": "Elsevier BV",
  "10.1007": "Springer Science and Business Media LLC",
  "10.1086": "American Astronomical Society",
  "10.1063": "AIP Publishing",
  "10.1051": "EDP Sciences",
  "10.1111": "Wiley",
  "10.1109": "Institute of Electrical and Electronics Engineers (IEEE)",
  "10.1142": "World Scientific Pub Co Pte Lt",
  "10.1140": "Springer Science and Business Media LLC",
  "10.1143": "Oxford University Press (OUP)",
  "10.1209": "IOP Publishing",
  "10.1364": "Optica Publishing Group",
  "10.1080": "Informa UK Limited",
  "10.1145": "Association for Computing Machinery (ACM)",
  "10.1017": "Cambridge University Press (CUP)",
  "10.1214": "Institute of Mathematical Statistics",
  "10.1002": "Wiley",
  "10.1038": "Springer Science and Business Media LLC",
  "10.1021": "American Chemical Society (ACS)",
  "10.1134": "Pleiades Publishing Ltd",
  "10.1093": "Oxford University Press (OUP)",
  "10.1112": "Wiley",
  "10.1146": "Annual Reviews",
  "10.2478": "Walter de Gruyter GmbH",
  "10.1090": "American Mathematical Society (AMS)",
  "10.2140": "Mathematical Sciences Publishers",
  "10.1117": "SPIE",
  "10.3150": "Bernoulli Society for Mathematical Statistics and Probability",
  "10.1039": "Royal Society of Chemistry (RSC)",
  "10.18653": "Association for Computational Linguistics",
  "10.1175": "American Meteorological Society",
  "10.1098": "The Royal Society",
  "10.1155": "Wiley",
  "10.1515": "Walter de Gruyter GmbH",
  "10.1371": "Public Library of Science (PLoS)",
  "10.1215": "Duke University Press",
  "10.1121": "Acoustical Society of America (ASA)",
  "10.4171": "European Mathematical Society - EMS - Publishing House GmbH",
  "10.1137": "Society for Industrial & Applied Mathematics (SIAM)",
  "10.1126": "American Association for the Advancement of Science (AAAS)",
  "10.1073": "Proceedings of the National Academy of Sciences",
  "10.3390": "MDPI AG",
};

export function publisherOf(doi: string): string {
  return PUBLISHERS[doi.split("/")[0]!] ?? "Unknown";
}

/** Journal abbreviations as arXiv authors write them (letters only, lower case) -> full name. */
const JOURNALS: Record<string, string> = {
  physrevd: "Physical Review D",
  physrevlett: "Physical Review Letters",
  physreva: "Physical Review A",
  physrevb: "Physical Review B",
  physrevc: "Physical Review C",
  physreve: "Physical Review E",
  physicalreviewb: "Physical Review B",
  physicalreviewd: "Physical Review D",
  physicalreviewletters: "Physical Review Letters",
  revmodphys: "Reviews of Modern Physics",
  astrophysj: "The Astrophysical Journal",
  apj: "The Astrophysical Journal",
  apjs: "The Astrophysical Journal Supplement Series",
  apjl: "The Astrophysical Journal Letters",
  astrophysjsuppl: "The Astrophysical Journal Supplement Series",
  astronj: "The Astronomical Journal",
  aj: "The Astronomical Journal",
  astronastrophys: "Astronomy & Astrophysics",
  aa: "Astronomy & Astrophysics",
  monnotroyastronsoc: "Monthly Notices of the Royal Astronomical Society",
  mnras: "Monthly Notices of the Royal Astronomical Society",
  jhep: "Journal of High Energy Physics",
  jcap: "Journal of Cosmology and Astroparticle Physics",
  physlettb: "Physics Letters B",
  physletta: "Physics Letters A",
  nuclphysb: "Nuclear Physics B",
  nuclphysa: "Nuclear Physics A",
  classquantgrav: "Classical and Quantum Gravity",
  intjmodphysa: "International Journal of Modern Physics A",
  intjmodphysb: "International Journal of Modern Physics B",
  intjmodphysd: "International Journal of Modern Physics D",
  modphysletta: "Modern Physics Letters A",
  progtheorphys: "Progress of Theoretical Physics",
  progtheorphyssuppl: "Progress of Theoretical Physics Supplement",
  eurphysjc: "The European Physical Journal C",
  eurphysjb: "The European Physical Journal B",
  eurphysja: "The European Physical Journal A",
  epl: "EPL (Europhysics Letters)",
  europhyslett: "EPL (Europhysics Letters)",
  jmathphys: "Journal of Mathematical Physics",
  jchemphys: "The Journal of Chemical Physics",
  japplphys: "Journal of Applied Physics",
  journalofappliedphysics: "Journal of Applied Physics",
  applphyslett: "Applied Physics Letters",
  commmathphys: "Communications in Mathematical Physics",
  communmathphys: "Communications in Mathematical Physics",
  commtheorphys: "Communications in Theoretical Physics",
  communtheorphys: "Communications in Theoretical Physics",
  jphysa: "Journal of Physics A: Mathematical and Theoretical",
  jphysamaththeor: "Journal of Physics A: Mathematical and Theoretical",
  jphyscondensmatter: "Journal of Physics: Condensed Matter",
  jphysconfser: "Journal of Physics: Conference Series",
  newjphys: "New Journal of Physics",
  aipconfproc: "AIP Conference Proceedings",
  astrophysspacesci: "Astrophysics and Space Science",
  genrelgrav: "General Relativity and Gravitation",
  jstatmech: "Journal of Statistical Mechanics: Theory and Experiment",
  jfluidmech: "Journal of Fluid Mechanics",
  physicaa: "Physica A: Statistical Mechanics and its Applications",
  jlowtempphys: "Journal of Low Temperature Physics",
  lectnotesphys: "Lecture Notes in Physics",
  intjtheorphys: "International Journal of Theoretical Physics",
  physpartnucllett: "Physics of Particles and Nuclei Letters",
  joptsocama: "Journal of the Optical Society of America A",
  jquantspectroscradiattransf: "Journal of Quantitative Spectroscopy and Radiative Transfer",
  jalgebra: "Journal of Algebra",
  annapplprobab: "The Annals of Applied Probability",
  annalsofappliedprobability: "The Annals of Applied Probability",
  annstat: "The Annals of Statistics",
  annprobab: "The Annals of Probability",
  ieeetransinftheory: "IEEE Transactions on Information Theory",
  nature: "Nature",
  science: "Science",
  natphys: "Nature Physics",
  optexpress: "Optics Express",
  optlett: "Optics Letters",
};

export interface JournalRef {
  /** The journal's full name when known, else the name as written; null when none can be read. */
  journal: string | null;
  volume: string | null;
  page: string | null;
  year: number | null;
}

const lettersKey = (name: string) => name.toLowerCase().replace(/[^a-z]/g, "");

/** Full journal name for an abbreviation as written, or the tidied abbreviation itself. */
export function expandJournal(written: string): string | null {
  // "Physica A, V. 387" / "Annals of Applied Probability 2008, Vol. 18": the name ends before them.
  const name = written.replace(/(?:,\s*|\s+)(?:v|vol|no|issues?|pp?)\b\.?.*$/i, "").replace(/\s+(?:19|20)\d\d\b.*$/, "");
  const trimmed = name.replace(/[\s,.:;-]+$/, "").replace(/^[\s,.:;-]+/, "").trim();
  if (trimmed.replace(/[^A-Za-z]/g, "").length < 2) return null;
  return JOURNALS[lettersKey(trimmed)] ?? trimmed;
}

/**
 * Reads a journal reference in the common shapes: "Phys.Rev.D76:013009,2007",
 * "Phys. Rev. Lett. 99, 048301 (2007)", "J. Algebra 321 (2009), 3450-3468.", "JHEP 0705:034,2007".
 * Whatever cannot be read stays null.
 */
export function parseJournalRef(ref: string | null): JournalRef {
  if (!ref) return { journal: null, volume: null, page: null, year: null };
  const text = ref.split(";")[0]!.trim();
  const years = [...text.matchAll(/(?<![\d])(19[5-9]\d|20[0-3]\d)(?![\d])/g)].map((match) => Number(match[1]));
  const year = years.length > 0 ? years[years.length - 1]! : null;

  // SPIRES style: name + volume (a letter may end the name: "Phys.Rev.D76"), colon, pages, comma, year.
  const spires = /^(.*?[A-Za-z.\s])\s*(\d{1,4}[A-Z]?)\s*:\s*([A-Za-z]?\d+(?:-[A-Za-z]?\d+)?)\s*,\s*(\d{4})/.exec(text);
  if (spires) return { journal: expandJournal(spires[1]!), volume: spires[2]!, page: spires[3]!, year: Number(spires[4]) };

  // "Name 99, 048301 (2007)" / "Name, vol 104, 073536 (2008)"
  const comma = /^(.*?[A-Za-z.)])[\s,]+(?:vol\.?\s*|v\.\s*)?(\d{1,4})(?:\s*\(\d+\))?\s*,\s*(?:pp?\.?\s*)?([A-Za-z]?\d+(?:-{1,2}[A-Za-z]?\d+)?)/i.exec(text);
  if (comma) return { journal: expandJournal(comma[1]!), volume: comma[2]!, page: comma[3]!.replace(/--/, "-"), year };

  // "Name 321 (2009), 3450-3468" / "Name 2 (2003) 141-148"
  const yearFirst = /^(.*?[A-Za-z.])\s+(\d{1,4})\s*\((\d{4})\)\s*,?\s*(?:pp?\.?\s*)?(\d+(?:-{1,2}\d+)?)?/.exec(text);
  if (yearFirst) return { journal: expandJournal(yearFirst[1]!), volume: yearFirst[2]!, page: yearFirst[4]?.replace(/--/, "-") ?? null, year: Number(yearFirst[3]) };

  const name = /^([^\d(]*)/.exec(text)?.[1] ?? "";
  return { journal: name.length <= 80 ? expandJournal(name) : null, volume: null, page: null, year };
}

/** APS and a few other publishers encode the journal in the DOI suffix. */
const DOI_JOURNALS: [RegExp, string][] = [
  [/^10\.1103\/physrevlett\./, "Physical Review Letters"],
  [/^10\.1103\/physreva\./, "Physical Review A"],
  [/^10\.1103\/physrevb\./, "Physical Review B"],
  [/^10\.1103\/physrevc\./, "Physical Review C"],
  [/^10\.1103\/physrevd\./, "Physical Review D"],
  [/^10\.1103\/physreve\./, "Physical Review E"],
  [/^10\.1103\/revmodphys\./, "Reviews of Modern Physics"],
  [/^10\.1088\/1126-6708\//, "Journal of High Energy Physics"],
  [/^10\.1088\/1475-7516\//, "Journal of Cosmology and Astroparticle Physics"],
  [/^10\.1088\/0264-9381\//, "Classical and Quantum Gravity"],
  [/^10\.1088\/1751-8113\//, "Journal of Physics A: Mathematical and Theoretical"],
  [/^10\.1088\/1367-2630\//, "New Journal of Physics"],
  [/^10\.1088\/0953-8984\//, "Journal of Physics: Condensed Matter"],
  [/^10\.1086\//, "The Astrophysical Journal"],
  [/^10\.1051\//, "Astronomy & Astrophysics"],
  [/^10\.1111\/j\.1365-2966\./, "Monthly Notices of the Royal Astronomical Society"],
  [/^10\.1016\/j\.physletb\./, "Physics Letters B"],
  [/^10\.1016\/j\.nuclphysb\./, "Nuclear Physics B"],
  [/^10\.1016\/j\.nuclphysa\./, "Nuclear Physics A"],
  [/^10\.1140\/epjc\//, "The European Physical Journal C"],
  [/^10\.1143\/ptp\./, "Progress of Theoretical Physics"],
  [/^10\.1209\//, "EPL (Europhysics Letters)"],
  [/^10\.1103\/physrevx\./, "Physical Review X"],
  [/^10\.1088\/0953-4075\//, "Journal of Physics B: Atomic, Molecular and Optical Physics"],
  [/^10\.1088\/0305-4470\//, "Journal of Physics A: Mathematical and General"],
  [/^10\.1088\/1742-6596\//, "Journal of Physics: Conference Series"],
  [/^10\.1016\/j\.physa\./, "Physica A: Statistical Mechanics and its Applications"],
  [/^10\.1016\/j\.physb\./, "Physica B: Condensed Matter"],
  [/^10\.1016\/j\.physc\./, "Physica C: Superconductivity and its Applications"],
  [/^10\.1016\/j\.physd\./, "Physica D: Nonlinear Phenomena"],
  [/^10\.1016\/j\.physleta\./, "Physics Letters A"],
  [/^10\.1016\/j\.ssc\./, "Solid State Communications"],
  [/^10\.1016\/j\.aop\./, "Annals of Physics"],
  [/^10\.1016\/j\.jalgebra\./, "Journal of Algebra"],
  [/^10\.1016\/j\.geomphys\./, "Journal of Geometry and Physics"],
  [/^10\.1016\/j\.nima\./, "Nuclear Instruments and Methods in Physics Research Section A"],
  [/^10\.1016\/0168-9002\(/, "Nuclear Instruments and Methods in Physics Research Section A"],
  [/^10\.1016\/0370-2693\(/, "Physics Letters B"],
  [/^10\.1016\/0550-3213\(/, "Nuclear Physics B"],
  [/^10\.1007\/s00220-/, "Communications in Mathematical Physics"],
  [/^10\.1007\/s00440-/, "Probability Theory and Related Fields"],
  [/^10\.1007\/s10714-/, "General Relativity and Gravitation"],
  [/^10\.1007\/s10509-/, "Astrophysics and Space Science"],
  [/^10\.1007\/s10955-/, "Journal of Statistical Physics"],
  [/^10\.1007\/s10773-/, "International Journal of Theoretical Physics"],
  [/^10\.1007\/jhep/, "Journal of High Energy Physics"],
  [/^10\.1140\/epjb\//, "The European Physical Journal B"],
  [/^10\.1140\/epja\//, "The European Physical Journal A"],
  [/^10\.1140\/epjd\//, "The European Physical Journal D"],
  [/^10\.1143\/jpsj\./, "Journal of the Physical Society of Japan"],
  [/^10\.1364\/oe\./, "Optics Express"],
  [/^10\.1364\/ol\./, "Optics Letters"],
  [/^10\.1364\/josaa\./, "Journal of the Optical Society of America A"],
  [/^10\.1364\/josab\./, "Journal of the Optical Society of America B"],
  [/^10\.1021\/ja\d/, "Journal of the American Chemical Society"],
  [/^10\.1021\/nl\d/, "Nano Letters"],
  [/^10\.1017\/s17439213/, "Proceedings of the International Astronomical Union"],
  [/^10\.1142\/s0217751x/, "International Journal of Modern Physics A"],
  [/^10\.1142\/s0217732/, "Modern Physics Letters A"],
  [/^10\.1142\/s0218271/, "International Journal of Modern Physics D"],
  [/^10\.1142\/s0217979/, "International Journal of Modern Physics B"],
  [/^10\.1142\/s0217984/, "Modern Physics Letters B"],
  [/^10\.1111\/j\.1745-3933\./, "Monthly Notices of the Royal Astronomical Society: Letters"],
  [/^10\.1109\/tit\./, "IEEE Transactions on Information Theory"],
  [/^10\.18653\/v1\/2020\.acl-main/, "Proceedings of the 58th Annual Meeting of the Association for Computational Linguistics"],
  [/^10\.18653\/v1\/2023\.eacl-main/, "Proceedings of the 17th Conference of the European Chapter of the Association for Computational Linguistics"],
];

/** The journal a DOI belongs to when the DOI itself says so. */
export function journalFromDoi(doi: string): string | null {
  return DOI_JOURNALS.find(([pattern]) => pattern.test(doi))?.[1] ?? null;
}

/**
 * Volume, issue and page where the DOI encodes them: APS "10.1103/physrevb.76.155425",
 * Optica "10.1364/josaa.23.002578", JPSJ "10.1143/jpsj.76.084002", IOP "10.1088/1367-2630/9/6/206".
 */
export function volumeFromDoi(doi: string): { volume: string; issue: string | null; page: string } | null {
  const dotted = /^10\.(?:1103|1364|1143)\/[a-z]+\.(\d+)\.([a-z]?\d+)$/.exec(doi);
  if (dotted) return { volume: dotted[1]!, issue: null, page: dotted[2]! };
  const iop = /^10\.1088\/\d{4}-\d{3}[\dx]\/(\d+)\/(\w+)\/(\w+)$/.exec(doi);
  if (iop) return { volume: iop[1]!, issue: iop[2]!, page: iop[3]! };
  return null;
}

/** The best journal name for a paper: from the DOI when it is explicit, else from the reference. */
export function journalOf(doi: string, ref: JournalRef): string | null {
  return journalFromDoi(doi) ?? ref.journal;
}
