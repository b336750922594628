/**
 * What a test may send to `/__control/arxiv` (see control.ts). Kept apart so zod loads only when
 * a test first changes something, not on every sandbox start.
 */
import { z } from "zod";

const date = z.string().min(10).optional();
const id = z.string().min(1);

export const changeSchema = z.discriminatedUnion("change", [
  z.object({ change: z.literal("new-version"), id, date, comment: z.string().optional(), title: z.string().min(1).optional(), abstract: z.string().min(1).optional(), sizeKb: z.number().int().min(0).optional() }).strict(),
  z.object({ change: z.literal("publish"), id, date, doi: z.string().min(1).optional(), journalRef: z.string().min(1).optional() }).strict(),
  z.object({ change: z.literal("delete"), id, date }).strict(),
  z
    .object({
      change: z.literal("new-paper"),
      id: id.optional(),
      date,
      title: z.string().min(1),
      authors: z.array(z.union([z.string().min(1).transform((name) => ({ name })), z.object({ name: z.string().min(1), affiliations: z.array(z.string()).optional() })])).min(1),
      abstract: z.string().min(1),
      categories: z.array(z.string()).min(1),
      comment: z.string().optional(),
      doi: z.string().optional(),
      journalRef: z.string().optional(),
      license: z.string().optional(),
      submitter: z.string().optional(),
    })
    .strict(),
]);

export type ChangeInput = z.infer<typeof changeSchema>;

export const settingsSchema = z
  .object({
    recordsPerPage: z.number().int().min(1).max(100_000).optional(),
    identifiersPerPage: z.number().int().min(1).max(100_000).optional(),
    flowControl: z.object({ minIntervalMs: z.number().int().min(0).max(600_000), retryAfterSeconds: z.number().int().min(0).max(3600) }).strict().nullable().optional(),
  })
  .strict();
