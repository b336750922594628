import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * A failure with a stable machine-readable code and an HTTP status. The global handler
 * turns it into `{ "error": { "code", "message" } }`; the client maps codes to the spec's words.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: ContentfulStatusCode,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const errors = {
  badRequest: (message: string, details?: unknown) => new AppError("bad_request", message, 400, details),
  invalidJson: () => new AppError("invalid_json", "The request body is not valid JSON.", 400),
  validation: (message: string, details?: unknown) => new AppError("validation_failed", message, 400, details),
  unauthorized: (message = "Sign in to continue.") => new AppError("unauthorized", message, 401),
  forbidden: (message = "You do not have access to this.") => new AppError("forbidden", message, 403),
  notFound: (message = "Not found.") => new AppError("not_found", message, 404),
  conflict: (message: string) => new AppError("conflict", message, 409),
  /** The user has not connected the integration a call needs (Zotero). */
  notConnected: (message: string) => new AppError("not_connected", message, 409),
  payloadTooLarge: (limitBytes: number, message = `The request body is larger than ${limitBytes} bytes.`) =>
    new AppError("payload_too_large", message, 413),
  /** Over a rate limit: the global handler sends `retryAfterSeconds` as Retry-After. */
  tooManyRequests: (message: string, retryAfterSeconds: number) =>
    Object.assign(new AppError("rate_limited", message, 429), { retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)) }),
  unavailable: (message: string) => new AppError("service_unavailable", message, 503),
  upstream: (message: string, status: ContentfulStatusCode = 502) => new AppError("upstream_error", message, status),
  internal: () => new AppError("internal_error", "Something went wrong on our side. Please try again.", 500),
};

export type ErrorEnvelope = { error: { code: string; message: string } };

export function envelope(error: AppError): ErrorEnvelope {
  return { error: { code: error.code, message: error.message } };
}
