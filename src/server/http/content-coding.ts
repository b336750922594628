import type { Context } from "hono";
import { accepts } from "hono/accepts";

/** The codings the server compresses answers in as it sends them, the one preferred first. */
export type ContentCoding = "br" | "gzip";
const CODINGS: ContentCoding[] = ["br", "gzip"];

/**
 * Of the codings a client's Accept-Encoding rates above zero (by name or by `*`), the best-rated,
 * and on a tie the one `supports` lists first: browsers list gzip before br, with the same weight.
 */
const bestRated: NonNullable<Parameters<typeof accepts>[1]["match"]> = (accepted, config) => {
  let best = config.default;
  let bestQ = 0;
  const anyQ = accepted.find((accept) => accept.type === "*")?.q;
  for (const coding of config.supports) {
    const q = accepted.find((accept) => accept.type.toLowerCase() === coding)?.q ?? anyQ ?? 0;
    if (q > bestQ) [best, bestQ] = [coding, q];
  }
  return best;
};

/**
 * The coding to send an answer in: Brotli where the client takes it (every current browser does,
 * Chromium over plain HTTP too), else gzip, or null for neither.
 */
export function answerCoding(c: Context): ContentCoding | null {
  const coding = accepts(c, { header: "Accept-Encoding", supports: CODINGS, default: "identity", match: bestRated });
  return coding === "identity" ? null : (coding as ContentCoding);
}
