/** The body is not well-formed XML; the message says where and why. */
export class XmlSyntaxError extends Error {
  constructor(message: string, offset: number) {
    super(`${message} (at character ${offset})`);
    this.name = "XmlSyntaxError";
  }
}

export type ScanOptions = {
  /**
   * The document is UTF-8 bytes given one byte per character (as Node's "latin1" decoding
   * gives them). Markup is ASCII either way; text and attribute values are decoded from UTF-8
   * one by one, and only when they hold a byte above 0x7F. The ASCII values, nearly all of an
   * arXiv feed, then stay one-byte strings: decoded as a whole, one character above U+00FF
   * anywhere in the body makes every string cut from it two bytes per character, and
   * everything made from them (the JSON answer above all) costlier to build and send.
   */
  utf8Bytes?: boolean;
};

export type XmlHandlers = {
  /** `attributes` is read-only: tags without attributes share one frozen object. */
  open(name: string, attributes: Readonly<Record<string, string>>): void;
  text(value: string): void;
  close(name: string): void;
};

const NAMED_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*);|&/g;
const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;
/** A letter, `_`, `:` or any character from U+00C0 up. */
const isNameStart = (code: number) =>
  (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f || code === 0x3a || code >= 0xc0;

const utf8 = new TextDecoder();

/**
 * A tag's attributes, made by a constructor whose prototype has no prototype: nothing is
 * inherited (an attribute named `__proto__` or `constructor` is an own value like any other),
 * and V8 keeps the objects in their compact form, sharing one property layout between tags
 * alike. `Object.create(null)` would make each a hash table, which takes more memory for the
 * same attributes.
 */
const Attributes = function Attributes() {} as unknown as new () => Record<string, string>;
Attributes.prototype = Object.create(null);
/** The attributes of every tag that has none; frozen, since all such tags share it. */
const NO_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze(new Attributes());

/** UTF-8 bytes held one per character, as text; bad sequences become U+FFFD, as a UTF-8 read of the body would. */
function fromUtf8Bytes(bytes: string): string {
  const array = new Uint8Array(bytes.length);
  for (let index = 0; index < bytes.length; index++) array[index] = bytes.charCodeAt(index);
  return utf8.decode(array);
}

function decode(value: string, offset: number, fromUtf8: boolean): string {
  const raw = fromUtf8 ? fromUtf8Bytes(value) : value;
  if (!raw.includes("&")) return raw;
  return raw.replace(ENTITY, (match, entity: string | undefined) => {
    if (entity === undefined) throw new XmlSyntaxError("a bare & outside an entity reference", offset);
    if (entity[0] === "#") {
      const code = entity[1] === "x" ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
      const allowed = code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0x10ffff && code !== 0xfffe && code !== 0xffff);
      if (!allowed) throw new XmlSyntaxError(`&${entity}; is not a character XML allows`, offset);
      return String.fromCodePoint(code);
    }
    const named = NAMED_ENTITIES[entity];
    if (named === undefined) throw new XmlSyntaxError(`unknown entity ${match}`, offset);
    return named;
  });
}

/**
 * A strict, non-validating XML scanner for machine-written feeds such as arXiv's Atom: start
 * tags with their attributes, text (entities decoded, CDATA as text) and end tags, in order.
 * It refuses what is not well-formed (unclosed or mismatched elements, a truncated body, text
 * or a second element outside the root, bad entity references, malformed attributes) and any
 * DOCTYPE, so no entity expansion ever happens. Comments and processing instructions are
 * skipped. Works with indexOf over the string, which is faster than a general SAX parser.
 */
