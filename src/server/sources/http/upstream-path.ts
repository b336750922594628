import { bareDoi } from "@/shared/paper-relations";

/**
 * Building upstream URLs from what a user sent. User text only ever fills path segments of its
 * own: each one is encoded whole (so `/`, `?`, `#` and `%` stay inside it, and an encoded
 * `..%2F` arrives upstream as the literal text it was), and a segment that is empty, `.` or
 * `..` is refused, since URL parsing would resolve it into another path on the upstream host.
 */

/** The user's identifier cannot name a resource upstream; answered as a 400 with `message`. */
export class InvalidUpstreamIdError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidUpstreamIdError";
  }
}

/** One path segment, encoded whole; never empty, `.` or `..`. */
export function pathSegment(text: string): string {
  if (text === "" || text === "." || text === "..") throw new InvalidUpstreamIdError(`"${text}" cannot be part of an upstream address.`);
  return encodeURIComponent(text);
}

/**
 * A DOI by its grammar (`10.{registrant}/{suffix}`, from a bare DOI, `doi:` or a doi.org URL),
 * with no empty, `.` or `..` part between its slashes; null otherwise.
 */
export function safeDoi(value: string | null | undefined): string | null {
  const doi = bareDoi(value);
  if (!doi) return null;
  return doi.split("/").every((part) => part !== "" && part !== "." && part !== "..") ? doi : null;
}

/** A DOI as upstream paths write it: its slashes kept, every part a segment of its own. */
export function doiPath(value: string): string {
  const doi = safeDoi(value);
  if (!doi) throw new InvalidUpstreamIdError(`Invalid DOI: "${value.slice(0, 100)}". A DOI looks like 10.1234/abc.`);
  return doi.split("/").map(pathSegment).join("/");
}

/**
 * An OpenAlex work as its API's path takes it: `W123` (also from an openalex.org URL),
 * `doi:10.x/y` (also from a bare DOI or a doi.org URL), `pmid:123`, `pmcid:PMC123` or `mag:123`.
 */
export function openAlexWorkPath(value: string): string {
  const text = value.trim();
  const work = /^(?:https?:\/\/(?:api\.)?openalex\.org\/(?:works\/)?)?(W\d{1,15})$/i.exec(text);
  if (work) return work[1]!.toUpperCase();
  const other = /^(pmid|pmcid|mag):((?:PMC)?\d{1,15})$/i.exec(text);
  if (other) return `${other[1]!.toLowerCase()}:${other[2]!.toUpperCase()}`;
  const doi = safeDoi(text);
  if (doi) return `doi:${doiPath(doi)}`;
  throw new InvalidUpstreamIdError(`Invalid OpenAlex work id: "${text.slice(0, 100)}". Use W123, doi:10.1234/abc, pmid:123 or an openalex.org or doi.org link.`);
}
