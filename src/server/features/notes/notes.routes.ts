import { Hono } from "hono";
import type { SignedInEnv } from "@/server/auth/session";
import { readJson, readParam } from "@/server/http/validation";
import { paperIdSchema } from "@/shared/paper";
import { z } from "zod";
import { NOTE_MAX_LENGTH } from "@/shared/paper-notes";
import type { NotesService } from "./notes.service";

const putNoteSchema = z.object({
  content: z.string().max(NOTE_MAX_LENGTH, `content: a note has at most ${NOTE_MAX_LENGTH} characters.`),
});

/** /api/me/notes and /api/me/notes/:paperId (a DOI's slash travels as %2F). */
export function notesRoutes(service: NotesService) {
  return new Hono<SignedInEnv>()
    .get("/", async (c) => c.json({ notes: await service.list(c.var.user.id) }))
    // A paper without a note is 200 with `note: null` (as a blank PUT answers): every reader
    // page asks, and a 404 would be a failed request in the browser console.
    .get("/:paperId", async (c) => c.json({ note: await service.get(c.var.user.id, readParam(c, "paperId", paperIdSchema)) }))
    .put("/:paperId", async (c) => {
      const body = await readJson(c, putNoteSchema);
      return c.json({ note: await service.put(c.var.user.id, readParam(c, "paperId", paperIdSchema), body.content) });
    })
    .delete("/:paperId", async (c) => {
      await service.delete(c.var.user.id, readParam(c, "paperId", paperIdSchema));
      return c.body(null, 204);
    });
}
