/**
 * The sandbox's Zotero: the Web API v3 at `/zotero` (route name `zotero-api`; the app uses
 * `ZOTERO_API_URL=<sandbox>/zotero`), zotero.org's OAuth 1.0a endpoints and key pages at
 * `/zotero-web` (route name `zotero-web`), and the control API at `/__control/zotero`.
 * See sandbox/README.md.
 */
import type { Context } from "hono";
import { handleZoteroApi } from "../zotero/api";
import { registerZoteroControl } from "../zotero/control";
import type { Bases } from "../zotero/item-json";
import { ZoteroState } from "../zotero/state";
import { registerZoteroWeb } from "../zotero/web";
import { sleep, type Upstream } from "../upstream";

export const ZOTERO_API_ROUTE = "zotero-api";
export const ZOTERO_WEB_ROUTE = "zotero-web";

/**
 * The API's paths at the host's root, where api.zotero.org serves them. The API answers there as
 * well as under `/zotero`, and its links (Link headers, items' `links`) name the root: a client
 * that keeps only a link's path and puts its own base before it (pyzotero's `everything()`)
 * then asks `/zotero/users/...`, as it would ask zotero.org `/users/...`.
 */
const ROOT_API_PATHS = ["/users/*", "/keys/*", "/items/new", "/itemTypes", "/itemFields", "/creatorFields", "/itemTypeFields", "/itemTypeCreatorTypes"];

export function basesOf(c: Context): Bases {
  const origin = new URL(c.req.url).origin;
  return { api: origin, web: `${origin}/zotero-web` };
}

export const zoteroUpstream: Upstream = {
  name: "zotero",
  routes: [ZOTERO_API_ROUTE, ZOTERO_WEB_ROUTE],
  register(app, context) {
    const state = new ZoteroState();
    registerZoteroControl(app, state);
    registerZoteroWeb(app, context.route(ZOTERO_WEB_ROUTE), state);
    const api = async (c: Context) => {
      if (state.pacingMs > 0) await sleep(state.pacingMs, c.req.raw.signal);
      return handleZoteroApi(c, state, basesOf(c));
    };
    app.all("/zotero", context.route(ZOTERO_API_ROUTE), api);
    app.all("/zotero/*", context.route(ZOTERO_API_ROUTE), api);
    for (const path of ROOT_API_PATHS) app.all(path, context.route(ZOTERO_API_ROUTE), api);
  },
};
