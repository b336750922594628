/**
 * Zotero's item schema as the Web API v3 applies it: every item type with its fields in the
 * schema's order and its creator types (the primary one first), the English labels `/itemTypes`
 * and `/itemFields` answer with, and the templates of `/items/new`. Written from the public
 * schema (api.zotero.org/schema, 2024-2025) and checked in zotero-schema.test.ts against the
 * recorded `/itemTypes`, `/itemFields` and item bodies in data/recordings/zotero.
 */

interface TypeSpec {
  localized: string;
  /** Space-separated field names in schema order. */
  fields: string;
  /** Space-separated creator types, the primary first (none for notes, attachments, annotations). */
  creators: string;
}

const TAIL = "archive archiveLocation libraryCatalog callNumber rights extra";

const TYPES: Record<string, TypeSpec> = {
  annotation: { localized: "Annotation", fields: "", creators: "" },
  artwork: {
    localized: "Artwork",
    fields: "title abstractNote artworkMedium artworkSize date language shortTitle archive archiveLocation libraryCatalog callNumber url accessDate rights extra",
    creators: "artist contributor",
  },
  attachment: { localized: "Attachment", fields: "title accessDate url", creators: "" },
  audioRecording: {
    localized: "Audio Recording",
    fields: `title abstractNote audioRecordingFormat seriesTitle volume numberOfVolumes place label date runningTime language ISBN shortTitle archive archiveLocation libraryCatalog callNumber url accessDate rights extra`,
    creators: "performer contributor composer wordsBy",
  },
  bill: {
    localized: "Bill",
    fields: "title abstractNote billNumber code codeVolume section codePages legislativeBody session history date language url accessDate shortTitle rights extra",
    creators: "sponsor cosponsor contributor",
  },
  blogPost: { localized: "Blog Post", fields: "title abstractNote blogTitle websiteType date url accessDate language shortTitle rights extra", creators: "author commenter contributor" },
  book: {
    localized: "Book",
    fields: `title abstractNote series seriesNumber volume numberOfVolumes edition place publisher date numPages language ISBN shortTitle url accessDate ${TAIL}`,
    creators: "author contributor editor translator seriesEditor",
  },
  bookSection: {
    localized: "Book Section",
    fields: `title abstractNote bookTitle series seriesNumber volume numberOfVolumes edition place publisher date pages language ISBN shortTitle url accessDate ${TAIL}`,
    creators: "author contributor editor bookAuthor translator seriesEditor",
  },
  case: {
    localized: "Case",
    fields: "caseName abstractNote court dateDecided docketNumber reporter reporterVolume firstPage history language shortTitle url accessDate rights extra",
    creators: "author counsel contributor",
  },
  computerProgram: {
    localized: "Software",
    fields: "title abstractNote seriesTitle versionNumber date system place company programmingLanguage ISBN shortTitle url rights archive archiveLocation libraryCatalog callNumber accessDate extra",
    creators: "programmer contributor",
  },
  conferencePaper: {
    localized: "Conference Paper",
    fields: `title abstractNote date proceedingsTitle conferenceName place publisher volume pages series language DOI ISBN shortTitle url accessDate ${TAIL}`,
    creators: "author contributor editor translator seriesEditor",
  },
  dataset: {
    localized: "Dataset",
    fields: `title abstractNote identifier type versionNumber date repository repositoryLocation format DOI citationKey url accessDate archive archiveLocation shortTitle language libraryCatalog callNumber rights extra`,
    creators: "author contributor",
  },
  dictionaryEntry: {
    localized: "Dictionary Entry",
    fields: `title abstractNote dictionaryTitle series seriesNumber volume numberOfVolumes edition place publisher date pages language ISBN shortTitle url accessDate ${TAIL}`,
    creators: "author contributor editor translator seriesEditor",
  },
  document: {
    localized: "Document",
    fields: `title abstractNote publisher date language shortTitle url accessDate ${TAIL}`,
    creators: "author contributor editor translator reviewedAuthor",
  },
  email: { localized: "E-mail", fields: "subject abstractNote date shortTitle url accessDate language rights extra", creators: "author contributor recipient" },
  encyclopediaArticle: {
    localized: "Encyclopedia Article",
    fields: `title abstractNote encyclopediaTitle series seriesNumber volume numberOfVolumes edition place publisher date pages ISBN shortTitle url accessDate language ${TAIL}`,
    creators: "author contributor editor translator seriesEditor",
  },
  film: {
    localized: "Film",
    fields: `title abstractNote distributor date genre videoRecordingFormat runningTime language shortTitle url accessDate ${TAIL}`,
    creators: "director contributor scriptwriter producer",
  },
  forumPost: { localized: "Forum Post", fields: "title abstractNote forumTitle postType date language shortTitle url accessDate rights extra", creators: "author contributor" },
  hearing: {
    localized: "Hearing",
    fields: "title abstractNote committee place publisher numberOfVolumes documentNumber pages legislativeBody session history date language shortTitle url accessDate rights extra",
    creators: "contributor",
  },
  instantMessage: { localized: "Instant Message", fields: "title abstractNote date language shortTitle url accessDate rights extra", creators: "author contributor recipient" },
  interview: {
    localized: "Interview",
    fields: `title abstractNote date interviewMedium language shortTitle url accessDate ${TAIL}`,
    creators: "interviewee contributor interviewer translator",
  },
  journalArticle: {
    localized: "Journal Article",
    fields: `title abstractNote publicationTitle volume issue pages date series seriesTitle seriesText journalAbbreviation language DOI ISSN shortTitle url accessDate ${TAIL}`,
    creators: "author contributor editor translator reviewedAuthor",
  },
  letter: { localized: "Letter", fields: `title abstractNote letterType date language shortTitle url accessDate ${TAIL}`, creators: "author contributor recipient" },
  magazineArticle: {
    localized: "Magazine Article",
    fields: `title abstractNote publicationTitle volume issue date pages language ISSN shortTitle url accessDate ${TAIL}`,
    creators: "author contributor translator reviewedAuthor",
  },
  manuscript: {
    localized: "Manuscript",
    fields: `title abstractNote manuscriptType place date numPages language shortTitle url accessDate ${TAIL}`,
    creators: "author contributor translator",
  },
  map: {
    localized: "Map",
    fields: `title abstractNote mapType scale seriesTitle edition place publisher date language ISBN shortTitle url accessDate ${TAIL}`,
    creators: "cartographer contributor seriesEditor",
  },
  newspaperArticle: {
    localized: "Newspaper Article",
    fields: `title abstractNote publicationTitle place edition date section pages language shortTitle ISSN url accessDate ${TAIL}`,
    creators: "author contributor translator reviewedAuthor",
  },
  note: { localized: "Note", fields: "", creators: "" },
  patent: {
    localized: "Patent",
    fields:
      "title abstractNote place country assignee issuingAuthority patentNumber filingDate pages applicationNumber priorityNumbers issueDate references legalStatus language shortTitle url accessDate rights extra",
    creators: "inventor attorneyAgent contributor",
  },
  podcast: { localized: "Podcast", fields: "title abstractNote seriesTitle episodeNumber audioFileType runningTime url accessDate language shortTitle rights extra", creators: "podcaster contributor guest" },
  preprint: {
    localized: "Preprint",
    fields:
      "title abstractNote genre repository archiveID place date series seriesNumber DOI citationKey url accessDate archive archiveLocation shortTitle language libraryCatalog callNumber rights extra",
    creators: "author contributor editor translator reviewedAuthor",
  },
  presentation: { localized: "Presentation", fields: "title abstractNote presentationType date place meetingName url accessDate language shortTitle rights extra", creators: "presenter contributor" },
  radioBroadcast: {
    localized: "Radio Broadcast",
    fields: `title abstractNote programTitle episodeNumber audioRecordingFormat place network date runningTime language shortTitle url accessDate ${TAIL}`,
    creators: "director castMember contributor guest producer scriptwriter",
  },
  report: {
    localized: "Report",
    fields: `title abstractNote reportNumber reportType seriesTitle place institution date pages language shortTitle url accessDate ${TAIL}`,
    creators: "author contributor seriesEditor translator",
  },
  standard: {
    localized: "Standard",
    fields: "title abstractNote organization committee type number versionNumber status date publisher place DOI citationKey url accessDate archive archiveLocation shortTitle numPages language rights extra",
    creators: "author contributor",
  },
  statute: {
    localized: "Statute",
    fields: "nameOfAct abstractNote code codeNumber publicLawNumber dateEnacted pages section session history language shortTitle url accessDate rights extra",
    creators: "author contributor",
  },
  thesis: {
    localized: "Thesis",
    fields: `title abstractNote thesisType university place date numPages language shortTitle url accessDate ${TAIL}`,
    creators: "author contributor",
  },
  tvBroadcast: {
    localized: "TV Broadcast",
    fields: `title abstractNote programTitle episodeNumber videoRecordingFormat place network date runningTime language shortTitle url accessDate ${TAIL}`,
    creators: "director castMember contributor guest producer scriptwriter",
  },
  videoRecording: {
    localized: "Video Recording",
    fields: `title abstractNote videoRecordingFormat seriesTitle volume numberOfVolumes place studio date runningTime language ISBN shortTitle url accessDate ${TAIL}`,
    creators: "director castMember contributor producer scriptwriter",
  },
  webpage: { localized: "Web Page", fields: "title abstractNote websiteTitle websiteType date shortTitle url accessDate language rights extra", creators: "author contributor translator" },
};

