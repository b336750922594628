/**
 * RFC 4180 CSV writing. Hand-written because it is a dozen lines with no edge the RFC leaves
 * open, and the CSV libraries on npm are parsers first, far larger than this.
 */

/** One field: quoted when it holds a comma, a double quote, CR or LF; inner quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Rows as CSV text: fields joined by commas, every record (the header too) ended by CRLF. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}
