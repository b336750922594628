/**
 * Product analytics (POST /api/events): the limits the server holds every sender to, and the
 * web client keeps under, so an honest page never meets a 413 or a 429.
 */

/** An event name: lowercase, such as `search_submitted` or `page_view`. */
export const ANALYTICS_EVENT_NAME = /^[a-z][a-z0-9_.:-]{0,63}$/;
/** Events in one request. */
export const ANALYTICS_MAX_BATCH = 50;
/** One event, `{ name, properties }` as JSON, in UTF-8 bytes (Quire's own events take about 100). */
export const ANALYTICS_EVENT_MAX_BYTES = 2048;
/** One request's body in bytes; the server refuses a larger one (413) before reading it. */
export const ANALYTICS_BATCH_MAX_BYTES = 32 * 1024;
/** Events one signed-in account may send per minute, all its sessions together. */
export const ANALYTICS_EVENTS_PER_MINUTE_PER_USER = 300;
/**
 * Events one client address may send per minute (EVENTS_RATE_LIMIT_PER_MINUTE's default): a
 * few people behind one address (an office, a campus NAT) fit in it.
 */
export const ANALYTICS_EVENTS_PER_MINUTE_PER_CLIENT = 600;
/** What one page sends at most per minute, well under the per-account limit even with a few tabs open. */
export const ANALYTICS_CLIENT_EVENTS_PER_MINUTE = 120;
/** A string property longer than this is cut before sending, to keep an event under its size limit. */
export const ANALYTICS_PROPERTY_MAX_CHARS = 300;

export type AnalyticsEvent = { name: string; properties: Record<string, unknown> };

const encoder = new TextEncoder();

/** The size in UTF-8 bytes of a value as JSON. */
export function jsonBytes(value: unknown): number {
  return encoder.encode(JSON.stringify(value)).byteLength;
}

/** The bytes of `{"events":[]}` around a batch's events (each event after the first adds a comma). */
const BATCH_WRAPPER_BYTES = jsonBytes({ events: [] });

/** The event with its long text properties cut, or null when it is still over the size limit. */
export function fittedEvent(event: AnalyticsEvent): AnalyticsEvent | null {
  const properties: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event.properties)) {
    properties[key] = typeof value === "string" && value.length > ANALYTICS_PROPERTY_MAX_CHARS ? value.slice(0, ANALYTICS_PROPERTY_MAX_CHARS) : value;
  }
  const fitted = { name: event.name, properties };
  return jsonBytes(fitted) <= ANALYTICS_EVENT_MAX_BYTES ? fitted : null;
}

/** The events in batches of at most ANALYTICS_MAX_BATCH events and ANALYTICS_BATCH_MAX_BYTES bytes, in order. */
export function batchesOf(events: AnalyticsEvent[]): AnalyticsEvent[][] {
  const batches: AnalyticsEvent[][] = [];
  let batch: AnalyticsEvent[] = [];
  let bytes = BATCH_WRAPPER_BYTES;
  for (const event of events) {
    const size = jsonBytes(event);
    if (batch.length > 0 && (batch.length >= ANALYTICS_MAX_BATCH || bytes + 1 + size > ANALYTICS_BATCH_MAX_BYTES)) {
      batches.push(batch);
      batch = [];
      bytes = BATCH_WRAPPER_BYTES;
    }
    bytes += (batch.length > 0 ? 1 : 0) + size;
    batch.push(event);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
