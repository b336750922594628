import { afterAll, afterEach, beforeAll } from "vitest";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";

/**
 * Unit tests never reach the network: any request not answered by a handler a test adds
 * with `mswServer.use(...)` fails the test (rule 7). Product analytics, which
 * any click may send, are accepted and dropped, and the session is anonymous by default.
 */
export const mswServer = setupServer(
  http.post("*/api/events", () => HttpResponse.json({ accepted: 1 }, { status: 202 })),
  // Anonymous unless a test signs someone in with its own handler.
  http.get("*/api/auth/get-session", () => HttpResponse.json(null)),
);

beforeAll(() => mswServer.listen({ onUnhandledRequest: "error" }));
afterEach(() => mswServer.resetHandlers());
afterAll(() => mswServer.close());
