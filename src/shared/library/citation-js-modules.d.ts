/**
 * The small part of citation-js's untyped API that Quire uses (citation-js ships no types).
 * Only synchronous, local conversions: nothing here fetches.
 */
declare module "@citation-js/core" {
  export const plugins: {
    input: {
      /** Runs one registered parser on data of a known type (no type sniffing, no URL fetching). */
      data(input: unknown, type: string): unknown;
      /** Parses all the way to CSL; with `forceType` set, no type sniffing (the tests read exports back with it). */
      chain(input: unknown, options: { forceType: string; generateGraph?: boolean }): unknown;
    };
    output: {
      format(name: string, data: unknown, options?: Record<string, unknown>): unknown;
    };
    config: {
      get(ref: string): unknown;
    };
  };
  export const logger: {
    level: string;
    _log: unknown[];
  };
}

declare module "@citation-js/plugin-bibtex" {}
declare module "@citation-js/plugin-ris" {}

declare module "@citation-js/name" {
  export type ParsedName = {
    given?: string;
    family?: string;
    suffix?: string;
    "dropping-particle"?: string;
    "non-dropping-particle"?: string;
  };
  export function parse(name: string): ParsedName;
}
