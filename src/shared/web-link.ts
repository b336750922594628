/**
 * Whether `value` is an absolute http: or https: address, read as a browser reads an href
 * (case, surrounding blanks and tabs inside the scheme make no difference). A paper's links
 * become hrefs, so these are the only ones a paper may carry: a `javascript:` link would run
 * in Quire's page when clicked, a `data:` one show whatever it holds. (No zod here: the
 * web's paper links use it without the schema library.)
 */
export function isWebLink(value: string): boolean {
  let protocol: string;
  try {
    ({ protocol } = new URL(value));
  } catch {
    return false;
  }
  return protocol === "http:" || protocol === "https:";
}

/** `value` when it is a web link (isWebLink), else null. */
export function webLinkOrNull(value: string | null | undefined): string | null {
  return value && isWebLink(value) ? value : null;
}