/** English labels of the fields (`/itemFields`); anything missing is derived from the name. */
const FIELD_LABELS: Record<string, string> = {
  numPages: "# of Pages",
  numberOfVolumes: "# of Volumes",
  abstractNote: "Abstract",
  accessDate: "Accessed",
  archiveID: "Archive ID",
  archiveLocation: "Loc. in Archive",
  audioFileType: "File Type",
  audioRecordingFormat: "Format",
  videoRecordingFormat: "Format",
  format: "Format",
  citationKey: "Citation Key",
  DOI: "DOI",
  ISBN: "ISBN",
  ISSN: "ISSN",
  extra: "Extra",
  forumTitle: "Forum/Listserv Title",
  journalAbbreviation: "Journal Abbr",
  programmingLanguage: "Language",
  interviewMedium: "Medium",
  artworkMedium: "Medium",
  publicationTitle: "Publication",
  thesisType: "Type",
  mapType: "Type",
  manuscriptType: "Type",
  letterType: "Type",
  presentationType: "Type",
  url: "URL",
  nameOfAct: "Name of Act",
  versionNumber: "Version",
};

const CREATOR_LABELS: Record<string, string> = { attorneyAgent: "Attorney/Agent", wordsBy: "Words By", castMember: "Cast Member", bookAuthor: "Book Author" };

