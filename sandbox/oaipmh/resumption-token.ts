/**
 * arXiv's resumption tokens: the list request's own arguments plus `skip`, form-encoded and then
 * percent-encoded again, e.g.
 * `verb%3DListRecords%26metadataPrefix%3DarXivRaw%26from%3D2026-07-21%26set%3Dcs%26skip%3D522`.
 * Nothing is kept on the server, so a token outlives a restart. When a page ends on a later day
 * than it began, arXiv moves `from` to that day and `skip` counts the records of that day
 * already sent; otherwise `skip` grows by a page. Python's `quote(urlencode(...))` and
 * `parse_qs(unquote(...))` are reproduced here byte for byte.
 */

/** Python's `quote` (safe "/") or `quote_plus` (safe "", space as "+") on UTF-8. */
function pythonQuote(text: string, plus: boolean): string {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const character = String.fromCharCode(byte);
    if (/[A-Za-z0-9_.\-~]/.test(character) || (!plus && character === "/")) out += character;
    else if (plus && character === " ") out += "+";
    else out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** Python's `unquote` (invalid escapes are left as they are); `plus` turns "+" into a space first. */
function pythonUnquote(text: string, plus: boolean): string {
  const source = plus ? text.replace(/\+/g, " ") : text;
  if (!source.includes("%")) return source;
  const bytes: number[] = [];
  for (let index = 0; index < source.length; ) {
    if (source[index] === "%" && /^[0-9A-Fa-f]{2}$/.test(source.slice(index + 1, index + 3))) {
      bytes.push(Number.parseInt(source.slice(index + 1, index + 3), 16));
      index += 3;
    } else {
      for (const byte of Buffer.from(source[index]!, "utf8")) bytes.push(byte);
      index += 1;
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The token for these arguments (in their order) and skip. */
export function encodeResumptionToken(params: ReadonlyMap<string, string>, skip: number): string {
  const pairs = [...params].filter(([name]) => name !== "resumptionToken");
  pairs.push(["skip", String(skip)]);
  const form = pairs.map(([name, value]) => `${pythonQuote(name, true)}=${pythonQuote(value, true)}`).join("&");
  return pythonQuote(form, false);
}

export class TokenDecodeError extends Error {}

/** The arguments and skip a token carries; TokenDecodeError when it is not one of arXiv's. */
export function decodeResumptionToken(token: string): { params: Map<string, string>; skip: number } {
  const decoded = pythonUnquote(token, false);
  const params = new Map<string, string>();
  for (const pair of decoded.split("&")) {
    const equals = pair.indexOf("=");
    // parse_qs drops pairs without "=" and pairs with an empty value; the first of a repeated name wins.
    if (equals < 0) continue;
    const name = pythonUnquote(pair.slice(0, equals), true);
    const value = pythonUnquote(pair.slice(equals + 1), true);
    if (value === "" || params.has(name)) continue;
    params.set(name, value);
  }
  const skip = params.get("skip");
  if (skip === undefined || !/^\d+$/.test(skip)) throw new TokenDecodeError("Token decoding failed or format is invalid.");
  params.delete("skip");
  return { params, skip: Number(skip) };
}

/** When a token stops being offered: the next midnight UTC, as arXiv's `expires` says. */
export function tokenExpiry(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}
