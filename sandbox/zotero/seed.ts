/**
 * A user's starting library, made from the corpus the way Zotero's arXiv.org translator saves
 * papers (data/recordings/zotero, ZOTERO_API_NOTES.md): preprints with `repository: "arXiv"`,
 * `archiveID`, the DataCite DOI `10.48550/arXiv.<id>` and the arXiv id in `extra` in the forms
 * real libraries hold ("arXiv:1706.03762", "arXiv:1810.04805 [cs.CL]", "arXiv:...\nversion: 2",
 * and the older "arXiv: 1305.4904" with the id in `publicationTitle`); journal articles for
 * papers with a journal DOI; a few conference papers, theses, reports and books; PDF and
 * snapshot attachments and notes as children; some standalone notes; a few collections.
 *
 * Deterministic: the papers, keys, dates and choices come from stable hashes of the user id, so
 * a library is the same on every start. Built on first use of the library, not at start:
 * a large one takes a while.
 */
import { getCorpus, type Paper } from "../corpus";
import { splitName } from "../crossref/names";
import { hash53, unitFor } from "../lib/stable-random";
import { isoDate, journalFacts } from "../scholarly/publication";
import { arxivSubjectTag } from "./arxiv-subjects";
import { isoTimestamp } from "./dates";
import { KEY_ALPHABET, ZoteroLibrary, type Creator, type ItemData } from "./library";
import { itemTypeSchema } from "./schema";

export interface SeedOptions {
  /** Top-level items (regular items and standalone notes), 0 to 10,000. */
  items: number;
  /** Give about half of the regular items attachments and notes (in addition to `items`). */
  children: boolean;
  /** How many of the top-level items are in the trash (`deleted: 1`). */
  trashed: number;
  /** Make the starter collections and file items in them. */
  collections: boolean;
}

export const MAX_SEED_ITEMS = 10_000;
export const DEFAULT_SEED: SeedOptions = { items: 2_500, children: true, trashed: 5, collections: true };

/** When the seeded library's last item was added; dates go back from here, not from the clock. */
const SEED_END_MS = Date.UTC(2026, 0, 15, 9, 30, 0);

/** An 8-character key fixed by the text. */
export function stableKey(text: string): string {
  let value = hash53(text, 11);
  let key = "";
  for (let i = 0; i < 8; i += 1) {
    key += KEY_ALPHABET[value % KEY_ALPHABET.length];
    value = Math.floor(value / KEY_ALPHABET.length) + hash53(`${text}:${i}`, 13);
  }
  return key;
}

const COLLECTIONS: { name: string; parent?: string; matches: (category: string) => boolean }[] = [
  { name: "Machine Learning", matches: (category) => ["cs.LG", "stat.ML", "cs.AI", "cs.NE"].includes(category) },
  { name: "Computer Vision", matches: (category) => category === "cs.CV" || category === "eess.IV" },
  { name: "NLP", matches: (category) => category === "cs.CL" },
  { name: "Physics", matches: (category) => /^(hep-|gr-qc|quant-ph|cond-mat|astro-ph|physics|nucl-|math-ph)/.test(category) },
  { name: "Mathematics", matches: (category) => category.startsWith("math.") && category !== "math.MP" },
  { name: "Robotics", parent: "Machine Learning", matches: (category) => category === "cs.RO" },
];

/** Creators per paper, made once for all libraries (splitting names is the costly part of a seed). Never changed in place. */
const paperCreators = new Map<string, readonly Creator[]>();

function creatorsOf(paper: Paper): readonly Creator[] {
  let creators = paperCreators.get(paper.id);
  if (!creators) {
    creators = paper.authors.map((author): Creator => {
      const name = splitName(author);
      if (name.name || !name.family) return { creatorType: "author", name: name.name ?? author };
      return { creatorType: "author", firstName: [name.given, name.suffix].filter(Boolean).join(" "), lastName: name.family };
    });
    paperCreators.set(paper.id, creators);
  }
  return creators;
}

function fillFields(itemType: string, values: Record<string, string>): ItemData {
  const data: ItemData = { itemType };
  itemTypeSchema(itemType)!.fields.forEach((field, index) => {
    data[field] = values[field] ?? "";
    if (index === 0) data.creators = [];
  });
  return data;
}

function tagsOf(paper: Paper): { tag: string; type: number }[] {
  const names = new Set(paper.categories.map(arxivSubjectTag).filter((tag): tag is string => tag !== null));
  return [...names].map((tag) => ({ tag, type: 1 }));
}

function shortTitleOf(title: string): string {
  const colon = title.indexOf(":");
  return colon > 0 && colon <= 40 ? title.slice(0, colon) : "";
}

