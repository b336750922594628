/**
 * An error the Zotero API answers with: its HTTP status and its plain-text message, in the
 * words of the real server (zotero/dataserver), e.g. 412 "Library has been modified since
 * specified version (expected 10, found 12)".
 */
export class ZoteroApiError extends Error {
  readonly status: number;
  /** Sent as Last-Modified-Version (the API does so only on 412s). */
  readonly libraryVersion: number | undefined;

  constructor(status: number, message: string, libraryVersion?: number) {
    super(message);
    this.status = status;
    this.libraryVersion = libraryVersion;
  }
}

export const invalidInput = (message: string) => new ZoteroApiError(400, message);