function labelFromName(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, "$1 $2");
  return words[0]!.toUpperCase() + words.slice(1);
}

export interface ItemTypeSchema {
  itemType: string;
  localized: string;
  fields: readonly string[];
  creatorTypes: readonly string[];
}

const SCHEMA = new Map<string, ItemTypeSchema>(
  Object.entries(TYPES).map(([itemType, spec]) => [
    itemType,
    {
      itemType,
      localized: spec.localized,
      fields: spec.fields.split(/\s+/).filter(Boolean),
      creatorTypes: spec.creators.split(/\s+/).filter(Boolean),
    },
  ]),
);

const FIELD_SETS = new Map<string, ReadonlySet<string>>([...SCHEMA].map(([type, schema]) => [type, new Set(schema.fields)]));
const ALL_FIELDS: ReadonlySet<string> = new Set([...SCHEMA.values()].flatMap((schema) => schema.fields));
const ALL_CREATOR_TYPES: ReadonlySet<string> = new Set([...SCHEMA.values()].flatMap((schema) => schema.creatorTypes));

/** Fields whose values are dates (`parsedDate` and the `q` year match read the first one an item has). */
export const DATE_FIELDS = ["date", "dateDecided", "dateEnacted", "issueDate", "filingDate"] as const;
/** Fields that hold an item's title, by type (`title`, `caseName`, `subject`, `nameOfAct`). */
export const TITLE_FIELDS = ["title", "caseName", "subject", "nameOfAct"] as const;

