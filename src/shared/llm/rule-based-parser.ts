/**
 * The rule-based query parser: what a plain-language search means, without a model and
 * without the network. It is what everyone without an API key gets, and what a failed model
 * call falls back to, so it aims to be
 * good on its own: authors, institutions, venues, arXiv categories, years, citations, open
 * access and title/abstract words, the rest as topics.
 *
 * It works by peeling recognised phrases off the query, most specific first (quoted title
 * words, open access, citation counts, years, venues, institutions, authors, fields), and
 * reads what is left as topics. Every pattern is linear in the query's length.
 */
import { HIGHLY_CITED_MIN_CITATIONS } from "./llm-constants";
import { cleanCategories, cleanList, cleanYearRange, emptyParse, PARSED_LIMITS, type ParsedQuery } from "./parsed-query";

export type RuleParserOptions = {
  /** The date "last 5 years" counts back from (default: now). */
  now?: Date;
};

/** Marks where a recognised phrase was taken out, so the words around it are not joined into one topic. */
const CUT = " | ";

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twenty: 20 };

/** Venues by the names people type; short or ambiguous ones only in their usual capitals. */
const VENUES_ANY_CASE = [
  "NeurIPS", "NIPS", "ICML", "ICLR", "CVPR", "ICCV", "ECCV", "EMNLP", "NAACL", "COLING", "AAAI", "IJCAI", "KDD", "SIGIR",
  "SIGGRAPH", "ICRA", "IROS", "CoRL", "AISTATS", "UAI", "COLT", "STOC", "FOCS", "SODA", "EUROCRYPT", "USENIX Security",
  "Physical Review Letters", "Physical Review D", "Physical Review B", "Nature Communications", "Nature Physics",
  "Nature Machine Intelligence", "JMLR", "TPAMI", "TACL", "JHEP", "MNRAS", "Astrophysical Journal", "Annals of Statistics",
];
const VENUES_EXACT_CASE = ["ACL", "CHI", "WWW", "UIST", "RSS", "CCS", "CRYPTO", "PNAS", "PRL", "ApJ", "Nature", "Science", "Cell"];

/** Institutions people name without a keyword such as University; matched in their usual capitals. */
const KNOWN_INSTITUTIONS = [
  "Carnegie Mellon University", "Carnegie Mellon", "CMU", "MIT", "Stanford", "UC Berkeley", "Berkeley", "Harvard", "Princeton",
  "Caltech", "Oxford", "Cambridge", "ETH Zurich", "ETH", "EPFL", "Google DeepMind", "DeepMind", "Google Research", "Google Brain",
  "Google", "OpenAI", "Anthropic", "Meta AI", "Facebook AI Research", "FAIR", "Meta", "Microsoft Research", "Microsoft", "IBM Research",
  "IBM", "NVIDIA", "Nvidia", "Apple", "Amazon", "Baidu", "Alibaba", "Tencent", "Huawei", "Samsung", "Tsinghua", "Peking University",
  "Mila", "Vector Institute", "Allen Institute for AI", "AI2", "CERN", "Max Planck Institute", "Inria", "KAIST", "NYU", "UCLA",
  "Columbia", "Yale", "Cornell", "Imperial College London", "University College London", "UCL",
];
const INSTITUTION_WORD = /\b(University|Universit[àéy]|Institute|Institut|College|Laboratory|Laboratories|Lab|Labs|Center|Centre|School|Academy|Polytechnic|Politecnico|Hospital|Observatory)\b/;

