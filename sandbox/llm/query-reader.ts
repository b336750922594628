/**
 * The sandbox model's own reading of a plain-language paper search: what its chat endpoint
 * answers to Quire's query-parsing prompt. It is deliberately not Quire's rule-based parser
 * (the benchmark measures how often the two agree): it scans words left to right, knows the
 * corpus's author names (so "dacheng tao" is found without capitals) and a small vocabulary of
 * fields per arXiv category, and reads years and counts with its own rules.
 */
import { getCorpus } from "../corpus";

export interface SandboxParse {
  authors: string[];
  topics: string[];
  institutions: string[];
  venues: string[];
  arxivCategories: string[];
  yearRange: { start: number | null; end: number | null } | null;
  minCitations: number | null;
  openAccess: boolean | null;
  fieldSearches: { title: string | null; abstract: string | null };
  warnings: string[];
}

/** Field names per category, as people say them. */
const FIELD_WORDS: [string, string][] = [
  ["computer vision", "cs.CV"],
  ["natural language processing", "cs.CL"],
  ["computational linguistics", "cs.CL"],
  ["nlp", "cs.CL"],
  ["machine learning", "cs.LG"],
  ["artificial intelligence", "cs.AI"],
  ["robotics", "cs.RO"],
  ["cryptography", "cs.CR"],
  ["computer security", "cs.CR"],
  ["information retrieval", "cs.IR"],
  ["human-computer interaction", "cs.HC"],
  ["software engineering", "cs.SE"],
  ["computer graphics", "cs.GR"],
  ["information theory", "cs.IT"],
  ["quantum computing", "quant-ph"],
  ["quantum physics", "quant-ph"],
  ["quantum information", "quant-ph"],
  ["particle physics", "hep-ph"],
  ["high energy physics", "hep-ph"],
  ["string theory", "hep-th"],
  ["general relativity", "gr-qc"],
  ["gravitational waves", "gr-qc"],
  ["cosmology", "astro-ph.CO"],
  ["galaxies", "astro-ph.GA"],
  ["materials science", "cond-mat.mtrl-sci"],
  ["statistical mechanics", "cond-mat.stat-mech"],
  ["control theory", "math.OC"],
  ["numerical analysis", "math.NA"],
  ["combinatorics", "math.CO"],
  ["graph theory", "math.CO"],
  ["probability theory", "math.PR"],
  ["neuroscience", "q-bio.NC"],
  ["image processing", "eess.IV"],
  ["speech recognition", "eess.AS"],
  ["audio processing", "eess.AS"],
  ["econometrics", "econ.EM"],
  ["game theory", "econ.TH"],
];

const CODE = /^(?:(?:cs|math|stat|eess|econ|q-bio|q-fin|astro-ph|cond-mat|physics|nlin)\.[a-z-]+|hep-th|hep-ph|hep-ex|gr-qc|quant-ph|nucl-th|math-ph)$/i;
const ORGANISATIONS = ["MIT", "Stanford", "CMU", "Berkeley", "Harvard", "Oxford", "Cambridge", "ETH", "EPFL", "Google", "DeepMind", "OpenAI", "Meta", "Microsoft", "IBM", "NVIDIA", "Tsinghua", "Mila", "CERN", "NYU"];
const ORGANISATION_WORDS = new Set(["university", "institute", "college", "laboratory", "lab", "labs", "center", "centre", "school", "academy"]);
const VENUES = ["NeurIPS", "NIPS", "ICML", "ICLR", "CVPR", "ICCV", "ECCV", "ACL", "EMNLP", "NAACL", "AAAI", "IJCAI", "KDD", "SIGIR", "CHI", "Nature", "Science", "PRL", "JMLR"];
const NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const NOISE = new Set(
  "papers paper articles article work works research publications studies on about in of the a an and or by from at for with since after before until between to that which whose are is recent latest find show me some any all onwards onward only just open access citations citation cited highly times least more than over papers' s".split(" "),
);

let authorIndex: Map<string, string> | undefined;

/** Lower-case "first last" -> the corpus's spelling, for every author of the corpus. */
function corpusAuthors(): Map<string, string> {
  if (authorIndex) return authorIndex;
  authorIndex = new Map();
  for (const paper of getCorpus().papers) {
    for (const name of paper.authors) {
      const parts = name.split(/\s+/);
      if (parts.length >= 2 && parts.every((part) => part.length > 1)) authorIndex.set(name.toLowerCase(), name);
    }
  }
  return authorIndex;
}

type Word = { text: string; lower: string; used: boolean };

function isCapitalised(word: string): boolean {
  return /^\p{Lu}/u.test(word);
}

function yearAt(words: Word[], index: number, now: number): number | null {
  const value = /^(\d{4})$/.exec(words[index]?.text ?? "")?.[1];
  const year = value ? Number(value) : Number.NaN;
  return year >= 1900 && year <= now + 1 ? year : null;
}

