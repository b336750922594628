import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { answerCoding } from "./content-coding";

const app = new Hono().get("/", (c) => c.text(answerCoding(c) ?? "none"));
const codingFor = async (acceptEncoding?: string) =>
  (await app.request("/", acceptEncoding === undefined ? {} : { headers: { "Accept-Encoding": acceptEncoding } })).text();

describe("answerCoding", () => {
  it("prefers Brotli on a tie, as browsers list gzip first", async () => {
    expect(await codingFor("gzip, deflate, br, zstd")).toBe("br");
    expect(await codingFor("*")).toBe("br");
  });

  it("takes the better-rated coding and never one rated zero", async () => {
    expect(await codingFor("br;q=0.5, gzip")).toBe("gzip");
    expect(await codingFor("br;q=0, gzip")).toBe("gzip");
    expect(await codingFor("br;q=0, *")).toBe("gzip");
    expect(await codingFor("gzip, deflate")).toBe("gzip");
  });

  it("is none for a client that takes neither", async () => {
    for (const acceptEncoding of [undefined, "", "identity", "zstd", "gzip;q=0, deflate", "*;q=0"]) expect(await codingFor(acceptEncoding), acceptEncoding).toBe("none");
  });
});
