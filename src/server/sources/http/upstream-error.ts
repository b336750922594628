/** An upstream answered with a failure status, or could not be reached at all. */
export class UpstreamError extends Error {
  constructor(
    readonly source: string,
    /** HTTP status, or 0 when no answer came (network error, timeout). */
    readonly status: number,
    readonly statusText: string,
    message: string,
    /** How long the upstream asked to be left alone (its Retry-After), when it said. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = "UpstreamError";
  }
}

/**
 * The request never left: others were ahead of it for the host's slot (arXiv's one request
 * every 3 s) for longer than its deadline allowed. `retryAfterMs` is when the queue should
 * have room again.
 */
export class UpstreamBusyError extends UpstreamError {
  constructor(source: string, retryAfterMs: number) {
    super(source, 503, "Service Unavailable", `${source} is busy with other requests`, retryAfterMs);
    this.name = "UpstreamBusyError";
  }
}

/** The standard reason phrase for a status, for messages such as "ArXiv API error: 503 Service Unavailable". */
export function reasonPhrase(status: number): string {
  return REASONS[status] ?? "";
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  408: "Request Timeout",
  409: "Conflict",
  413: "Payload Too Large",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};
