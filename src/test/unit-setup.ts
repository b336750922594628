import { afterAll, afterEach, beforeAll } from "vitest";
import { setupServer } from "msw/node";

/**
 * Unit tests never reach the network: any request not answered by a handler a test adds
 * with `mswServer.use(...)` fails the test (CONVENTIONS.md rule 7).
 */
export const mswServer = setupServer();

beforeAll(() => mswServer.listen({ onUnhandledRequest: "error" }));
afterEach(() => mswServer.resetHandlers());
afterAll(() => mswServer.close());
