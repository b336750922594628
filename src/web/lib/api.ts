import { readAuthToken } from "@/web/lib/auth-token";
import { isOffline } from "@/web/lib/connectivity";
import { apiOrigin } from "@/web/lib/platform";

/**
 * The one way the SPA talks to its own server's /api/*. Every failure becomes an ApiError
 * carrying the server's stable error code, so features map codes to the spec's messages
 * instead of parsing strings.
 */

/** Codes produced on the client side, when the server's envelope is missing. */
export const CLIENT_ERROR_CODES = {
  network: "network_error",
  http: "http_error",
  invalidResponse: "invalid_response",
} as const;

/** What a request that never reached the server says: offline is the device's state, not a fault. */
export const NETWORK_MESSAGES = {
  offline: "You are offline",
  failed: "Network error",
} as const;

export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly code: string,
    message: string,
    /** HTTP status, or 0 when the request never got an answer. */
    readonly status: number,
  ) {
    super(message);
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

type ErrorEnvelope = { error: { code: string; message: string } };

function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { code?: unknown }).code === "string" &&
    typeof (error as { message?: unknown }).message === "string"
  );
}

/** Turns a failed response into an ApiError, preferring the server's envelope. */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): fall back to the status line.
  }
  if (isErrorEnvelope(body)) {
    return new ApiError(body.error.code, body.error.message, response.status);
  }
  const statusText = response.statusText ? ` ${response.statusText}` : "";
  return new ApiError(CLIENT_ERROR_CODES.http, `HTTP ${response.status}${statusText}`, response.status);
}

export type ApiRequestOptions = Omit<RequestInit, "body"> & {
  /** A plain value is sent as JSON; FormData, Blob and strings are sent as they are. */
  body?: unknown;
  /** Query parameters; undefined and null values are left out, arrays repeat the key. */
  query?: Record<string, string | number | boolean | null | undefined | ReadonlyArray<string | number>>;
};

function buildUrl(path: string, query: ApiRequestOptions["query"]): string {
  // The native app's WebView is not the site: its calls go to the site's origin.
  const url = `${apiOrigin()}${path.startsWith("/api/") ? path : `/api/${path.replace(/^\/+/, "")}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === "string" ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  );
}

/**
 * Calls /api/{path} and returns the parsed JSON (undefined for an empty reply).
 * Throws ApiError for non-2xx answers and for network failures.
 */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { body, query, headers: initHeaders, ...init } = options;
  const headers = new Headers(initHeaders);
  if (!headers.has("Accept")) headers.set("Accept", "application/json");
  // The native app signs in with a bearer token (its WebView has no session cookie).
  const token = readAuthToken();
  if (token && !headers.has("Authorization")) headers.set("Authorization", `Bearer ${token}`);

  let requestBody: BodyInit | undefined;
  if (body !== undefined) {
    if (isRawBody(body)) {
      requestBody = body;
    } else {
      requestBody = JSON.stringify(body);
      if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
    }
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      credentials: "same-origin",
      ...init,
      headers,
      body: requestBody,
    });
  } catch (cause) {
    // An aborted request is the caller's decision, not an error to report.
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw networkError();
  }

  return readApiResponse<T>(response);
}

/** The error of a request that never reached the server, saying "You are offline" when the device is. */
export function networkError(): ApiError {
  return new ApiError(CLIENT_ERROR_CODES.network, isOffline() ? NETWORK_MESSAGES.offline : NETWORK_MESSAGES.failed, 0);
}

/** Whether an error is a request that failed because this device is offline. */
export function isOfflineError(error: unknown): boolean {
  return isApiError(error) && error.code === CLIENT_ERROR_CODES.network && (error.message === NETWORK_MESSAGES.offline || isOffline());
}

/** The JSON of a /api response; throws ApiError for non-2xx answers. */
export async function readApiResponse<T>(response: Response): Promise<T> {
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;

  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(CLIENT_ERROR_CODES.invalidResponse, "The server sent an unreadable response", response.status);
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, "method" | "body">) =>
    apiFetch<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, "method" | "body">) =>
    apiFetch<T>(path, { ...options, method: "POST", body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, "method" | "body">) =>
    apiFetch<T>(path, { ...options, method: "PUT", body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, "method" | "body">) =>
    apiFetch<T>(path, { ...options, method: "PATCH", body }),
  delete: <T>(path: string, options?: Omit<ApiRequestOptions, "method" | "body">) =>
    apiFetch<T>(path, { ...options, method: "DELETE" }),
};
