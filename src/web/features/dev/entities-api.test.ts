// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { mswServer } from "@/test/unit-setup";
import { callEntities } from "./entities-api";

const url = () => new URL("/api/entities", window.location.origin).toString();

describe("callEntities", () => {
  it("shows the server's error text", async () => {
    mswServer.use(http.post(url(), () => HttpResponse.json({ error: { code: "not_found", message: "Paper not found." } }, { status: 404 })));
    await expect(callEntities({ action: "ensure", paper: { id: "0704.99999" } })).rejects.toThrow("Paper not found.");
  });

  it("says 'API error: {status}' when the answer carries no error text", async () => {
    mswServer.use(http.post(url(), () => new HttpResponse("<html>Bad gateway</html>", { status: 502, headers: { "content-type": "text/html" } })));
    await expect(callEntities({ action: "enrich", entityId: "x" })).rejects.toThrow("API error: 502");
  });

  it("hands back the entity", async () => {
    mswServer.use(http.post(url(), () => HttpResponse.json({ success: true, entity: { id: "e1" }, error: null })));
    await expect(callEntities({ action: "enrich", entityId: "e1" })).resolves.toMatchObject({ success: true, entity: { id: "e1" } });
  });
});