/** The regular item Zotero would have saved for a paper, without the structural properties. */
function paperItem(paper: Paper, salt: string): ItemData {
  const roll = unitFor(paper.id, `${salt}:form`);
  const facts = journalFacts(paper);
  const category = paper.primaryCategory;
  const abs = `http://arxiv.org/abs/${paper.id}`;
  const posted = paper.published.slice(0, 10);
  const common = { title: paper.title, abstractNote: paper.abstract, url: abs, libraryCatalog: "arXiv.org", accessDate: paper.updated, shortTitle: shortTitleOf(paper.title) };
  const comment = paper.comment ?? "";

  let data: ItemData;
  if (/\b(ph\.?d\.?|master'?s?|doctoral|bachelor'?s?)\b.*\bthesis\b|\bthesis\b/i.test(comment) && roll < 0.8) {
    data = fillFields("thesis", { ...common, thesisType: /master/i.test(comment) ? "Master's thesis" : "PhD Thesis", university: "", date: posted, extra: `arXiv:${paper.id} [${category}]` });
  } else if (facts && /\b(proceedings|conference|workshop|symposium)\b/i.test(paper.journalRef ?? "") && roll < 0.7) {
    data = fillFields("conferencePaper", {
      ...common,
      proceedingsTitle: facts.journal ?? paper.journalRef ?? "",
      date: isoDate(facts.online),
      pages: facts.page ?? "",
      DOI: facts.doi,
      extra: `arXiv:${paper.id} [${category}]`,
    });
  } else if (facts) {
    data = fillFields("journalArticle", {
      ...common,
      publicationTitle: facts.journal ?? "",
      volume: facts.volume ?? "",
      issue: facts.issue ?? "",
      pages: facts.page ?? "",
      date: isoDate(facts.online),
      DOI: facts.doi,
      extra: `arXiv:${paper.id} [${category}]`,
    });
  } else if (paper.reportNo && roll < 0.25) {
    data = fillFields("report", { ...common, reportNumber: paper.reportNo, reportType: "Preprint", institution: "", date: posted, extra: `arXiv:${paper.id}` });
  } else if (roll < 0.008) {
    data = fillFields("book", { ...common, publisher: "arXiv", date: posted.slice(0, 4), extra: `arXiv:${paper.id}` });
  } else if (roll < 0.1) {
    // Saved by an older Zotero (2016): a journal article with the id in the publication title.
    data = fillFields("journalArticle", { ...common, publicationTitle: `arXiv:${paper.id} [${category}]`, date: posted, extra: `arXiv: ${paper.id}`, url: `http://arxiv.org/abs/${paper.id}` });
  } else {
    const form = unitFor(paper.id, `${salt}:extra`);
    const extra =
      form < 0.4 ? `arXiv:${paper.id}` : form < 0.7 ? `arXiv:${paper.id} [${category}]` : form < 0.85 ? `arXiv:${paper.id} [${category}]\nversion: ${paper.version}` : "";
    data = fillFields("preprint", {
      ...common,
      genre: "",
      repository: "arXiv",
      archiveID: `arXiv:${paper.id}`,
      date: paper.updated.slice(0, 10),
      DOI: `10.48550/arXiv.${paper.id}`,
      language: unitFor(paper.id, `${salt}:lang`) < 0.3 ? "en" : "",
      extra,
    });
  }
  data.creators = creatorsOf(paper);
  data.tags = tagsOf(paper);
  return data;
}

function md5Like(text: string): string {
  return [0, 1, 2, 3].map((lane) => hash53(text, 100 + lane).toString(16).padStart(14, "0").slice(-8)).join("");
}

function fileBaseName(paper: Paper, data: ItemData): string {
  const creators = data.creators as Creator[];
  const first = creators[0] ? ("name" in creators[0] ? creators[0].name : creators[0].lastName) : "Unknown";
  const who = creators.length > 1 ? `${first} et al.` : first;
  return `${who} - ${paper.published.slice(0, 4)} - ${paper.title.replace(/[\\/:*?"<>|]/g, "").slice(0, 50)}`.trim();
}

