import { beforeEach, describe, expect, it } from "vitest";
import { userPaperNotes } from "@/server/db/schema";
import { NOTE_MAX_LENGTH } from "@/shared/paper-notes";
import { testDatabaseKind } from "@/test/test-database";
import type { TestServer } from "@/test/test-server";
import { type MeClient, useSignedInServer } from "@/test/me-test-client";

let server: TestServer;
let me: MeClient;

useSignedInServer((context) => ({ server, me } = context));
beforeEach(async () => {
  await server.database.db.delete(userPaperNotes);
});

const path = (paperId: string) => `/notes/${encodeURIComponent(paperId)}`;

describe(`/api/me/notes (${testDatabaseKind})`, () => {
  it("saves, replaces, reads and lists a note per paper", async () => {
    // No note yet: an answer, not an error.
    const none = await me.get(path("2401.00001"));
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ note: null });
    const first = await me.put(path("2401.00001"), { content: "# Idea\n\nfirst" });
    expect(first.status).toBe(200);
    expect(first.body.note).toMatchObject({ paperId: "2401.00001", content: "# Idea\n\nfirst" });
    await me.put(path("2401.00001"), { content: "second" });
    await me.put(path("10.1000/x/y"), { content: "a DOI's note" });
    expect((await me.get(path("2401.00001"))).body.note.content).toBe("second");
    expect((await me.get(path("10.1000/x/y"))).body.note.content).toBe("a DOI's note");
    const list = await me.get("/notes");
    expect(list.body.notes.map((note: { paperId: string }) => note.paperId).sort()).toEqual(["10.1000/x/y", "2401.00001"]);
  });

  it("blank content and DELETE remove the note", async () => {
    await me.put(path("2401.00001"), { content: "x" });
    const blank = await me.put(path("2401.00001"), { content: "   " });
    expect(blank.status).toBe(200);
    expect(blank.body.note).toBeNull();
    expect((await me.get(path("2401.00001"))).body).toEqual({ note: null });
    await me.put(path("2401.00002"), { content: "y" });
    expect((await me.del(path("2401.00002"))).status).toBe(204);
    expect((await me.get(path("2401.00002"))).body).toEqual({ note: null });
  });

  it("refuses bad input and stores nothing", async () => {
    for (const body of [{}, { content: 3 }, { content: "x".repeat(NOTE_MAX_LENGTH + 1) }]) {
      const answer = await me.put(path("2401.00001"), body);
      expect(answer.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(answer.body.error.code).toBe("validation_failed");
    }
    expect((await me.put(path("x".repeat(400)), { content: "x" })).status).toBe(400);
    expect(await server.database.db.select().from(userPaperNotes)).toHaveLength(0);
  });
});