export function scanXml(xml: string, handlers: XmlHandlers, options: ScanOptions = {}): void {
  const length = xml.length;
  const stack: string[] = [];
  const utf8Bytes = options.utf8Bytes === true;
  // Where the next byte above 0x7F is, found by one forward search that only moves on once
  // passed: a value needs UTF-8 decoding exactly when it lies across one.
  const highByte = /[^\x00-\x7f]/g;
  let nextHigh = -1;
  const needsUtf8 = (start: number, end: number): boolean => {
    if (!utf8Bytes) return false;
    if (nextHigh < start) {
      highByte.lastIndex = start;
      nextHigh = highByte.exec(xml)?.index ?? Number.POSITIVE_INFINITY;
    }
    return nextHigh < end;
  };
  let position = utf8Bytes ? (xml.startsWith("\u00ef\u00bb\u00bf") ? 3 : 0) : xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  let sawRoot = false;

  const fail = (message: string, at = position): never => {
    throw new XmlSyntaxError(message, at);
  };

  while (position < length) {
    const lt = xml.indexOf("<", position);
    const textEnd = lt === -1 ? length : lt;
    if (textEnd > position) {
      const raw = xml.slice(position, textEnd);
      if (stack.length > 0) handlers.text(decode(raw, position, needsUtf8(position, textEnd)));
      else if (raw.trim() !== "") fail("text outside the root element");
    }
    if (lt === -1) break;
    position = lt;
    const next = xml.charCodeAt(position + 1);

    if (next === 0x21 /* ! */) {
      if (xml.startsWith("<!--", position)) {
        const end = xml.indexOf("-->", position + 4);
        if (end === -1) fail("a comment is not closed");
        position = end + 3;
      } else if (xml.startsWith("<![CDATA[", position)) {
        if (stack.length === 0) fail("CDATA outside the root element");
        const end = xml.indexOf("]]>", position + 9);
        if (end === -1) fail("a CDATA section is not closed");
        const cdata = xml.slice(position + 9, end);
        handlers.text(needsUtf8(position + 9, end) ? fromUtf8Bytes(cdata) : cdata);
        position = end + 3;
      } else {
        fail(xml.startsWith("<!DOCTYPE", position) ? "a DOCTYPE is not accepted" : "markup that is not XML");
      }
      continue;
    }

    if (next === 0x3f /* ? */) {
      const end = xml.indexOf("?>", position + 2);
      if (end === -1) fail("a processing instruction is not closed");
      position = end + 2;
      continue;
    }

    if (next === 0x2f /* / */) {
      // The common case, checked without copying the name: the open element's name, spaces, ">".
      const open = stack.pop();
      let end = position + 2 + (open?.length ?? 0);
      if (open !== undefined && xml.startsWith(open, position + 2)) while (isSpace(xml.charCodeAt(end))) end++;
      if (open === undefined || xml.charCodeAt(end) !== 0x3e /* > */ || !xml.startsWith(open, position + 2)) {
        end = xml.indexOf(">", position + 2);
        if (end === -1) fail("an end tag is not closed");
        const name = xml.slice(position + 2, end).trimEnd();
        fail(open === undefined ? `</${name}> closes nothing` : `</${name}> where </${open}> was expected`);
      }
      handlers.close(open!);
      position = end + 1;
      continue;
    }

    // A start tag: the name, then attributes, then > or />.
    let cursor = position + 1;
    while (cursor < length) {
      const code = xml.charCodeAt(cursor);
      if (isSpace(code) || code === 0x3e /* > */ || code === 0x2f /* / */) break;
      cursor++;
    }
    if (cursor === position + 1 || !isNameStart(xml.charCodeAt(position + 1))) fail("a tag without a valid name");
    const name = xml.slice(position + 1, cursor);
    if (stack.length === 0 && sawRoot) fail("a second root element");
    // Most tags have no attributes: they all share one empty, frozen object, and a tag's own
    // is made at its first attribute (on a page of arXiv results, most of what the scan
    // allocated was these objects).
    let attributes = NO_ATTRIBUTES as Record<string, string>;
    let selfClosing = false;
    for (;;) {
      const before = cursor;
      while (cursor < length && isSpace(xml.charCodeAt(cursor))) cursor++;
      if (cursor >= length) fail(`the body ends inside <${name}>`);
      const code = xml.charCodeAt(cursor);
      if (code === 0x3e /* > */) {
        cursor++;
        break;
      }
      if (code === 0x2f /* / */) {
        if (xml.charCodeAt(cursor + 1) !== 0x3e) fail(`a stray / in <${name}>`, cursor);
        cursor += 2;
        selfClosing = true;
        break;
      }
      if (cursor === before) fail(`attributes of <${name}> not separated by spaces`, cursor);
      const nameStart = cursor;
      while (cursor < length) {
        const c = xml.charCodeAt(cursor);
        if (isSpace(c) || c === 0x3d /* = */ || c === 0x3e || c === 0x2f) break;
        cursor++;
      }
      const attributeName = xml.slice(nameStart, cursor);
      while (cursor < length && isSpace(xml.charCodeAt(cursor))) cursor++;
      if (xml.charCodeAt(cursor) !== 0x3d) fail(`attribute ${attributeName || "?"} of <${name}> has no value`, cursor);
      cursor++;
      while (cursor < length && isSpace(xml.charCodeAt(cursor))) cursor++;
      const quote = xml[cursor];
      if (quote !== '"' && quote !== "'") fail(`attribute ${attributeName} of <${name}> is not quoted`, cursor);
      const valueEnd = xml.indexOf(quote!, cursor + 1);
      if (valueEnd === -1) fail(`the body ends inside <${name}>`, cursor);
      const raw = xml.slice(cursor + 1, valueEnd);
      if (raw.includes("<")) fail(`a < inside attribute ${attributeName} of <${name}>`, cursor);
      if (attributes === NO_ATTRIBUTES) attributes = new Attributes();
      else if (Object.hasOwn(attributes, attributeName)) fail(`attribute ${attributeName} repeated in <${name}>`, cursor);
      attributes[attributeName] = decode(raw, cursor, needsUtf8(cursor + 1, valueEnd));
      cursor = valueEnd + 1;
    }
    sawRoot = true;
    handlers.open(name, attributes);
    if (selfClosing) handlers.close(name);
    else stack.push(name);
    position = cursor;
  }

  if (stack.length > 0) fail(`the body ends before </${stack[stack.length - 1]}>`, length);
  if (!sawRoot) fail("no root element", length);
}
