import { z } from "zod";
import { primaryCategory, type AuthorDetail, type Paper } from "@/shared/paper";
import { webLinkOrNull } from "@/shared/web-link";

const dateParts = z.object({ "date-parts": z.array(z.array(z.number().nullable())).nullish() }).loose();

export const crossrefWorkSchema = z
  .object({
    DOI: z.string(),
    title: z.array(z.string()).nullish(),
    subtitle: z.array(z.string()).nullish(),
    author: z
      .array(
        z
          .object({
            given: z.string().nullish(),
            family: z.string().nullish(),
            name: z.string().nullish(),
            ORCID: z.string().nullish(),
            "authenticated-orcid": z.boolean().nullish(),
            sequence: z.string().nullish(),
            affiliation: z.array(z.object({ name: z.string().nullish() }).loose()).nullish(),
          })
          .loose(),
      )
      .nullish(),
    abstract: z.string().nullish(),
    URL: z.string().nullish(),
    "container-title": z.array(z.string()).nullish(),
    publisher: z.string().nullish(),
    volume: z.string().nullish(),
    issue: z.string().nullish(),
    page: z.string().nullish(),
    "is-referenced-by-count": z.number().nullish(),
    license: z.array(z.object({ URL: z.string().nullish() }).loose()).nullish(),
    link: z.array(z.object({ URL: z.string().nullish(), "content-type": z.string().nullish() }).loose()).nullish(),
    resource: z.object({ primary: z.object({ URL: z.string().nullish() }).loose().nullish() }).loose().nullish(),
    published: dateParts.nullish(),
    "published-print": dateParts.nullish(),
    "published-online": dateParts.nullish(),
    issued: dateParts.nullish(),
    created: dateParts.nullish(),
    deposited: dateParts.nullish(),
    type: z.string().nullish(),
    subject: z.array(z.string()).nullish(),
  })
  .loose();
export type CrossrefWork = z.infer<typeof crossrefWorkSchema>;

const envelope = z.object({ status: z.string(), "message-type": z.string(), message: z.unknown() }).loose();

/** Crossref abstracts are JATS XML; keep the words. */
export function stripJats(abstract: string): string {
  return abstract
    .replace(/<jats:title>[^<]*<\/jats:title>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** Crossref titles carry inline markup (`<scp>T</scp>reebase`, `<i>E. coli</i>`); keep the text. */
export function plainTitle(value: string): string {
  return stripJats(value.replace(/<\/?(scp|i|b|sub|sup|em|strong|u|mml:[a-z]+)[^>]*>/gi, ""));
}

/** [[2012, 3, 21]] -> "2012-03-21"; [[2012]] -> "2012". */
function formatDateParts(value: z.infer<typeof dateParts> | null | undefined): string | null {
  const parts = value?.["date-parts"]?.[0]?.filter((part): part is number => typeof part === "number");
  if (!parts || parts.length === 0) return null;
  const [year, month, day] = parts;
  return [String(year).padStart(4, "0"), month && String(month).padStart(2, "0"), day && String(day).padStart(2, "0")]
    .filter(Boolean)
    .join("-");
}

/** Maps a Crossref work to the unified Paper. Authors with no name part are skipped (spec). */
export function crossrefWorkToPaper(work: CrossrefWork): Paper {
  const doi = work.DOI;
  const authorDetails: AuthorDetail[] = (work.author ?? []).flatMap((author) => {
    const given = author.given?.trim() ?? "";
    const family = author.family?.trim() ?? "";
    const name = author.name?.trim() || [given, family].filter(Boolean).join(" ");
    if (!name) return [];
    return [
      {
        name,
        given: given || undefined,
        family: family || undefined,
        orcid: author.ORCID ? author.ORCID.replace(/^https?:\/\/orcid\.org\//i, "") : undefined,
        authenticated: author["authenticated-orcid"] ?? undefined,
        sequence: author.sequence ?? undefined,
        affiliation: (author.affiliation ?? []).map((affiliation) => affiliation.name ?? "").filter(Boolean),
      },
    ];
  });
  const title = plainTitle([work.title?.[0], work.subtitle?.[0]].filter(Boolean).join(": "));
  const url = webLinkOrNull(work.URL) ?? `https://doi.org/${doi}`;
  const pdfUrl = webLinkOrNull(work.link?.find((link) => link["content-type"] === "application/pdf")?.URL);
  const categories = work.subject ?? [];
  return {
    id: doi,
    title: title || "Untitled",
    authors: authorDetails.map((author) => author.name),
    abstract: work.abstract ? stripJats(work.abstract) : "",
    url,
    pdfUrl,
    publishedDate:
      formatDateParts(work.published) ??
      formatDateParts(work["published-print"]) ??
      formatDateParts(work["published-online"]) ??
      formatDateParts(work.issued),
    updatedDate: formatDateParts(work.deposited),
    categories,
    category: primaryCategory(categories),
    source: "crossref",
    doi,
    journalRef: null,
    comments: null,
    // arXiv DOIs (10.48550) are DataCite's, so Crossref never holds an arXiv paper.
    arxivId: null,
    itemType: work.type ?? undefined,
    journal: work["container-title"]?.[0] ?? undefined,
    publisher: work.publisher ?? undefined,
    volume: work.volume ?? undefined,
    issue: work.issue ?? undefined,
    pages: work.page ?? undefined,
    citationCount: work["is-referenced-by-count"] ?? undefined,
    license: work.license?.[0]?.URL ?? undefined,
    authorDetails,
    links: { abstract: url, pdf: pdfUrl },
  };
}

/** A works list (`message-type: work-list`). */
export function parseCrossrefList(json: unknown): { total: number; nextCursor: string | null; papers: Paper[] } {
  const parsed = envelope.parse(json);
  const message = z
    .object({ "total-results": z.number().nullish(), items: z.array(z.unknown()).nullish(), "next-cursor": z.string().nullish() })
    .loose()
    .parse(parsed.message);
  const papers: Paper[] = [];
  for (const raw of message.items ?? []) {
    const work = crossrefWorkSchema.safeParse(raw);
    if (work.success) papers.push(crossrefWorkToPaper(work.data));
  }
  return { total: message["total-results"] ?? papers.length, nextCursor: message["next-cursor"] ?? null, papers };
}

/** A single work (`message-type: work`); null for Crossref's plain-text "Resource not found." */
export function parseCrossrefWork(status: number, body: string): Paper | null {
  if (status === 404) return null;
  const parsed = envelope.parse(JSON.parse(body));
  return crossrefWorkToPaper(crossrefWorkSchema.parse(parsed.message));
}
