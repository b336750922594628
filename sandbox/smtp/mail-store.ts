/**
 * The messages the SMTP sink received, kept in memory for tests and the demo
 * (`GET /__control/mail?to=`). No Node-only imports: the type is shared with the mail helper
 * that Playwright specs use.
 */

export interface SandboxMail {
  /** "1", "2", ... in the order received (per sandbox). */
  id: string;
  /** The From header as written ("Quire <no-reply@quire.app>"), else the envelope sender. */
  from: string;
  /** Envelope recipients (RCPT TO), lower-cased; so Bcc recipients are included. */
  to: string[];
  subject: string;
  /** The text part (mailparser derives one from the HTML when there is none). */
  text: string;
  /** The HTML part, or null when the message has none. */
  html: string | null;
  /** When the sink received it (ISO 8601). */
  date: string;
  /** http(s) URLs in the text, then the HTML (hrefs and bare URLs), entity-decoded, in order, without repeats. */
  links: string[];
}

/** Older messages are dropped beyond this, so a long demo run cannot grow without bound. */
export const MAX_MESSAGES = 500;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Decodes the HTML character references a URL in an attribute or text may hold (`&amp;`, `&#38;`, `&#x26;`). */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** A URL as prose leaves it: without the sentence's closing punctuation or an unmatched closing bracket. */
function trimUrl(url: string): string {
  let result = url.replace(/[.,;:!?'"*]+$/, "");
  for (const [open, close] of [["(", ")"], ["[", "]"]] as const) {
    while (result.endsWith(close) && result.split(open).length < result.split(close).length) result = result.slice(0, -1).replace(/[.,;:!?'"*]+$/, "");
  }
  return result;
}

const BARE_URL = /https?:\/\/[^\s<>"'`]+/gi;

function urlsInText(text: string): string[] {
  return [...text.matchAll(BARE_URL)].map((match) => trimUrl(match[0]));
}

function urlsInHtml(html: string): string[] {
  const found: string[] = [];
  const visible = html.replace(/<!--[\s\S]*?-->|<(style|script|head)\b[\s\S]*?<\/\1\s*>/gi, " ");
  // In document order: the hrefs of <a> tags and the bare URLs in the text between tags.
  const pattern = /<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>|<[^>]*>|([^<]+)/gi;
  for (const match of visible.matchAll(pattern)) {
    const href = match[1] ?? match[2] ?? match[3];
    if (href !== undefined) {
      const decoded = decodeHtmlEntities(href.trim());
      if (/^https?:\/\//i.test(decoded)) found.push(decoded);
    } else if (match[4] !== undefined) {
      found.push(...urlsInText(decodeHtmlEntities(match[4])));
    }
  }
  return found;
}

/** The http(s) links of a message: text body first, then HTML, in order, without repeats. */
export function extractLinks(text: string | null | undefined, html: string | null | undefined): string[] {
  const all = [...(text ? urlsInText(text) : []), ...(html ? urlsInHtml(html) : [])];
  return [...new Set(all.filter((url) => url.length > "https://".length))];
}

export class MailStore {
  private messages: SandboxMail[] = [];
  private nextId = 1;

  add(message: Omit<SandboxMail, "id" | "links"> & { links?: string[] }): SandboxMail {
    const stored: SandboxMail = {
      id: String(this.nextId++),
      from: message.from,
      to: message.to.map((address) => address.toLowerCase()),
      subject: message.subject,
      text: message.text,
      html: message.html,
      date: message.date,
      links: message.links ?? extractLinks(message.text, message.html),
    };
    this.messages.push(stored);
    if (this.messages.length > MAX_MESSAGES) this.messages.splice(0, this.messages.length - MAX_MESSAGES);
    return stored;
  }

  /** Newest first; only those sent to `to` (any case) when given. */
  list(to?: string): SandboxMail[] {
    const wanted = to?.trim().toLowerCase();
    return this.messages.filter((message) => !wanted || message.to.includes(wanted)).reverse();
  }

  clear(): void {
    this.messages = [];
  }
}
