import { afterAll, afterEach, beforeAll } from "vitest";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";

/**
 * Unit tests never reach the network: any request not answered by a handler a test adds
 * with `mswServer.use(...)` fails the test (CONVENTIONS.md rule 7). Product analytics, which
 * any click may send, are accepted and dropped.
 */
export const mswServer = setupServer(http.post("*/api/events", () => HttpResponse.json({ accepted: 1 }, { status: 202 })));

beforeAll(() => mswServer.listen({ onUnhandledRequest: "error" }));
afterEach(() => mswServer.resetHandlers());
afterAll(() => mswServer.close());
