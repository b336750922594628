import sanitizeHtml from "sanitize-html";
import { arxivUrlToAppPath } from "@/shared/paper-links";

/** Article markup LaTeXML writes (arXiv's HTML renditions), plus MathML for the formulas. */
const ARTICLE_TAGS = [
  "article", "section", "div", "span", "p", "h1", "h2", "h3", "h4", "h5", "h6", "a", "em", "strong", "b", "i", "u", "s",
  "sup", "sub", "small", "cite", "code", "pre", "blockquote", "q", "br", "hr", "ul", "ol", "li", "dl", "dt", "dd",
  "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "colgroup", "col", "figure", "figcaption", "img", "abbr", "time",
];
const MATH_TAGS = [
  "math", "semantics", "annotation", "annotation-xml", "mrow", "mi", "mo", "mn", "ms", "mtext", "mspace", "msup", "msub",
  "msubsup", "mfrac", "msqrt", "mroot", "mover", "munder", "munderover", "mtable", "mtr", "mtd", "mstyle", "mpadded",
  "mphantom", "menclose", "merror", "mmultiscripts", "mprescripts", "none",
];
const MATH_ATTRIBUTES = [
  "display", "mathvariant", "stretchy", "fence", "separator", "accent", "accentunder", "lspace", "rspace", "movablelimits",
  "largeop", "symmetric", "columnalign", "rowspacing", "columnspacing", "linethickness", "displaystyle", "scriptlevel",
  "notation", "width", "height", "depth", "encoding", "alttext", "xref",
];
/** Whole elements dropped with their content: page chrome, forms and anything that runs or embeds. */
const DROPPED_WITH_CONTENT = new Set(["nav", "header", "footer", "button", "form", "script", "style", "noscript", "iframe", "object", "embed", "template", "title", "svg", "canvas", "audio", "video"]);
const CHROME_CLASSES = /\b(ltx_page_navbar|ltx_page_header|ltx_page_footer|ltx_pagination|ltx_role_navigation|package-alerts|html-header-nav)\b/;

export type SanitizeOptions = {
  /** The rendition's own address, ending in "/" as arXiv serves it: relative links and figures resolve against it. */
  pageUrl: string;
};

/** The article of a LaTeXML page: its <article>, else the <body>, else the whole text. */
export function articleOf(html: string): string {
  const article = /<article\b[^>]*>[\s\S]*<\/article>/i.exec(html);
  if (article) return article[0];
  const body = /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html);
  return body ? body[1]! : html;
}

/** A link's target in Quire: arXiv pages become in-app paths, in-page anchors stay, other web pages stay outside links. */
function rewriteHref(href: string, pageUrl: URL): { href: string; internal: boolean } | null {
  const raw = href.trim();
  if (raw.startsWith("#")) return /^#[\w.:-]*$/.test(raw) ? { href: raw, internal: true } : null;
  let target: URL;
  try {
    target = new URL(raw, pageUrl);
  } catch {
    return null;
  }
  if (target.protocol !== "http:" && target.protocol !== "https:" && target.protocol !== "mailto:") return null;
  // A link into this same page (LaTeXML writes some anchors as full URLs).
  const samePath = (a: string, b: string) => a.replace(/\/+$/, "") === b.replace(/\/+$/, "");
  if (target.origin === pageUrl.origin && samePath(target.pathname, pageUrl.pathname) && target.hash) return { href: target.hash, internal: true };
  const asArxivPage = target.origin === pageUrl.origin ? `https://arxiv.org${target.pathname}` : target.toString();
  const appPath = arxivUrlToAppPath(asArxivPage);
  if (appPath) return { href: appPath, internal: true };
  return { href: target.toString(), internal: false };
}

/**
 * Makes an arXiv HTML rendition safe to show inside Quire: scripts, styles, event handlers,
 * inline styles, frames and forms go; `javascript:` and other non-web URLs go; images from any
 * host but the rendition's own go; arXiv abs/pdf/html links become Quire's /abs, /pdf and /html
 * paths; other links open in a new tab.
 */
export function sanitizeArxivHtml(html: string, options: SanitizeOptions): string {
  const pageUrl = new URL(options.pageUrl);
  return sanitizeHtml(articleOf(html), {
    allowedTags: [...ARTICLE_TAGS, ...MATH_TAGS],
    allowedAttributes: {
      "*": ["class", "id", "title", "lang", "dir", "colspan", "rowspan", "scope", "headers", "align", "valign"],
      a: ["href", "target", "rel", "data-internal"],
      img: ["src", "alt", "width", "height", "loading"],
      time: ["datetime"],
      ...Object.fromEntries(MATH_TAGS.map((tag) => [tag, MATH_ATTRIBUTES])),
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesAppliedToAttributes: ["href", "src"],
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    nonTextTags: [...DROPPED_WITH_CONTENT],
    exclusiveFilter: (frame) =>
      DROPPED_WITH_CONTENT.has(frame.tag) ||
      CHROME_CLASSES.test(frame.attribs.class ?? "") ||
      (frame.tag === "img" && !frame.attribs.src),
    transformTags: {
      a: (tagName, attribs) => {
        const { href, ...rest } = attribs;
        const target = href ? rewriteHref(href, pageUrl) : null;
        if (!target) return { tagName, attribs: stripUnsafe(rest) };
        if (target.internal) return { tagName, attribs: { ...stripUnsafe(rest), href: target.href, "data-internal": "true" } };
        return { tagName, attribs: { ...stripUnsafe(rest), href: target.href, target: "_blank", rel: "noopener noreferrer" } };
      },
      img: (tagName, attribs) => {
        let src = "";
        try {
          const resolved = new URL(attribs.src ?? "", pageUrl);
          // Only the rendition's own figures; anything from another host (trackers included) goes.
          if (resolved.origin === pageUrl.origin && attribs.src) src = resolved.toString();
        } catch {
          src = "";
        }
        return { tagName, attribs: { ...stripUnsafe(attribs), src, loading: "lazy" } };
      },
    },
  }).trim();
}

/** Attributes sanitize-html would drop anyway, removed before a transform copies them. */
function stripUnsafe(attribs: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(attribs).filter(([name]) => !/^on/i.test(name) && name !== "style" && name !== "href" && name !== "src"));
}

/** The page title LaTeXML gives the document, as plain text. */
export function htmlTitle(html: string): string | null {
  const heading = /<h1\b[^>]*class="[^"]*ltx_title_document[^"]*"[^>]*>([\s\S]*?)<\/h1>/i.exec(html) ?? /<title>([\s\S]*?)<\/title>/i.exec(html);
  if (!heading) return null;
  const text = sanitizeHtml(heading[1]!, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, " ").trim();
  return text || null;
}
