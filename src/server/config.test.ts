import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.SANDBOX_PORT).toBe(4010);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ARXIV_API_URL).toBe("https://export.arxiv.org/api/query");
    expect(config.ARXIV_PDF_URL).toBe("https://arxiv.org/pdf");
    expect(config.OPENALEX_API_URL).toBe("https://api.openalex.org");
    expect(config.CROSSREF_API_URL).toBe("https://api.crossref.org");
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.S3_ENDPOINT).toBeUndefined();
    expect(config.PDF_CACHE_USER_LIMIT_BYTES).toBe(500 * 1024 * 1024);
    // Unset: two searches of the index at once per core (arxiv-search.service.ts).
    expect(config.INDEX_SEARCH_CONCURRENCY).toBeUndefined();
    expect(loadConfig({ INDEX_SEARCH_CONCURRENCY: "" }).INDEX_SEARCH_CONCURRENCY).toBeUndefined();
    expect(loadConfig({ INDEX_SEARCH_CONCURRENCY: "6" }).INDEX_SEARCH_CONCURRENCY).toBe(6);
  });

  it("wants the S3 keys as a pair, and names the missing one", () => {
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: "id" })).toThrow(/S3_SECRET_ACCESS_KEY="": must be set together/);
    expect(() => loadConfig({ S3_SECRET_ACCESS_KEY: "secret" })).toThrow(/S3_ACCESS_KEY_ID="": must be set together/);
    expect(loadConfig({ S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret", S3_FORCE_PATH_STYLE: "true" }).S3_FORCE_PATH_STYLE).toBe(true);
  });

  it("treats empty values as unset and trims trailing slashes from URLs", () => {
    const config = loadConfig({ DATABASE_URL: "", CONTACT_EMAIL: "", ARXIV_PDF_URL: "http://127.0.0.1:4010/arxiv/pdf/" });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.CONTACT_EMAIL).toBeUndefined();
    expect(config.ARXIV_PDF_URL).toBe("http://127.0.0.1:4010/arxiv/pdf");
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x"],
    ["CONTACT_EMAIL", "not-an-email"],
    ["ARXIV_API_URL", "ftp://example.org"],
    ["LOG_LEVEL", "loud"],
    ["AUTH_SECRET", "short"],
    ["S3_ENDPOINT", "s3.example.org"],
    ["S3_BUCKET", "Not_A_Bucket"],
    ["PDF_CACHE_USER_LIMIT_BYTES", "-5"],
    ["ARXIV_HARVEST", "everything"],
    ["ARXIV_HARVEST", "cs,biology"],
    ["ARXIV_HARVEST", "all,cs"],
    ["ARXIV_OAI_URL", "oaipmh.arxiv.org"],
    ["INDEX_SEARCH_CONCURRENCY", "0"],
    ["INDEX_SEARCH_CONCURRENCY", "two"],
    ["INDEX_SEARCH_CONCURRENCY", "1.5"],
  ])("names %s when its value %j is bad", (name, value) => {
    try {
      loadConfig({ [name]: value });
      expect.unreachable("loadConfig accepted a bad value");
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toContain(`${name}=${JSON.stringify(value)}`);
    }
  });

  it("reads the arXiv harvest's scope: the default follows the database", () => {
    expect(loadConfig({}).arxivHarvest).toEqual({ mode: "followed" });
    expect(loadConfig({ DATABASE_URL: "postgres://db/quire" }).arxivHarvest).toEqual({ mode: "all" });
    expect(loadConfig({ ARXIV_HARVEST: "off", DATABASE_URL: "postgres://db/quire" }).arxivHarvest).toEqual({ mode: "off" });
    expect(loadConfig({ ARXIV_HARVEST: " cs, math ,physics:hep-th,cs " }).arxivHarvest).toEqual({ mode: "sets", sets: ["cs", "math", "physics:hep-th"] });
    expect(loadConfig({}).ARXIV_OAI_URL).toBe("https://oaipmh.arxiv.org/oai");
  });

  it("wants DATABASE_URL beside a read replica", () => {
    expect(() => loadConfig({ DATABASE_READ_URL: "postgres://replica/quire" })).toThrow(/DATABASE_READ_URL=.*needs DATABASE_URL/);
    expect(loadConfig({ DATABASE_URL: "postgres://db/quire", DATABASE_READ_URL: "postgres://replica/quire" }).DATABASE_READ_URL).toBe("postgres://replica/quire");
  });

  it("reports every bad variable at once", () => {
    expect(() => loadConfig({ PORT: "x", SANDBOX_PORT: "y" })).toThrow(/PORT="x"[\s\S]*SANDBOX_PORT="y"/);
  });
});
