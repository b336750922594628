/**
 * Faults that tests queue over HTTP (`POST /__control/faults`) to see how the app copes with a
 * slow, failing, hanging or garbled upstream. Each request to a route takes the first queued
 * fault for that route (or for "*") that still has uses left; `times` counts them down.
 */
import type { FaultInput } from "./fault-schema";

/** Route name that applies a fault to every route. */
export const ANY_ROUTE = "*";

export interface Fault extends FaultInput {
  id: number;
  /** Uses left, or null for unlimited. */
  remaining: number | null;
}

export class FaultQueue {
  private faults: Fault[] = [];
  private nextId = 1;

  add(input: FaultInput): Fault {
    const fault: Fault = { ...input, id: this.nextId, remaining: input.times ?? null };
    this.nextId += 1;
    this.faults.push(fault);
    return fault;
  }

  list(): readonly Fault[] {
    return this.faults;
  }

  clear(): void {
    this.faults = [];
  }

  /** Removes the faults with these ids (a test removing its own, leaving other tests' faults queued). */
  remove(ids: readonly number[]): void {
    this.faults = this.faults.filter((fault) => !ids.includes(fault.id));
  }

  /** The fault that applies to this request to `route`, using one of its uses up. */
  take(route: string, target = ""): Fault | undefined {
    const fault = this.faults.find(
      (candidate) =>
        (candidate.route === route || candidate.route === ANY_ROUTE) && (!candidate.match || target.includes(candidate.match)),
    );
    if (!fault) return undefined;
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.faults = this.faults.filter((candidate) => candidate !== fault);
    }
    return fault;
  }
}

const STATUS_TEXT: Record<number, string> = {
  429: "Rate exceeded.",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** The plain-text answer for a `status` fault. */
export function faultResponse(fault: Fault & { status: number }): Response {
  const headers: Record<string, string> = { "Content-Type": "text/plain; charset=utf-8" };
  if (fault.retryAfter !== undefined) headers["Retry-After"] = String(fault.retryAfter);
  if (fault.location !== undefined) headers.Location = fault.location;
  Object.assign(headers, fault.headers);
  return new Response(fault.body ?? STATUS_TEXT[fault.status] ?? `Error ${fault.status}`, { status: fault.status, headers });
}

/**
 * The real answer made malformed: the first 60% of the body and a run of bytes no parser
 * accepts (a NUL, an unmatched tag, an unterminated string), with status 200.
 */
export async function garble(response: Response): Promise<Response> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const cut = bytes.subarray(0, Math.floor(bytes.byteLength * 0.6));
  const tail = new TextEncoder().encode('\u0000<</garbled "');
  const body = new Uint8Array(cut.byteLength + tail.byteLength);
  body.set(cut);
  body.set(tail, cut.byteLength);
  const headers = new Headers(response.headers);
  for (const name of ["content-length", "content-range", "etag", "content-encoding"]) headers.delete(name);
  headers.set("Content-Length", String(body.byteLength));
  return new Response(body, { status: 200, headers });
}