export function itemTypeSchema(itemType: string): ItemTypeSchema | undefined {
  return SCHEMA.get(itemType);
}

export function isItemType(itemType: string): boolean {
  return SCHEMA.has(itemType);
}

/** Any field of any item type (unknown ones are refused as "Invalid property"). */
export function isKnownField(field: string): boolean {
  return ALL_FIELDS.has(field);
}

export function isFieldOfType(field: string, itemType: string): boolean {
  return FIELD_SETS.get(itemType)?.has(field) ?? false;
}

export function isKnownCreatorType(creatorType: string): boolean {
  return ALL_CREATOR_TYPES.has(creatorType);
}

/** Whether the type accepts the creator type (`author` is accepted everywhere, as the API does). */
export function isCreatorTypeOfType(creatorType: string, itemType: string): boolean {
  return creatorType === "author" || (SCHEMA.get(itemType)?.creatorTypes.includes(creatorType) ?? false);
}

export function primaryCreatorType(itemType: string): string | undefined {
  return SCHEMA.get(itemType)?.creatorTypes[0];
}

/** `/itemTypes`: every type users can create, by English label (attachments and annotations are not listed). */
export function itemTypeList(): { itemType: string; localized: string }[] {
  return [...SCHEMA.values()]
    .filter((schema) => schema.itemType !== "attachment" && schema.itemType !== "annotation")
    .map(({ itemType, localized }) => ({ itemType, localized }))
    .sort((a, b) => a.localized.localeCompare(b.localized, "en"));
}

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? labelFromName(field);
}

/** `/itemFields`: every field once, by label. */
export function itemFieldList(): { field: string; localized: string }[] {
  return [...ALL_FIELDS].map((field) => ({ field, localized: fieldLabel(field) })).sort((a, b) => a.localized.localeCompare(b.localized, "en") || a.field.localeCompare(b.field));
}

/** `/itemTypeFields?itemType=`: the type's fields in order. */
export function itemTypeFieldList(itemType: string): { field: string; localized: string }[] {
  return (SCHEMA.get(itemType)?.fields ?? []).map((field) => ({ field, localized: fieldLabel(field) }));
}

/** `/itemTypeCreatorTypes?itemType=`: its creator types, the primary first. */
export function itemTypeCreatorTypeList(itemType: string): { creatorType: string; localized: string }[] {
  return (SCHEMA.get(itemType)?.creatorTypes ?? []).map((creatorType) => ({ creatorType, localized: CREATOR_LABELS[creatorType] ?? labelFromName(creatorType) }));
}

export const LINK_MODES = ["imported_file", "imported_url", "linked_file", "linked_url", "embedded_image"] as const;

/** `/items/new?itemType=` (and `&linkMode=` for attachments): the empty editable JSON of a new item. */
export function itemTemplate(itemType: string, linkMode?: string): Record<string, unknown> {
  const schema = SCHEMA.get(itemType);
  if (!schema) throw new Error(`Unknown item type ${itemType}`);
  if (itemType === "note") return { itemType, note: "", tags: [], collections: [], relations: {} };
  if (itemType === "attachment") {
    const template: Record<string, unknown> = { itemType, linkMode, title: "", accessDate: "", url: "", note: "", tags: [], relations: {}, contentType: "", charset: "" };
    if (linkMode !== "linked_url") Object.assign(template, linkMode === "linked_file" ? { path: "" } : { filename: "", md5: null, mtime: null });
    return template;
  }
  const template: Record<string, unknown> = { itemType };
  schema.fields.forEach((field, index) => {
    template[field] = "";
    if (index === 0) template.creators = schema.creatorTypes.length > 0 ? [{ creatorType: schema.creatorTypes[0], firstName: "", lastName: "" }] : [];
  });
  return Object.assign(template, { tags: [], collections: [], relations: {} });
}
