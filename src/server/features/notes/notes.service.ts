import type { PaperNote } from "@/shared/paper-notes";
import { PAPER_ID_MAX_LENGTH } from "@/shared/user-data";
import { errors } from "@/server/errors";
import type { NoteRow, NotesRepository } from "./notes.repository";

function toNote(row: NoteRow): PaperNote {
  return { paperId: row.paperId, content: row.content, updatedAt: row.updatedAt.toISOString() };
}

function checkPaperId(paperId: string): void {
  if (paperId.length === 0 || paperId.length > PAPER_ID_MAX_LENGTH || paperId.includes("\0")) throw errors.validation(`paperId: a paper id has 1 to ${PAPER_ID_MAX_LENGTH} characters.`);
}

/** The signed-in user's paper notes; an empty note is no note (saving blank text deletes it). */
export function notesService(repository: NotesRepository) {
  return {
    async list(userId: string): Promise<PaperNote[]> {
      return (await repository.list(userId)).map(toNote);
    },
    async get(userId: string, paperId: string): Promise<PaperNote | null> {
      checkPaperId(paperId);
      const row = await repository.get(userId, paperId);
      return row ? toNote(row) : null;
    },
    async put(userId: string, paperId: string, content: string): Promise<PaperNote | null> {
      checkPaperId(paperId);
      if (content.trim() === "") {
        await repository.delete(userId, paperId);
        return null;
      }
      return toNote(await repository.upsert(userId, paperId, content));
    },
    async delete(userId: string, paperId: string): Promise<void> {
      checkPaperId(paperId);
      await repository.delete(userId, paperId);
    },
  };
}
export type NotesService = ReturnType<typeof notesService>;
