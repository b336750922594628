/**
 * The control API of the sandbox's arXiv (tests and benchmarks only), under `/__control/arxiv`:
 *
 * - `GET /__control/arxiv` -> `{ corpus, records, changes, settings }`
 * - `POST /__control/arxiv/oai` `{ recordsPerPage?, identifiersPerPage?, flowControl?: { minIntervalMs, retryAfterSeconds } | null }`:
 *   page sizes (arXiv's: 3,500 records, 20,000 identifiers) and flow control (requests closer
 *   together than `minIntervalMs` get 503 with Retry-After, as arXiv's flow control answers)
 * - `POST /__control/arxiv/changes` one change or an array, each with its `date` (YYYY-MM-DD or
 *   ISO time; today by default):
 *   `{ change: "new-version", id, date?, comment?, title?, abstract?, sizeKb? }`,
 *   `{ change: "publish", id, date?, doi?, journalRef? }`, `{ change: "delete", id, date? }`,
 *   `{ change: "new-paper", id?, date?, title, authors, abstract, categories, comment?, doi?, journalRef?, license?, submitter? }`
 *   -> 201 `{ changes: [{ id, version, datestamp, deleted }] }` (400 bad input, 404 unknown paper, 409 deleted paper or taken id)
 * - `DELETE /__control/arxiv`: forgets every change, the page sizes and the flow control
 */
import type { Context, Hono } from "hono";
import { ChangeError, type ArxivLiveState, type ChangeResult } from "./live-state";
import type { ChangeInput } from "./control-schema";

async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ChangeError("body must be JSON", 400);
  }
}

function apply(state: ArxivLiveState, change: ChangeInput): ChangeResult {
  switch (change.change) {
    case "new-version":
      return state.addVersion(change.id, change);
    case "publish":
      return state.publish(change.id, change);
    case "delete":
      return state.remove(change.id, change);
    case "new-paper":
      return state.addPaper(change);
  }
}

function describe(state: ArxivLiveState) {
  return { corpus: state.corpus.kind, records: state.corpus.size, changes: state.repository.changeCount, settings: state.settings };
}

export function registerArxivControl(app: Hono, stateOf: () => ArxivLiveState): void {
  const base = "/__control/arxiv";
  const failed = (c: Context, error: unknown): Response => {
    if (error instanceof ChangeError) return c.json({ error: error.message }, error.status);
    throw error;
  };

  app.get(base, (c) => c.json(describe(stateOf())));

  app.post(`${base}/oai`, async (c) => {
    try {
      const { z } = await import("zod");
      const { settingsSchema } = await import("./control-schema");
      const parsed = settingsSchema.safeParse(await jsonBody(c));
      if (!parsed.success) return c.json({ error: z.prettifyError(parsed.error) }, 400);
      const state = stateOf();
      const { flowControl, ...pages } = parsed.data;
      state.settings = { ...state.settings, ...pages, ...(flowControl === undefined ? {} : { flowControl }) };
      return c.json(describe(state));
    } catch (error) {
      return failed(c, error);
    }
  });

  app.post(`${base}/changes`, async (c) => {
    try {
      const { z } = await import("zod");
      const { changeSchema } = await import("./control-schema");
      const parsed = z.union([changeSchema, z.array(changeSchema).min(1)]).safeParse(await jsonBody(c));
      if (!parsed.success) return c.json({ error: z.prettifyError(parsed.error) }, 400);
      const state = stateOf();
      const changes = (Array.isArray(parsed.data) ? parsed.data : [parsed.data]).map((change) => apply(state, change));
      return c.json({ changes }, 201);
    } catch (error) {
      return failed(c, error);
    }
  });

  app.delete(base, (c) => {
    stateOf().reset();
    return c.json({ ok: true });
  });
}
