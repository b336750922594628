/** The OpenAI-compatible chat endpoint over HTTP: answers to Quire's prompts, OpenAI's errors, faults, CORS. */
import { describe, expect, it } from "vitest";
import { idCorrectionMessages, mergeMessages, queryParseMessages } from "../../src/shared/llm/llm-tasks";
import { useSandbox } from "../test-support/use-sandbox";

const sandbox = useSandbox();

type Completion = {
  object: string;
  model: string;
  choices: { message: { role: string; content: string }; finish_reason: string }[];
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
};

async function chat(body: Record<string, unknown>, options: { key?: string; path?: string } = {}) {
  return sandbox.get(options.path ?? "/llm/v1/chat/completions", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(options.key ? { Authorization: `Bearer ${options.key}` } : {}) },
    body: JSON.stringify(body),
  });
}

describe("POST /llm/v1/chat/completions", () => {
  it("parses a plain-language query into the JSON Quire asks for, with usage counts", async () => {
    const response = await chat({
      model: "sandbox-parse",
      messages: queryParseMessages("papers by Yann LeCun on self-supervised learning since 2024 with at least 10 citations, open access"),
      response_format: { type: "json_schema", json_schema: { name: "parsed_query", schema: { type: "object" }, strict: true } },
      temperature: 0,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("openai-processing-ms")).toMatch(/^\d+$/);
    const body = (await response.json()) as Completion;
    expect(body).toMatchObject({ object: "chat.completion", model: "sandbox-parse", choices: [{ finish_reason: "stop", message: { role: "assistant" } }] });
    expect(JSON.parse(body.choices[0]!.message.content)).toMatchObject({
      authors: ["Yann LeCun"],
      topics: ["self-supervised learning"],
      yearRange: { start: 2024, end: null },
      minCitations: 10,
      openAccess: true,
    });
    expect(body.usage.prompt_tokens).toBeGreaterThan(100);
    expect(body.usage.total_tokens).toBe(body.usage.prompt_tokens + body.usage.completion_tokens);
  });

  it("works without a key (a local model server) and under a base URL of a test's own", async () => {
    const response = await chat({ model: "x", messages: [{ role: "user", content: "Reply with the single word OK." }] }, { path: "/llm/test-7/v1/chat/completions" });
    expect(((await response.json()) as Completion).choices[0]!.message.content).toBe("OK");
  });

  it("corrects an arXiv id from the title of a corpus paper, and says null when it cannot", async () => {
    const known = await chat({ model: "m", messages: idCorrectionMessages({ invalidId: "1911.0278", title: "S2ORC: The Semantic Scholar Open Research Corpus" }) });
    expect(JSON.parse(((await known.json()) as Completion).choices[0]!.message.content)).toEqual({ corrected_arxiv_id: "1911.02782" });
    const unknown = await chat({ model: "m", messages: idCorrectionMessages({ invalidId: "x", title: "A paper nobody wrote" }) });
    expect(JSON.parse(((await unknown.json()) as Completion).choices[0]!.message.content)).toEqual({ corrected_arxiv_id: null });
  });

  it("merges an entry with the matching candidate and scores every candidate", async () => {
    const original = { title: "Capsule routing", authors: ["Sara Sabour"], year: 2017, doi: null, journal: null, volume: null, pages: null, publisher: null, url: null };
    const candidates = [
      { ...original, title: "Something else entirely", authors: ["Ada Lovelace"] },
      { ...original, doi: "10.5555/1", journal: "NeurIPS", volume: "30" },
    ];
    const response = await chat({ model: "m", messages: mergeMessages(original, candidates) });
    const merge = JSON.parse(((await response.json()) as Completion).choices[0]!.message.content);
    expect(merge).toMatchObject({ selectedIndex: 1, hasChanges: true, mergedEntry: { doi: "10.5555/1", journal: "NeurIPS", volume: "30", title: "Capsule routing" } });
    expect(merge.candidateScores).toHaveLength(2);
  });

  it("cuts the answer at max_tokens", async () => {
    const response = await chat({ model: "m", max_tokens: 5, messages: [{ role: "user", content: "Tell me a long story about arXiv." }] });
    const body = (await response.json()) as Completion;
    expect(body.choices[0]!.finish_reason).toBe("length");
    expect(body.usage.completion_tokens).toBeLessThanOrEqual(5);
  });

  it("answers OpenAI's errors: a refused key, a JSON-mode-only model, streaming, a missing model", async () => {
    const refused = await chat({ model: "m", messages: [{ role: "user", content: "hi" }] }, { key: "sk-invalid-key" });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: "invalid_api_key", message: expect.stringContaining("Incorrect API key provided") } });
    const jsonMode = await chat({ model: "sandbox-json-mode", messages: [{ role: "user", content: "hi" }], response_format: { type: "json_schema", json_schema: { name: "x", schema: {} } } });
    expect(jsonMode.status).toBe(400);
    const jsonObject = await chat({ model: "sandbox-json-mode", messages: [{ role: "user", content: "hi" }], response_format: { type: "json_object" } });
    expect(jsonObject.status).toBe(200);
    expect((await chat({ model: "m", stream: true, messages: [{ role: "user", content: "hi" }] })).status).toBe(400);
    expect((await chat({ messages: [{ role: "user", content: "hi" }] })).status).toBe(400);
  });

  it("answers prose or schema-breaking JSON when a fault asks for it, then normally again", async () => {
    await sandbox.control("POST", "/__control/faults", [
      { route: "llm-chat", reply: "prose", times: 1 },
      { route: "llm-chat", reply: "schema-break", times: 1 },
    ]);
    const messages = queryParseMessages("papers by Hinton");
    const prose = ((await (await chat({ model: "m", messages })).json()) as Completion).choices[0]!.message.content;
    expect(() => JSON.parse(prose)).toThrow();
    const broken = JSON.parse(((await (await chat({ model: "m", messages })).json()) as Completion).choices[0]!.message.content);
    expect(typeof broken.authors).toBe("string");
    const normal = JSON.parse(((await (await chat({ model: "m", messages })).json()) as Completion).choices[0]!.message.content);
    expect(normal.authors).toEqual(["Hinton"]);
  });

  it("answers CORS preflights outside the route, so faults meet the real request", async () => {
    await sandbox.control("POST", "/__control/faults", { route: "llm-chat", status: 500, times: 1 });
    const preflight = await sandbox.get("/llm/v1/chat/completions", { method: "OPTIONS", headers: { Origin: "http://localhost:3000", "Access-Control-Request-Method": "POST" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect((await chat({ model: "m", messages: [{ role: "user", content: "hi" }] })).status).toBe(500);
  });

  it("lists its models", async () => {
    const response = await sandbox.get("/llm/v1/models");
    expect(((await response.json()) as { data: { id: string }[] }).data.map((model) => model.id)).toContain("sandbox-parse");
  });
});

describe("OpenAlex raw_affiliation_strings.search (what Quire sends for an institution)", () => {
  it("finds corpus works by their authors' affiliations", async () => {
    const response = await sandbox.get("/openalex/works?filter=raw_affiliation_strings.search:Johns%20Hopkins%20University&per_page=5");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { meta: { count: number }; results: { authorships: { raw_affiliation_strings: string[] }[] }[] };
    expect(body.meta.count).toBeGreaterThan(0);
    for (const work of body.results) expect(work.authorships.flatMap((authorship) => authorship.raw_affiliation_strings).join(" ")).toMatch(/Johns Hopkins/);
  });
});
