/**
 * The sandbox's own control API, used by tests over HTTP (never by product code):
 *
 * - `GET  /__control/health` -> `{ ok: true, routes: [...] }`
 * - `POST /__control/faults` with one fault or an array (control/faults.ts) -> 201 `{ faults }`
 * - `GET  /__control/faults` -> `{ faults }`; `DELETE /__control/faults` clears them
 * - `GET  /__control/requests?route=arxiv-api&since=<ms>` -> `{ requests }`, oldest first
 * - `DELETE /__control/requests` clears the log
 * - `GET  /__control/arrivals?since=<ms>` -> `{ requests }`: everything received, any path;
 *   `DELETE /__control/arrivals` clears it
 * - `GET  /__control/mail?to=<address>` -> `{ messages }` the SMTP sink received, newest first
 * - `DELETE /__control/mail` forgets them
 */
import type { Hono } from "hono";
import { ANY_ROUTE } from "../control/faults";
import type { SandboxContext } from "../upstream";

export function registerControlRoutes(app: Hono, context: SandboxContext): void {
  app.get("/__control/health", (c) => c.json({ ok: true, routes: [...context.routeNames] }));

  app.post("/__control/faults", async (c) => {
    let json: unknown;
    try {
      json = await c.req.json();
    } catch {
      return c.json({ error: "body must be JSON" }, 400);
    }
    // Loaded on first use: zod costs a noticeable share of the sandbox's start-up otherwise.
    const { z } = await import("zod");
    const { faultInputSchema } = await import("../control/fault-schema");
    const parsed = z.union([faultInputSchema, z.array(faultInputSchema).min(1)]).safeParse(json);
    if (!parsed.success) return c.json({ error: z.prettifyError(parsed.error) }, 400);
    const inputs = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
    const unknown = inputs.map((input) => input.route).filter((route) => route !== ANY_ROUTE && !context.routeNames.has(route));
    if (unknown.length > 0) return c.json({ error: `unknown route ${unknown.join(", ")}; known: ${[...context.routeNames].join(", ")}, ${ANY_ROUTE}` }, 400);
    return c.json({ faults: inputs.map((input) => context.faults.add(input)) }, 201);
  });
  app.get("/__control/faults", (c) => c.json({ faults: context.faults.list() }));
  // ?id=1&id=2 removes those faults only (tests running side by side each remove their own); no id clears all.
  app.delete("/__control/faults", (c) => {
    const ids = c.req.queries("id")?.map(Number).filter(Number.isInteger) ?? [];
    if (ids.length > 0) context.faults.remove(ids);
    else context.faults.clear();
    return c.json({ ok: true });
  });

  app.get("/__control/requests", (c) => {
    const route = c.req.query("route");
    const since = c.req.query("since");
    const sinceMs = since === undefined ? undefined : Number(since);
    if (sinceMs !== undefined && !Number.isFinite(sinceMs)) return c.json({ error: "since must be epoch milliseconds" }, 400);
    return c.json({ requests: context.requests.list(route, sinceMs) });
  });
  app.delete("/__control/requests", (c) => {
    context.requests.clear();
    return c.json({ ok: true });
  });

  app.get("/__control/arrivals", (c) => {
    const since = Number(c.req.query("since") ?? Number.NaN);
    return c.json({ requests: context.arrivals.list(undefined, Number.isFinite(since) ? since : undefined) });
  });
  app.delete("/__control/arrivals", (c) => {
    context.arrivals.clear();
    return c.json({ ok: true });
  });

  app.get("/__control/mail", (c) => c.json({ messages: context.mail.list(c.req.query("to")) }));
  app.delete("/__control/mail", (c) => {
    context.mail.clear();
    return c.json({ ok: true });
  });
}
