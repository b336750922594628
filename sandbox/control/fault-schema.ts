/**
 * The fault a test may queue (POST /__control/faults). Kept apart from faults.ts so that zod
 * loads only when a test first queues a fault, not on every sandbox start.
 */
import { z } from "zod";

/** What a test may queue; `route` is checked against the registered route names. */
export const faultInputSchema = z
  .object({
    route: z.string().min(1),
    latencyMs: z.number().int().min(0).max(600_000).optional(),
    status: z.number().int().min(100).max(599).optional(),
    /** Seconds, sent as Retry-After with `status`. */
    retryAfter: z.number().int().min(0).optional(),
    /**
     * Headers added to the answer: to the `status` answer, or (without `status`) to the real
     * one, e.g. `{ "Backoff": "30" }` on a Zotero answer that succeeds.
     */
    headers: z.record(z.string().regex(/^[A-Za-z0-9-]+$/), z.string()).optional(),
    /** Sent as Location with a 3xx `status`: a redirect, to this host or another. */
    location: z.url().optional(),
    /** Body for a `status` answer; a short plain-text default otherwise. */
    body: z.string().optional(),
    /** Never answer; the request ends when the client gives up or the sandbox closes. */
    hang: z.boolean().optional(),
    /** Answer 200 with the real body cut short and garbled. */
    malformed: z.boolean().optional(),
    /**
     * For the LLM route: answer 200 with a well-formed chat completion whose message is prose
     * instead of JSON ("prose"), or JSON that breaks the requested schema ("schema-break").
     */
    reply: z.enum(["prose", "schema-break"]).optional(),
    /**
     * Only requests whose decoded path and query contain this text, so tests running side by
     * side each fault their own request (e.g. `match: "ti:unavailable"`).
     */
    match: z.string().min(1).optional(),
    /** How many requests the fault applies to; unlimited when absent. */
    times: z.number().int().min(1).optional(),
  })
  .strict();

export type FaultInput = z.infer<typeof faultInputSchema>;
