/**
 * The text a generated PDF draws, for assertions: inflates each content stream and decodes the
 * hex strings that pdf-lib writes for standard fonts (`<48656C6C6F> Tj`). Enough for the
 * sandbox's own PDFs; not a general PDF text extractor.
 */
import { inflateSync } from "node:zlib";

export function drawnText(pdf: Uint8Array): string[] {
  const raw = Buffer.from(pdf);
  const lines: string[] = [];
  let cursor = 0;
  for (;;) {
    const start = raw.indexOf("stream", cursor, "latin1");
    if (start < 0) break;
    const dataStart = start + (raw[start + 6] === 0x0d ? 8 : 7);
    const end = raw.indexOf("endstream", dataStart, "latin1");
    if (end < 0) break;
    cursor = end + 9;
    let content: string;
    try {
      content = inflateSync(raw.subarray(dataStart, end)).toString("latin1");
    } catch {
      content = raw.subarray(dataStart, end).toString("latin1");
    }
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) lines.push(Buffer.from(match[1]!, "hex").toString("latin1"));
  }
  return lines;
}
