/**
 * A server's drawing of a page without what only the live page may carry: ids and label targets
 * (the app's own elements have them; two of each would confuse the browser and anyone looking
 * elements up), the tests' hooks (`hooks`: the page's own marker attributes too), and the
 * document title React writes inline (the server writes the head's).
 *
 * With `disableButtons`, its buttons are drawn disabled: until the app takes the page over a
 * button does nothing (nor ever without JavaScript), and a press on one would be lost without a
 * word; its links work as they are.
 */
export function stripLiveOnly(html: string, options: { hooks?: readonly string[]; disableButtons?: boolean } = {}): string {
  const attributes = ["id", "for", "data-testid", ...(options.hooks ?? []), "aria-controls", "aria-describedby", "aria-labelledby"].join("|");
  let stripped = html.replace(/<title>[^<]*<\/title>/g, "").replace(new RegExp(` (?:${attributes})="[^"]*"`, "g"), "");
  for (const hook of options.hooks ?? []) stripped = stripped.replace(new RegExp(` ${hook}(?=[ >])`, "g"), "");
  if (options.disableButtons) stripped = stripped.replace(/<button(?![^>]*\sdisabled[=\s>])/g, '<button disabled=""');
  return stripped;
}
