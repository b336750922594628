import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "@/test/test-database";
import { startTestServer, type TestServer } from "@/test/test-server";
import { createSignedInUser, type SignedInUser } from "@/test/test-users";
import { meClient } from "@/test/me-test-client";

let server: TestServer;
let user: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await createSignedInUser(server);
});
afterAll(async () => {
  await server?.close();
});

const line = (y: number) => ({ x: 0.1, y, width: 0.6, height: 0.015 });

describe(`/api/me/highlights (${testDatabaseKind})`, () => {
  it("saves, lists per paper, recolours and removes highlights", async () => {
    const api = meClient(server, user);
    const id = crypto.randomUUID();
    const saved = await api.put(`/highlights/${id}`, { paperId: "2401.12345", pageNumber: 3, rects: [line(0.2), line(0.22)], color: "#98FB98", text: "some words" });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.highlight).toMatchObject({
      id,
      paperId: "2401.12345",
      pageNumber: 3,
      color: "#98FB98",
      text: "some words",
      coordinates: { x: 0.1, y: 0.2, width: 0.6 },
    });
    expect(saved.body.highlight.coordinates.height).toBeCloseTo(0.035);
    await api.put(`/highlights/${crypto.randomUUID()}`, { paperId: "other", pageNumber: 1, rects: [line(0.5)], color: "#FFFF00" });

    const listed = await api.get("/highlights?paperId=2401.12345");
    expect(listed.body.highlights.map((h: { id: string }) => h.id)).toEqual([id]);

    const recoloured = await api.call("PATCH", `/highlights/${id}`, { color: "#FFB6C1" });
    expect(recoloured.body.highlight.color).toBe("#FFB6C1");

    expect((await api.del(`/highlights/${id}`)).status).toBe(204);
    expect((await api.get("/highlights?paperId=2401.12345")).body.highlights).toEqual([]);
  });

  it("treats a repeated save (a retry after being offline) as the same highlight", async () => {
    const api = meClient(server, user);
    const id = crypto.randomUUID();
    const body = { paperId: "2401.55555", pageNumber: 1, rects: [line(0.3)], color: "#FFFF00", text: "" };
    expect((await api.put(`/highlights/${id}`, body)).status).toBe(200);
    expect((await api.put(`/highlights/${id}`, body)).status).toBe(200);
    expect((await api.get("/highlights?paperId=2401.55555")).body.highlights).toHaveLength(1);
  });

  it.each([
    ["a colour outside the five", { color: "#000000" }],
    ["coordinates that are not fractions", { rects: [{ x: 1.5, y: 0, width: 0.1, height: 0.1 }] }],
    ["no rects", { rects: [] }],
    ["page 0", { pageNumber: 0 }],
  ])("refuses %s", async (_label, change) => {
    const api = meClient(server, user);
    const body = { paperId: "2401.12345", pageNumber: 1, rects: [line(0.1)], color: "#FFFF00", ...change };
    const answer = await api.put(`/highlights/${crypto.randomUUID()}`, body);
    expect(answer.status).toBe(400);
  });

  it("refuses an id that is not a UUID and a missing paperId", async () => {
    const api = meClient(server, user);
    expect((await api.put("/highlights/not-a-uuid", { paperId: "p", pageNumber: 1, rects: [line(0.1)], color: "#FFFF00" })).status).toBe(400);
    expect((await api.get("/highlights")).status).toBe(400);
  });
});