/** Builds the library of `userID` as described above. */
export function seedLibrary(userID: number, username: string, options: SeedOptions): ZoteroLibrary {
  const library = new ZoteroLibrary(userID, username);
  const count = Math.max(0, Math.min(MAX_SEED_ITEMS, Math.floor(options.items)));
  if (count === 0) return library;
  const salt = `zotero:${userID}`;
  const used = new Set<string>();
  const keyFor = (label: string) => {
    let key = stableKey(`${salt}:${label}`);
    for (let attempt = 1; used.has(key); attempt += 1) key = stableKey(`${salt}:${label}:${attempt}`);
    used.add(key);
    return key;
  };

  let version = 0;
  const collectionKeys = new Map<string, string>();
  if (options.collections) {
    for (const collection of COLLECTIONS) {
      const key = keyFor(`collection:${collection.name}`);
      collectionKeys.set(collection.name, key);
      version += 1;
      library.putCollection(key, version, { name: collection.name, parentCollection: collection.parent ? collectionKeys.get(collection.parent)! : false, relations: {} });
    }
    version += 1;
    collectionKeys.set("Reading List", keyFor("collection:Reading List"));
    library.putCollection(collectionKeys.get("Reading List")!, version, { name: "Reading List", parentCollection: false, relations: {} });
  }

  // The user's papers: the corpus ordered by a hash of the user and paper, so users differ.
  const papers = getCorpus()
    .papers.map((paper) => ({ paper, order: hash53(`${salt}:${paper.id}`) }))
    .sort((a, b) => a.order - b.order)
    .slice(0, count)
    .map(({ paper }) => paper);

  // Added one after another, about every 40 minutes, up to SEED_END_MS.
  const spacingMs = 40 * 60_000;
  let addedMs = SEED_END_MS - count * spacingMs * 1.6;
  const trashedEvery = options.trashed > 0 ? Math.max(1, Math.floor(count / options.trashed)) : 0;
  let trashedLeft = options.trashed;

  papers.forEach((paper, index) => {
    addedMs += spacingMs * (0.5 + unitFor(paper.id, `${salt}:gap`));
    const added = isoTimestamp(addedMs);
    const standaloneNote = unitFor(paper.id, `${salt}:note-only`) < 0.015;
    const key = keyFor(`item:${paper.id}`);
    let data: ItemData;
    if (standaloneNote) {
      data = { itemType: "note", note: `<div data-schema-version="9"><h1>${escapeHtml(paper.title)}</h1>\n<p>${escapeHtml(paper.abstract.slice(0, 400))}</p>\n</div>` };
    } else {
      data = paperItem(paper, salt);
    }
    const collections: string[] = [];
    if (options.collections && !standaloneNote) {
      for (const collection of COLLECTIONS) if (paper.categories.some(collection.matches)) collections.push(collectionKeys.get(collection.name)!);
      if (unitFor(paper.id, `${salt}:reading`) < 0.05) collections.push(collectionKeys.get("Reading List")!);
    }
    if (trashedEvery && trashedLeft > 0 && index % trashedEvery === trashedEvery - 1) {
      data.deleted = 1;
      trashedLeft -= 1;
    }
    const modified = unitFor(paper.id, `${salt}:edited`) < 0.2 ? isoTimestamp(addedMs + 3_600_000 * (1 + unitFor(paper.id, `${salt}:edit-delay`) * 200)) : added;
    const tags = data.tags ?? [];
    delete data.tags;
    version += 1;
    library.put(key, version, { ...data, tags, collections, relations: {}, dateAdded: added, dateModified: modified });

    if (!options.children || standaloneNote) return;
    const childRoll = unitFor(paper.id, `${salt}:children`);
    const base = fileBaseName(paper, data);
    const attach = (label: string, fields: { linkMode: string; title: string; url: string; contentType: string; charset: string; filename?: string }) => {
      version += 1;
      const { filename, ...rest } = fields;
      const file = filename === undefined ? {} : { filename, md5: md5Like(`${label}:${paper.id}`), mtime: Math.floor(addedMs) };
      library.put(keyFor(`${label}:${paper.id}`), version, {
        parentItem: key,
        itemType: "attachment",
        linkMode: rest.linkMode,
        title: rest.title,
        accessDate: isoTimestamp(addedMs),
        url: rest.url,
        note: "",
        contentType: rest.contentType,
        charset: rest.charset,
        ...file,
        tags: [],
        relations: {},
        dateAdded: added,
        dateModified: added,
      });
    };
    if (childRoll < 0.45) {
      const title = data.itemType === "preprint" ? "Preprint PDF" : "Full Text PDF";
      attach("pdf", { linkMode: "imported_url", title, url: `http://arxiv.org/pdf/${paper.id}v${paper.version}`, contentType: "application/pdf", charset: "", filename: `${base}.pdf` });
    }
    if (childRoll < 0.2 || (childRoll > 0.9 && childRoll < 0.95)) {
      attach("snapshot", { linkMode: "imported_url", title: "arXiv.org Snapshot", url: `http://arxiv.org/abs/${paper.id}`, contentType: "text/html", charset: "utf-8", filename: `${paper.id}.html` });
    }
    if (childRoll > 0.95) {
      attach("link", { linkMode: "linked_url", title: "arXiv abstract page", url: `https://arxiv.org/abs/${paper.id}`, contentType: "text/html", charset: "" });
    }
    if (paper.comment && unitFor(paper.id, `${salt}:comment-note`) < 0.2) {
      version += 1;
      library.put(keyFor(`note:${paper.id}`), version, {
        parentItem: key,
        itemType: "note",
        note: `<div data-schema-version="9"><p>Comment: ${escapeHtml(paper.comment)}</p>\n</div>`,
        tags: [],
        relations: {},
        dateAdded: added,
        dateModified: added,
      });
    }
  });
  return library;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]!);
}

/** A corpus paper as a new item (control-API additions), the same way the seed makes them. */
export function paperAsItem(paper: Paper, salt: string): ItemData {
  const data = paperItem(paper, salt);
  const tags = data.tags ?? [];
  delete data.tags;
  return { ...data, tags, collections: [], relations: {} };
}
