import { describe, expect, it } from "vitest";
import { scanXml, XmlSyntaxError, type ScanOptions } from "./xml-scan";

/** The events as a flat list: ["<a href=x>", "text", "</a>"]. */
function events(xml: string, options: ScanOptions = {}): string[] {
  const out: string[] = [];
  scanXml(
    xml,
    {
      open: (name, attributes) => out.push(`<${name}${Object.entries(attributes).map(([k, v]) => ` ${k}=${v}`).join("")}>`),
      text: (value) => out.push(value),
      close: (name) => out.push(`</${name}>`),
    },
    options,
  );
  return out;
}

/** A document's UTF-8 bytes, one per character, as the utf8Bytes mode takes them. */
const asUtf8Bytes = (text: string) => Buffer.from(text, "utf8").toString("latin1");

describe("scanXml", () => {
  it("reports start tags with attributes, text and end tags in order", () => {
    expect(events(`<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><link href='a' rel="b"/><t>x</t></feed>\n`)).toEqual([
      "<feed xmlns=http://www.w3.org/2005/Atom>",
      "<link href=a rel=b>",
      "</link>",
      "<t>",
      "x",
      "</t>",
      "</feed>",
    ]);
  });

  it("decodes the five named entities and character references, in text and attributes", () => {
    expect(events(`<a t="&quot;&lt;&#x41;">&amp;&gt;&apos;&#233;&#x1F600;</a>`)).toEqual(['<a t="<A>', "&>'é😀", "</a>"]);
  });

  it("passes CDATA through as text and skips comments and processing instructions", () => {
    expect(events(`\uFEFF<!-- c --><a><![CDATA[<b>&amp;</b>]]><?pi x?><!-- <c> --></a>`)).toEqual(["<a>", "<b>&amp;</b>", "</a>"]);
  });

  it("accepts spaces around = and before the end of a tag", () => {
    expect(events(`<a  x = "1"  ></a >`)).toEqual(["<a x=1>", "</a>"]);
  });

  it.each([
    ["an empty body", "", /no root element/],
    ["a truncated body", "<feed><entry><title>Half", /ends before <\/title>/],
    ["a body cut inside a tag", `<feed><link href="x`, /ends inside <link>/],
    ["mismatched tags", "<a><b></a></b>", /<\/a> where <\/b> was expected/],
    ["an end tag that only starts like the open one", "<ab><a></ab></a></ab>", /<\/ab> where <\/a> was expected/],
    ["an end tag with more than its name", "<a></a b>", /<\/a b> where <\/a> was expected/],
    ["an end tag cut short", "<a></a", /end tag is not closed/],
    ["an end tag closing nothing", "<a></a></b>", /<\/b> closes nothing/],
    ["two roots", "<a/><b/>", /second root/],
    ["text outside the root", "<a/>junk", /text outside the root/],
    ["a DOCTYPE (no entity expansion)", `<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>`, /DOCTYPE/],
    ["an unknown entity", "<a>&nbsp;</a>", /unknown entity &nbsp;/],
    ["a bare ampersand", "<a>R&D</a>", /bare &/],
    ["a forbidden character reference", "<a>&#0;</a>", /not a character XML allows/],
    ["an unquoted attribute", "<a x=1/>", /not quoted/],
    ["a repeated attribute", `<a x="1" x="2"/>`, /repeated/],
    ["attributes without a space between", `<a x="1"y="2"/>`, /not separated/],
    ["a < in an attribute", `<a x="<"/>`, /a < inside attribute/],
    ["an unclosed comment", "<a><!-- x </a>", /comment is not closed/],
    ["an HTML page", "<!doctype html><html></html>", /not XML/],
    ["a tag without a name", "<a>< b/></a>", /valid name/],
  ])("refuses %s", (_label, xml, message) => {
    expect(() => events(xml)).toThrow(XmlSyntaxError);
    expect(() => events(xml)).toThrow(message);
  });

  describe("on UTF-8 bytes (utf8Bytes)", () => {
    const document = `\uFEFF<?xml version="1.0"?><feed t="Gödel — 𝔸"><name>Zoë Müller</name><x>plain</x><s>α &amp; β<![CDATA[ ∑ <i>é</i> ]]>&#x1F600;</s><e/>naïve<!-- ü --></feed>`;

    it("gives the same events as the decoded text, in text, attributes and CDATA", () => {
      expect(events(asUtf8Bytes(document), { utf8Bytes: true })).toEqual(events(document));
      expect(events(document)).toContain("Zoë Müller");
    });

    it("keeps ASCII values as they are and decodes only those with other bytes", () => {
      const seen = events(asUtf8Bytes(`<a><b>one</b><c>ça</c><d>two</d><e>€</e></a>`), { utf8Bytes: true });
      expect(seen).toEqual(["<a>", "<b>", "one", "</b>", "<c>", "ça", "</c>", "<d>", "two", "</d>", "<e>", "€", "</e>", "</a>"]);
    });

    it("turns bytes that are not UTF-8 into U+FFFD, as a UTF-8 read of the body does", () => {
      expect(events("<a>b\u00ffc</a>", { utf8Bytes: true })).toEqual(["<a>", "b\uFFFDc", "</a>"]);
    });

    it("still refuses what is not well-formed", () => {
      expect(() => events(asUtf8Bytes("<a>é</b>"), { utf8Bytes: true })).toThrow(/<\/b> where <\/a> was expected/);
    });
  });

  it("gives attribute names no prototype tricks", () => {
    const seen: Record<string, string>[] = [];
    scanXml(`<a __proto__="x" constructor="y"/>`, { open: (_n, attributes) => seen.push(attributes), text: () => {}, close: () => {} });
    expect(seen[0]!.__proto__).toBe("x");
    expect(Object.keys(seen[0]!)).toEqual(["__proto__", "constructor"]);
  });

  it("gives attributes nothing inherited: a name the tag does not have reads as undefined", () => {
    const seen: Readonly<Record<string, string>>[] = [];
    scanXml(`<a><b x="1"/><c/></a>`, { open: (_n, attributes) => seen.push(attributes), text: () => {}, close: () => {} });
    for (const attributes of seen) {
      expect(attributes.toString).toBeUndefined();
      expect(attributes.hasOwnProperty).toBeUndefined();
      expect("valueOf" in attributes).toBe(false);
    }
  });

  it("gives a tag without attributes an empty, frozen object, and each tag with some its own", () => {
    const seen: Readonly<Record<string, string>>[] = [];
    scanXml(`<a><b/><c x="1" y="2"/><d z="3"></d></a>`, { open: (_n, attributes) => seen.push(attributes), text: () => {}, close: () => {} });
    expect(seen.map((attributes) => ({ ...attributes }))).toEqual([{}, {}, { x: "1", y: "2" }, { z: "3" }]);
    expect(Object.isFrozen(seen[0])).toBe(true);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).not.toBe(seen[3]);
    expect(Object.isFrozen(seen[2])).toBe(false);
  });
});
