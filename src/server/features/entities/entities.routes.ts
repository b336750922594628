import { Hono } from "hono";
import { z } from "zod";
import type { Auth } from "@/server/auth/auth";
import { requireUser, type SignedInEnv } from "@/server/auth/session";
import type { Config } from "@/server/config";
import { errors } from "@/server/errors";
import type { AppEnv } from "@/server/http/context";
import { readJson } from "@/server/http/validation";
import { ENTITY_ACTIONS, type EntityResponse } from "@/shared/entities";
import { LOOKUP_ID_MAX_LENGTH } from "@/shared/paper-relations";
import { TITLE_MAX_LENGTH } from "@/shared/constants";
import type { EntitiesService } from "./entities.service";

const idText = z.string().trim().max(LOOKUP_ID_MAX_LENGTH, "is too long").refine((value) => !value.includes("\0"), "Invalid paper ID or URL");
const entityId = z.uuid({ error: "entityId must be an entity id" });

/** The paper to ensure: its id (and, when the client has them, its arXiv id and DOI); other fields are ignored. */
const paperReference = z
  .object({
    id: idText.pipe(z.string().min(1, "Invalid paper ID or URL")),
    arxivId: idText.nullish(),
    doi: idText.nullish(),
  })
  .loose();

const searchTerms = z.object({
  title: z.string().trim().min(1, "Please enter a paper title").max(TITLE_MAX_LENGTH),
  authors: z
    .union([z.string().max(20_000), z.array(z.string().max(300)).max(5000)], { error: "authors must be a list of names or one string" })
    .default([])
    .transform((value) => (Array.isArray(value) ? value : value.split(/,|;| and /)).map((name) => name.trim()).filter(Boolean)),
  year: z.coerce.number({ error: "year must be a number" }).int("year must be a whole number").min(1000).max(2100).optional(),
});

const bodySchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("ensure"), paper: paperReference }),
    z.object({ action: z.literal("enrich"), entityId }),
    z.object({ action: z.literal("search_enrich"), entityId, searchTerms }),
  ],
  { error: `action must be one of ${ENTITY_ACTIONS.join(", ")}` },
);

/**
 *   POST /api/entities  {action: "ensure", paper} | {action: "enrich", entityId}
 *                       | {action: "search_enrich", entityId, searchTerms: {title, authors, year}}
 *        -> { success, entity: {id, source_ids, primary_source, publication_info, ...}, error: null, warnings }
 * Signed-in users; failures are the usual `{ error: { code, message } }`.
 */
export function entitiesRoutes(deps: { service: EntitiesService; auth: Pick<Auth, "api">; config: Pick<Config, "publicUrl"> }) {
  const routes = new Hono<SignedInEnv>()
    .use("*", requireUser(deps.auth))
    .post("/", async (c) => {
      const body = await readJson(c, bodySchema);
      const result =
        body.action === "ensure"
          ? await deps.service.ensure(body.paper)
          : body.action === "enrich"
            ? await deps.service.enrich(body.entityId)
            : await deps.service.searchEnrich(body.entityId, body.searchTerms);
      const answer: EntityResponse & { matched?: unknown } = { success: true, entity: result.entity, error: null, warnings: result.warnings };
      if ("matched" in result) answer.matched = result.matched;
      return c.json(answer);
    })
    .all("/", () => {
      throw errors.badRequest("Use POST with an action: ensure, enrich or search_enrich.");
    });
  return new Hono<AppEnv>().route("/", routes);
}