/** Field names that mean an arXiv category rather than a topic; taken out of the topic text. */
const FIELD_CATEGORIES: [RegExp, string[]][] = [
  [/\bcomputer vision\b/i, ["cs.CV"]],
  [/\b(natural language processing|computational linguistics|NLP)\b/i, ["cs.CL"]],
  [/\bmachine learning\b(?! \(statistics\))/i, ["cs.LG"]],
  [/\b(artificial intelligence|AI)\b/, ["cs.AI"]],
  [/\bartificial intelligence\b/i, ["cs.AI"]],
  [/\brobotics\b/i, ["cs.RO"]],
  [/\b(cryptography|computer security)\b/i, ["cs.CR"]],
  [/\binformation retrieval\b/i, ["cs.IR"]],
  [/\b(human[- ]computer interaction|HCI)\b/i, ["cs.HC"]],
  [/\bsoftware engineering\b/i, ["cs.SE"]],
  [/\bcomputer graphics\b/i, ["cs.GR"]],
  [/\binformation theory\b/i, ["cs.IT"]],
  [/\b(data structures|algorithms and data structures)\b/i, ["cs.DS"]],
  [/\b(evolutionary computation|neuroevolution)\b/i, ["cs.NE"]],
  [/\b(quantum physics|quantum computing|quantum information)\b/i, ["quant-ph"]],
  [/\b(high[- ]energy physics|particle physics)\b/i, ["hep-ph"]],
  [/\bstring theory\b/i, ["hep-th"]],
  [/\b(general relativity|quantum gravity|gravitational waves)\b/i, ["gr-qc"]],
  [/\bcosmology\b/i, ["astro-ph.CO"]],
  [/\bgalax(y|ies)\b/i, ["astro-ph.GA"]],
  [/\bmaterials science\b/i, ["cond-mat.mtrl-sci"]],
  [/\bstatistical mechanics\b/i, ["cond-mat.stat-mech"]],
  [/\b(optimization and control|control theory)\b/i, ["math.OC"]],
  [/\b(statistics theory|mathematical statistics)\b/i, ["math.ST"]],
  [/\bprobability theory\b/i, ["math.PR"]],
  [/\bnumerical analysis\b/i, ["math.NA"]],
  [/\b(combinatorics|graph theory)\b/i, ["math.CO"]],
  [/\bneuroscience\b/i, ["q-bio.NC"]],
  [/\b(image processing|video processing)\b/i, ["eess.IV"]],
  [/\b(speech processing|audio processing|speech recognition)\b/i, ["eess.AS"]],
  [/\beconometrics\b/i, ["econ.EM"]],
  [/\b(game theory|mechanism design)\b/i, ["econ.TH"]],
];

/** arXiv category codes typed as they are ("cs.LG", "hep-th"). */
const CATEGORY_CODE =
  /\b((?:cs|math|stat|eess|econ|q-bio|q-fin|astro-ph|cond-mat|physics|nlin)\.[A-Za-z][A-Za-z-]*|hep-th|hep-ph|hep-ex|hep-lat|gr-qc|quant-ph|nucl-th|nucl-ex|math-ph)\b/g;

/** Name particles that may sit lowercase inside a name. */
const PARTICLES = "van|von|de|der|den|del|della|da|di|du|la|le|dos|bin|al|ter|ten";
/** One capitalised name part: "Hinton", "LeCun", "O'Neil", "Fei-Fei", or an initial "G." / "G". */
const NAME_PART = String.raw`\p{Lu}[\p{L}'’\-]*\.?`;
const NAME = String.raw`${NAME_PART}(?:\s+(?:(?:${PARTICLES})\s+)*${NAME_PART}){0,3}`;
const NAME_LIST = String.raw`${NAME}(?:\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)${NAME})*`;
const AUTHOR_LEAD = String.raw`\b(?:(?:authored|written|co-?authored|published|papers|work|works|research|articles)\s+by|by|authors?|author:|from|papers\s+of|works?\s+of|research\s+of)`;
const AUTHOR_PATTERN = new RegExp(String.raw`${AUTHOR_LEAD}\s+(${NAME_LIST})`, "gu");
const POSSESSIVE_AUTHOR = new RegExp(String.raw`\b(${NAME})['’]s\s+(?:papers?|work|works|research|articles?|publications?)`, "gu");
/** A name of two or more parts opening the query, then "on" or "about": "Yann LeCun on self-supervised learning". */
const LEADING_AUTHOR = new RegExp(String.raw`^\s*(${NAME_PART}(?:\s+(?:(?:${PARTICLES})\s+)*${NAME_PART}){1,3})\s+(?=(?:on|about|regarding)\b)`, "u");
/** Lower-case names after an explicit "by": up to three words that are not ordinary query words. */
const LOWERCASE_AUTHOR = /\b(?:authored by|written by|by)\s+([a-z][a-z'-]+(?:\s+[a-z][a-z'-]+){0,2})/g;

