/**
 * zotero.org's website as far as a client needs it: OAuth 1.0a key exchange and the key pages.
 */
import type { Hono, MiddlewareHandler } from "hono";
import type { ZoteroState } from "./state";

export function registerZoteroWeb(_app: Hono, _route: MiddlewareHandler, _state: ZoteroState): void {}