/** Reads a query the way the sandbox model does. */
export function readQuery(query: string, now: Date = new Date()): SandboxParse {
  const currentYear = now.getUTCFullYear();
  const out: SandboxParse = {
    authors: [],
    topics: [],
    institutions: [],
    venues: [],
    arxivCategories: [],
    yearRange: null,
    minCitations: null,
    openAccess: null,
    fieldSearches: { title: null, abstract: null },
    warnings: [],
  };

  // Quoted words said to be in the title or abstract.
  let text = query.replace(/\b(?:titled|title\s+\w+|called)\s+"([^"]+)"/gi, (_, words: string) => {
    out.fieldSearches.title = words;
    return " ";
  });
  text = text.replace(/\babstracts?\s+\w+\s+"([^"]+)"|"([^"]+)"\s+in\s+the\s+abstract/gi, (_, a?: string, b?: string) => {
    out.fieldSearches.abstract = a ?? b ?? null;
    return " ";
  });

  const words: Word[] = text
    .replace(/[,;!?()"]/g, " ")
    .replace(/'s\b/g, " 's")
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => ({ text: word.replace(/\.$/, ""), lower: word.replace(/\.$/, "").toLowerCase(), used: false }));
  const lowerText = ` ${words.map((word) => word.lower).join(" ")} `;
  const use = (from: number, count: number) => {
    for (let i = from; i < from + count && i < words.length; i += 1) words[i]!.used = true;
  };

  // Open access and citations.
  for (let i = 0; i < words.length; i += 1) {
    const w = words[i]!.lower;
    if ((w === "open" && words[i + 1]?.lower === "access") || w === "open-access") {
      out.openAccess = true;
      use(i, w === "open" ? 2 : 1);
    }
    if ((w === "highly" || w === "well" || w === "most") && /^cited$/.test(words[i + 1]?.lower ?? "")) {
      out.minCitations = 100;
      use(i, 2);
    }
    if (/^(highly-cited|well-cited)$/.test(w)) {
      out.minCitations = 100;
      use(i, 1);
    }
    const count = Number(words[i + 1]?.lower.replace(/,/g, "").replace(/\+$/, ""));
    const citationWord = /^citations?$|^times$/.test(words[i + 2]?.lower ?? "");
    if (Number.isFinite(count) && citationWord) {
      if (w === "least" || w === "minimum") out.minCitations = count;
      else if (w === "than" || w === "over" || w === "above") out.minCitations = count + 1;
      if (out.minCitations !== null) use(Math.max(0, i - 1), 4);
    }
    if (/^\d+\+$/.test(w) && /^citations?$/.test(words[i + 1]?.lower ?? "")) {
      out.minCitations = Number(w.slice(0, -1));
      use(i, 2);
    }
  }

  // Years.
  for (let i = 0; i < words.length; i += 1) {
    const w = words[i]!.lower;
    const next = yearAt(words, i + 1, currentYear);
    const range = /^(\d{4})[-–](\d{4})$/.exec(w);
    if (range) {
      out.yearRange = { start: Number(range[1]), end: Number(range[2]) };
      use(i, 1);
    } else if ((w === "between" || w === "from") && next !== null && /^(and|to|until)$/.test(words[i + 2]?.lower ?? "") && yearAt(words, i + 3, currentYear) !== null) {
      out.yearRange = { start: next, end: yearAt(words, i + 3, currentYear) };
      use(i, 4);
    } else if ((w === "since" || w === "after") && next !== null) {
      out.yearRange = { start: w === "after" ? next + 1 : next, end: null };
      use(i, 2);
    } else if ((w === "before" || w === "until") && next !== null) {
      out.yearRange = { start: null, end: w === "before" ? next - 1 : next };
      use(i, 2);
    } else if ((w === "last" || w === "past") && /^years?$/.test(words[i + 2]?.lower ?? "")) {
      const count = Number(words[i + 1]!.lower) || NUMBERS[words[i + 1]!.lower];
      if (count) {
        out.yearRange = { start: currentYear - count, end: null };
        use(i, 3);
      }
    } else if ((w === "in" || w === "from" || w === "during") && next !== null && out.yearRange === null) {
      out.yearRange = { start: next, end: next };
      use(i, 2);
    }
    const year = yearAt(words, i, currentYear);
    if (year !== null && /^(onwards?|later)$/.test(words[i + 1]?.lower ?? "")) {
      out.yearRange = { start: year, end: null };
      use(i, 2);
    }
  }
  if (out.yearRange === null) {
    const index = words.findIndex((word, i) => !word.used && yearAt(words, i, currentYear) !== null);
    if (index >= 0) {
      const year = yearAt(words, index, currentYear)!;
      out.yearRange = { start: year, end: year };
      use(index, 1);
    }
  }

  // Venues and organisations.
  for (let i = 0; i < words.length; i += 1) {
    const venue = VENUES.find((name) => name === words[i]!.text || (name.length > 4 && name.toLowerCase() === words[i]!.lower));
    if (venue && !words[i]!.used) {
      out.venues.push(venue);
      use(i, 1);
      continue;
    }
    const organisation = ORGANISATIONS.find((name) => name === words[i]!.text);
    if (organisation && !words[i]!.used) {
      out.institutions.push(organisation);
      use(i, 1);
    }
    if (ORGANISATION_WORDS.has(words[i]!.lower) && isCapitalised(words[i]!.text)) {
      // "University of Toronto": the capitalised words around the keyword.
      let from = i;
      while (from > 0 && isCapitalised(words[from - 1]!.text) && !words[from - 1]!.used) from -= 1;
      let to = i + 1;
      while (to < words.length && (isCapitalised(words[to]!.text) || (words[to]!.lower === "of" && isCapitalised(words[to + 1]?.text ?? "")))) to += 1;
      out.institutions.push(words.slice(from, to).map((word) => word.text).join(" "));
      use(from, to - from);
    }
  }

  // Authors: corpus names anywhere (any case), capitalised names after "by" or before "'s".
  const known = corpusAuthors();
  for (let size = 3; size >= 2; size -= 1) {
    for (let i = 0; i + size <= words.length; i += 1) {
      const slice = words.slice(i, i + size);
      if (slice.some((word) => word.used)) continue;
      const name = known.get(slice.map((word) => word.lower).join(" "));
      if (name) {
        out.authors.push(name);
        use(i, size);
      }
    }
  }
  for (let i = 0; i < words.length; i += 1) {
    const cue = words[i]!.lower === "by" || (i === 0 && isCapitalised(words[0]!.text) && words[1] && isCapitalised(words[1].text));
    if (!cue) continue;
    let from = words[i]!.lower === "by" ? i + 1 : i;
    while (from < words.length) {
      let to = from;
      while (to < words.length && !words[to]!.used && isCapitalised(words[to]!.text) && to - from < 4) to += 1;
      if (to === from) break;
      if (words[i]!.lower !== "by" && to - from < 2) break;
      out.authors.push(words.slice(from, to).map((word) => word.text).join(" "));
      use(from, to - from);
      if (words[to]?.lower === "and" && isCapitalised(words[to + 1]?.text ?? "")) {
        use(to, 1);
        from = to + 1;
      } else break;
    }
  }
  for (let i = 1; i < words.length; i += 1) {
    if (words[i]!.lower === "'s" && !words[i - 1]!.used && isCapitalised(words[i - 1]!.text)) {
      const from = i >= 2 && isCapitalised(words[i - 2]!.text) && !words[i - 2]!.used ? i - 2 : i - 1;
      out.authors.push(words.slice(from, i).map((word) => word.text).join(" "));
      use(from, i - from + 1);
    }
  }

  // Fields and category codes.
  for (const [phrase, code] of FIELD_WORDS) {
    const at = lowerText.indexOf(` ${phrase} `);
    if (at < 0) continue;
    const start = lowerText.slice(0, at + 1).trim().split(" ").filter(Boolean).length;
    const size = phrase.split(" ").length;
    if (words.slice(start, start + size).some((word) => word.used)) continue;
    if (!out.arxivCategories.includes(code)) out.arxivCategories.push(code);
    use(start, size);
  }
  for (let i = 0; i < words.length; i += 1) {
    if (CODE.test(words[i]!.text) && !words[i]!.used) {
      const [archive, rest] = words[i]!.text.split(".");
      const code = rest ? `${archive!.toLowerCase()}.${rest.length <= 2 ? rest.toUpperCase() : rest}` : archive!.toLowerCase();
      if (!out.arxivCategories.includes(code)) out.arxivCategories.push(code);
      use(i, 1);
    }
    if (words[i]!.text === "AI" && !words[i]!.used) {
      if (!out.arxivCategories.includes("cs.AI")) out.arxivCategories.push("cs.AI");
      use(i, 1);
    }
  }

  // Topics: runs of the remaining words.
  let run: string[] = [];
  const flush = () => {
    while (run.length > 0 && NOISE.has(run[0]!.toLowerCase())) run.shift();
    while (run.length > 0 && NOISE.has(run.at(-1)!.toLowerCase())) run.pop();
    if (run.length > 0) out.topics.push(run.join(" "));
    run = [];
  };
  for (const word of words) {
    if (word.used || word.lower === "and" || word.lower === "or") flush();
    else if (!NOISE.has(word.lower) || run.length > 0) run.push(word.text);
  }
  flush();
  out.topics = out.topics.filter((topic) => !/^\d+$/.test(topic));
  return out;
}