/** Words that end a lower-case name or are never one. */
const NOT_NAME_WORDS = new Set(
  "on about in at from since after before until with without using for of the a an and or that which who to into over under between during than more less least most recent latest new papers paper".split(" "),
);

/** Words that say "find me papers" rather than what about; dropped from the ends of topics. */
const FILLER_WORDS = new Set(
  (
    "papers paper articles article preprints preprint publications publication works studies study research results find show me search " +
    "for looking look get give list i want need some any all the a an on about regarding concerning related to in of with that which whose where who are is " +
    "recent recently latest new newest please and or by from at published written authored cited citations citation work field area topic topics " +
    "also only just more than least most any other"
  ).split(" "),
);
/** Words dropped wherever they stand in a topic. */
const ALWAYS_DROPPED = new Set("papers paper articles article preprints preprint publications".split(" "));

function yearBounds(now: Date) {
  const current = now.getUTCFullYear();
  return { min: 1900, max: current + 1, current };
}

function toNumber(text: string): number | null {
  const lower = text.toLowerCase();
  if (lower in NUMBER_WORDS) return NUMBER_WORDS[lower]!;
  const value = Number(text.replace(/,/g, ""));
  return Number.isFinite(value) ? value : null;
}

/** Title Case for a name typed in lower case ("geoffrey hinton" -> "Geoffrey Hinton"). */
function capitalise(name: string): string {
  return name.replace(/(^|[\s'-])(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** Splits a list of names ("Hinton, LeCun and Bengio") into names. */
function splitNames(list: string): string[] {
  return list
    .split(/\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*/)
    .map((name) => name.trim().replace(/\.$/, (dot) => (/\b\p{Lu}\.$/u.test(name) ? dot : "")))
    .filter(Boolean);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const VENUE_LEAD = String.raw`(?:\b(?:[Pp]ublished|[Aa]ccepted|[Pp]resented|[Aa]ppeared|[Aa]ppearing)\s+(?:in|at)\s+|\b(?:in|at|from)\s+)?(?:the\s+)?`;
const VENUE_TAIL = String.raw`\b(?:\s+(?:conference|journal|proceedings|workshop))?`;
const VENUE_PATTERNS = [
  new RegExp(String.raw`${VENUE_LEAD}(${VENUES_ANY_CASE.map(escapeRegExp).join("|")})${VENUE_TAIL}`, "gi"),
  new RegExp(String.raw`${VENUE_LEAD}(${VENUES_EXACT_CASE.map(escapeRegExp).join("|")})${VENUE_TAIL}`, "g"),
];
const INSTITUTION_PATTERN = new RegExp(
  String.raw`(?:\b(?:researchers|people|authors|scientists|groups?|teams?)\s+)?(?:\b(?:from|at|of|affiliated\s+with)\s+)?(?:the\s+)?\b(${[...KNOWN_INSTITUTIONS].sort((a, b) => b.length - a.length).map(escapeRegExp).join("|")})\b`,
  "g",
);
/** "University of Toronto", "Toronto University", "Allen Institute for AI", "Bell Labs". */
const NAMED_INSTITUTION = new RegExp(
  String.raw`(?:\b(?:from|at|of|affiliated\s+with)\s+)?(?:the\s+)?((?:\p{Lu}[\p{L}&.'-]*\s+){0,3}${INSTITUTION_WORD.source}(?:\s+(?:of|for|de|di|für)\s+(?:the\s+)?\p{Lu}[\p{L}.'-]*(?:\s+\p{Lu}[\p{L}.'-]*){0,2})?)`,
  "gu",
);

/** Any capitalised name after "affiliated with" is an institution. */
const AFFILIATED_WITH = new RegExp(String.raw`\baffiliated\s+with\s+(?:the\s+)?(\p{Lu}[\p{L}&.'-]*(?:\s+(?:of|for|and|de|the)?\s*\p{Lu}[\p{L}&.'-]*){0,5})`, "gu");
const PUBLISHED_IN = new RegExp(String.raw`\b(?:published|accepted|presented|appeared)\s+(?:in|at)\s+(?:the\s+)?(\p{Lu}[\p{L}&.'-]*(?:\s+(?:of|on|for|and|in)?\s*\p{Lu}[\p{L}&.'-]*){0,6})`, "gu");

/**
 * Parses a plain-language query by rules alone. The result's `warnings` only say what the
 * rules themselves could not place; why the rules were used is the caller's to add.
 */
export function parseQueryWithRules(query: string, options: RuleParserOptions = {}): ParsedQuery {
  const original = query;
  const parsed = emptyParse(original);
  const bounds = yearBounds(options.now ?? new Date());
  let rest = ` ${query.replace(/\s+/g, " ").trim()} `;
  /** Takes every match of `pattern` out of the rest; `use` may keep it (false) or leave other text in its place. */
  const take = (pattern: RegExp, use: (match: string[]) => boolean | string | void) => {
    rest = rest.replace(pattern, (...args: unknown[]) => {
      const match = args.slice(0, -2).map((group) => (typeof group === "string" ? group : "")) as string[];
      const outcome = use(match);
      return outcome === false ? match[0]! : typeof outcome === "string" ? outcome : CUT;
    });
  };
  const authors: string[] = [];
  const institutions: string[] = [];
  const venues: string[] = [];
  const categories: string[] = [];
  let start: number | undefined;
  let end: number | undefined;
  const setYears = (from: number | undefined, to: number | undefined): boolean => {
    const valid = (year: number | undefined) => year === undefined || (year >= bounds.min && year <= bounds.max);
    if (!valid(from) || !valid(to)) return false;
    if (from !== undefined) start = from;
    if (to !== undefined) end = to;
    return true;
  };

  // Words that must be in the title or the abstract, quoted.
  take(/\b(?:titled|entitled|called|named|with\s+(?:the\s+)?title|title\s+(?:contains|containing|with|mentions|mentioning))\s+"([^"]{1,200})"/gi, (m) => {
    parsed.fieldSearches.title = m[1]!.trim();
  });
  take(/"([^"]{1,200})"\s+in\s+(?:the|their|its)\s+titles?\b/gi, (m) => {
    parsed.fieldSearches.title = m[1]!.trim();
  });
  take(/\babstracts?\s+(?:contains?|containing|mentions?|mentioning|with|about|including)\s+"([^"]{1,200})"/gi, (m) => {
    parsed.fieldSearches.abstract = m[1]!.trim();
  });
  take(/"([^"]{1,200})"\s+in\s+(?:the|their|its)\s+abstracts?\b/gi, (m) => {
    parsed.fieldSearches.abstract = m[1]!.trim();
  });

  // Open access.
  take(/\b(?:(?:only|just)\s+)?(?:that\s+are\s+|which\s+are\s+)?(?:open[- ]access|freely\s+available|free\s+to\s+read|free\s+full[- ]text)(?:\s+(?:only|papers|articles|versions?))?\b/gi, () => {
    parsed.openAccess = true;
  });
  take(/\bOA\b/g, () => {
    parsed.openAccess = true;
  });

  // Citation counts.
  const setCitations = (value: number | null, strict: boolean) => {
    if (value === null || value < 0 || value > PARSED_LIMITS.maxCitations) return false;
    parsed.minCitations = strict ? value + 1 : value;
    return true;
  };
  take(
    /\b(?:with\s+|having\s+)?(at\s+least|more\s+than|over|above|greater\s+than|minimum(?:\s+of)?|min\.?|no\s+fewer\s+than)\s+(\d[\d,]*|\w+)\+?\s+(?:citations?|cites|references\s+to\s+it)\b/gi,
    (m) => setCitations(toNumber(m[2]!), /more|over|above|greater/i.test(m[1]!)),
  );
  take(/(?:\s|^)(>=?|≥)\s*(\d[\d,]*)\s*(?:citations?|cites)\b/gi, (m) => setCitations(toNumber(m[2]!), m[1] === ">"));
  take(/\b(\d[\d,]*)\+\s*(?:citations?|cites)\b/gi, (m) => setCitations(toNumber(m[1]!), false));
  take(/\bcited\s+(?:by\s+)?(at\s+least|more\s+than|over|above)\s+(\d[\d,]*|\w+)(?:\s+(?:times|papers|works))?\b/gi, (m) =>
    setCitations(toNumber(m[2]!), !/least/i.test(m[1]!)),
  );
  take(/\b(\d[\d,]*)\s+or\s+more\s+citations?\b/gi, (m) => setCitations(toNumber(m[1]!), false));
  take(/\b(?:highly|well|most|heavily|frequently|widely)[- ]cited\b|\bhighly[- ]influential\b|\bwith\s+(?:many|lots\s+of|high)\s+citations\b/gi, () => {
    parsed.minCitations = Math.max(parsed.minCitations ?? 0, HIGHLY_CITED_MIN_CITATIONS);
  });

  // Years.
  const year = (text: string) => Number(text);
  take(/\b(?:between|from)\s+((?:19|20)\d{2})\s+(?:and|to|until|till|through|-|–)\s+((?:19|20)\d{2})\b/gi, (m) => setYears(Math.min(year(m[1]!), year(m[2]!)), Math.max(year(m[1]!), year(m[2]!))));
  take(/\b((?:19|20)\d{2})\s*(?:-|–|to)\s*((?:19|20)\d{2})\b/g, (m) => setYears(Math.min(year(m[1]!), year(m[2]!)), Math.max(year(m[1]!), year(m[2]!))));
  take(/\b(?:(?:published|written|submitted|released|appearing)\s+)?(since|after|starting(?:\s+in|\s+from)?|as\s+of|post|later\s+than|newer\s+than)\s+((?:19|20)\d{2})\b/gi, (m) =>
    setYears(/after|post|later|newer/i.test(m[1]!) ? year(m[2]!) + 1 : year(m[2]!), undefined),
  );
  take(/\b((?:19|20)\d{2})\s+(?:onwards?|and\s+(?:later|after|newer|beyond)|or\s+(?:later|newer))\b/gi, (m) => setYears(year(m[1]!), undefined));
  take(/\b(?:(?:published|written|submitted)\s+)?(before|prior\s+to|pre|earlier\s+than|older\s+than)\s+((?:19|20)\d{2})\b/gi, (m) => setYears(undefined, year(m[2]!) - 1));
  take(/\b(?:(?:published|written|submitted)\s+)?(?:until|till|up\s+to|through|by|no\s+later\s+than)\s+((?:19|20)\d{2})\b/gi, (m) => setYears(undefined, year(m[1]!)));
  take(/\b(?:in\s+the\s+)?(?:last|past|previous)\s+(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|twenty)\s+years?\b/gi, (m) => {
    const count = toNumber(m[1]!);
    return count !== null && count > 0 ? setYears(bounds.current - count, undefined) : false;
  });
  take(/\b(?:in\s+the\s+)?(?:last|past)\s+(?:year|twelve\s+months|12\s+months)\b/gi, () => setYears(bounds.current - 1, undefined));
  take(/\b(?:from\s+)?this\s+year\b/gi, () => setYears(bounds.current, bounds.current));
  take(/\b(?:(?:published|written|submitted|released)\s+)?(?:in|during|from|of|year)\s+((?:19|20)\d{2})\b/gi, (m) => setYears(year(m[1]!), year(m[1]!)));
  if (start === undefined && end === undefined) {
    take(/\b((?:19|20)\d{2})\b/g, (m) => setYears(year(m[1]!), year(m[1]!)));
  }
  const years = cleanYearRange({ start, end });
  if (years) parsed.yearRange = years;

  // Venues (before institutions and authors: "papers from NeurIPS" names a venue).
  for (const pattern of VENUE_PATTERNS) {
    take(pattern, (m) => {
      venues.push(VENUES_ANY_CASE.find((venue) => venue.toLowerCase() === m[1]!.toLowerCase()) ?? m[1]!);
    });
  }

  // Institutions: the well-known ones anywhere, others by a keyword such as University.
  take(INSTITUTION_PATTERN, (m) => {
    institutions.push(m[1]!);
  });
  take(NAMED_INSTITUTION, (m) => {
    institutions.push(m[1]!.trim());
  });
  take(AFFILIATED_WITH, (m) => {
    institutions.push(m[1]!.trim());
  });
  // A venue not in the list, named after "published in" ("published in Foundations of Physics").
  take(PUBLISHED_IN, (m) => {
    venues.push(m[1]!.trim());
  });

  // Authors.
  take(AUTHOR_PATTERN, (m) => {
    const names = splitNames(m[1]!).filter((name) => !FILLER_WORDS.has(name.toLowerCase()));
    if (names.length === 0) return false;
    authors.push(...names);
  });
  take(POSSESSIVE_AUTHOR, (m) => {
    authors.push(m[1]!);
  });
  take(LEADING_AUTHOR, (m) => {
    authors.push(...splitNames(m[1]!));
  });
  take(LOWERCASE_AUTHOR, (m) => {
    const words = m[1]!.split(" ");
    const cut = words.findIndex((word) => NOT_NAME_WORDS.has(word));
    const nameWords = cut === -1 ? words : words.slice(0, cut);
    if (nameWords.length === 0) return false;
    authors.push(capitalise(nameWords.join(" ")));
    // The words after the name stay for the topics.
    return cut === -1 ? CUT : `${CUT}${words.slice(cut).join(" ")} `;
  });

  // Category codes as typed, then fields that name a category.
  take(CATEGORY_CODE, (m) => {
    categories.push(m[1]!);
  });
  for (const [pattern, codes] of FIELD_CATEGORIES) {
    take(new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`), () => {
      categories.push(...codes);
    });
  }

  parsed.authors = cleanList(authors);
  parsed.institutions = cleanList(institutions);
  parsed.venues = cleanList(venues);
  parsed.arxivCategories = cleanCategories(categories);
  parsed.topics = cleanList(topicsFrom(rest));
  if (parsed.topics.length === 0 && !hasAnything(parsed)) {
    const words = original.trim();
    if (words) parsed.topics = [words.slice(0, PARSED_LIMITS.itemLength)];
  }
  return parsed;
}

function hasAnything(parsed: ParsedQuery): boolean {
  return (
    parsed.authors.length + parsed.institutions.length + parsed.venues.length + parsed.arxivCategories.length > 0 ||
    parsed.yearRange !== undefined ||
    parsed.minCitations !== undefined ||
    parsed.openAccess === true ||
    Boolean(parsed.fieldSearches.title || parsed.fieldSearches.abstract)
  );
}

/** The topics in what is left: pieces between cuts and conjunctions, filler words trimmed off their ends. */
function topicsFrom(rest: string): string[] {
  const topics: string[] = [];
  for (const piece of rest.split(/\s*(?:\||[,;:!?()]|\.(?:\s|$)|\s+(?:and|or|as\s+well\s+as|plus|but|vs\.?|versus)\s+)\s*/i)) {
    const words = piece
      .replace(/["“”]/g, " ")
      .split(/\s+/)
      .map((word) => word.trim())
      .filter((word) => word && !ALWAYS_DROPPED.has(word.toLowerCase()));
    while (words.length > 0 && FILLER_WORDS.has(words[0]!.toLowerCase())) words.shift();
    while (words.length > 0 && FILLER_WORDS.has(words.at(-1)!.toLowerCase())) words.pop();
    const topic = words.join(" ");
    if (topic.length >= 2 && !/^\d+$/.test(topic)) topics.push(topic);
  }
  return topics;
}
