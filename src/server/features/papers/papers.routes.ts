import { Hono } from "hono";
import { z } from "zod";
import { LOOKUP_ID_MAX_LENGTH, bareDoi } from "@/shared/paper-relations";
import { errors } from "@/server/errors";
import type { AppEnv } from "@/server/http/context";
import type { Paper } from "@/shared/paper";
import type { PapersService } from "./papers.service";

const idSchema = z.object({
  id: z.string().trim().min(1, "Invalid paper ID or URL").max(LOOKUP_ID_MAX_LENGTH, "Invalid paper ID or URL").refine((id) => !id.includes("\0"), "Invalid paper ID or URL"),
});
const doiSchema = z.object({ doi: z.string().max(LOOKUP_ID_MAX_LENGTH).transform((value, ctx) => bareDoi(value) ?? (ctx.addIssue({ code: "custom", message: "doi must look like 10.1234/abc" }), z.NEVER)) });
const relationsSchema = z.object({
  workId: z.string().regex(/^W\d{1,15}$/i, "workId must be an OpenAlex work id such as W123"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(20),
});

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw errors.validation(parsed.error.issues[0]?.message ?? "Invalid parameters.", parsed.error.issues);
  return parsed.data;
}

/**
 * The reader's paper data:
 *   GET /api/papers/lookup?id=                      -> { paper }  (arXiv id, DOI or OpenAlex W id; 404 when unknown;
 *                                                      the paper's record is kept in its entity, after the answer)
 *   GET /api/papers/work?doi=                       -> { workId, doi }  (the OpenAlex work behind a DOI, workId null when none)
 *   GET /api/papers/references?workId=&page=&perPage= -> { total, papers }
 *   GET /api/papers/citations?workId=&page=&perPage=  -> { total, papers }
 */
export function papersRoutes(deps: { service: PapersService; onLookedUp?: (paper: Paper) => void }) {
  return new Hono<AppEnv>()
    .get("/lookup", async (c) => {
      const { id } = parse(idSchema, c.req.query());
      const paper = await deps.service.lookup(id);
      deps.onLookedUp?.(paper);
      return c.json({ paper });
    })
    .get("/work", async (c) => {
      const { doi } = parse(doiSchema, c.req.query());
      return c.json(await deps.service.findWork(doi));
    })
    .get("/references", async (c) => {
      const { workId, page, perPage } = parse(relationsSchema, c.req.query());
      return c.json(await deps.service.references(workId.toUpperCase(), page, perPage));
    })
    .get("/citations", async (c) => {
      const { workId, page, perPage } = parse(relationsSchema, c.req.query());
      return c.json(await deps.service.citations(workId.toUpperCase(), page, perPage));
    });
}
