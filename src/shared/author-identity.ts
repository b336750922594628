/**
 * Authors by identity: a profile author is a name, and optionally the OpenAlex author the user
 * chose for it (with the ORCID iD OpenAlex knows). A name alone is hundreds of people; the
 * identity is one of them, and the feed and the author search follow that one.
 */
import { z } from "zod";

/** An OpenAlex author id in its short form, "A5023888391". */
export const OPENALEX_AUTHOR_ID_PATTERN = /^A\d{1,15}$/;
/** Candidates shown when a name is added to the profile. */
export const AUTHOR_CANDIDATES_LIMIT = 10;
/** Recent works listed under each candidate. */
export const AUTHOR_CANDIDATE_RECENT_WORKS = 3;
/** Works an "Import my publications" reads at most. */
export const AUTHOR_IMPORT_MAX_WORKS = 200;
/** The note a feed card's author reason carries when the identity could not be checked. */
export const MATCHED_BY_NAME_NOTE = "matched by name";

/** "https://openalex.org/A123", "openalex:A123" or "a123" -> "A123"; null when it is no author id. */
export function shortAuthorId(value: string): string | null {
  const short = value.trim().replace(/^(?:https?:\/\/(?:api\.)?openalex\.org\/(?:authors\/)?|openalex:)/i, "").toUpperCase();
  return OPENALEX_AUTHOR_ID_PATTERN.test(short) ? short : null;
}

/** Any written form of an ORCID iD ("orcid:…", its orcid.org URL) -> bare "0000-0002-1825-0097"; null when malformed. */
export function bareOrcid(value: string): string | null {
  const match = /^(?:orcid:|https?:\/\/(?:www\.)?orcid\.org\/)?(\d{4}-\d{4}-\d{4}-\d{3}[\dX])$/i.exec(value.trim());
  return match ? match[1]!.toUpperCase() : null;
}

/** An OpenAlex author the user linked to one of their profile's author names. */
export const authorIdentitySchema = z
  .object({
    /** The profile name this identity belongs to. */
    name: z.string().trim().min(2).max(200),
    openalexId: z.string().regex(OPENALEX_AUTHOR_ID_PATTERN, "Not an OpenAlex author id (A followed by digits)"),
    /** Bare ORCID iD, when OpenAlex has one. */
    orcid: z
      .string()
      .regex(/^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/)
      .nullable(),
  })
  .strict();
export type AuthorIdentity = z.infer<typeof authorIdentitySchema>;

/** A profile author as the feed reads it: a name, and the identity when the user chose one. */
export type ProfileAuthor = { name: string; openalexId?: string; orcid?: string };

export const profileAuthorSchema = z
  .object({
    name: z.string().max(200),
    openalexId: z.string().regex(OPENALEX_AUTHOR_ID_PATTERN).optional(),
    orcid: z.string().max(40).optional(),
  })
  .strict();

/** A bare name (an older profile) is a name-only author. */
export function toProfileAuthor(entry: string | ProfileAuthor): ProfileAuthor {
  return typeof entry === "string" ? { name: entry } : entry;
}

const nameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, " ");

/** The identity linked to a profile name, if any (names compare ignoring case and spacing). */
export function identityFor(name: string, identities: readonly AuthorIdentity[]): AuthorIdentity | undefined {
  const key = nameKey(name);
  return identities.find((identity) => nameKey(identity.name) === key);
}

/**
 * The profile's authors: every name, with its identity when one is linked. Identities whose
 * name left the profile are dropped, so removing a name removes its identity too.
 */
export function profileAuthors(names: readonly string[], identities: readonly AuthorIdentity[]): ProfileAuthor[] {
  return names.map((name) => {
    const identity = identityFor(name, identities);
    if (!identity) return { name };
    return identity.orcid ? { name, openalexId: identity.openalexId, orcid: identity.orcid } : { name, openalexId: identity.openalexId };
  });
}

/** What the profile shows of one OpenAlex author to choose between people of one name. */
export type AuthorCandidate = {
  openalexId: string;
  orcid: string | null;
  displayName: string;
  /** Last known institutions, by name. */
  affiliations: string[];
  /** Top topics, most works first. */
  topics: string[];
  recentWorks: { title: string; year: number | null }[];
  worksCount: number;
  citedByCount: number;
};

/** GET /api/authors/candidates?name= */
export const authorCandidatesQuerySchema = z.object({ name: z.string().trim().min(2, "Enter at least 2 characters of a name").max(200) });

/** POST /api/me/authored-papers/import: an ORCID iD or an OpenAlex author id, in any usual form. */
export const importAuthoredSchema = z
  .object({
    identifier: z
      .string()
      .trim()
      .min(1, "Enter an ORCID iD or an OpenAlex author id")
      .max(200)
      .refine((value) => bareOrcid(value) !== null || shortAuthorId(value) !== null, "Enter an ORCID iD (0000-0002-1825-0097) or an OpenAlex author id (A5023888391)"),
  })
  .strict();
