import { z } from "zod";
import { upstreamFetch } from "@/server/sources/http/upstream-agent";
import { queryParseMessages, type LlmMessage } from "@/shared/llm/llm-tasks";
import { modelParseSchema, normalizeModelParse, type ParsedQuery } from "@/shared/llm/parsed-query";
import { QUERY_TEST_CASES, agreementRatios } from "@/shared/llm/query-test-cases";
import { parseSearchQuery } from "@/shared/llm/query-parsing";
import { parseQueryWithRules } from "@/shared/llm/rule-based-parser";
import pg from "pg";
import { percentile, round, type Figure } from "./figures";
import { signUp, startProductionServer, startSandboxProcess } from "./sandbox-process";
// @ts-expect-error: the npm scripts' helpers are plain JavaScript, without types.
import { startPostgres } from "../scripts/postgres.mjs";

/**
 * The figures, in one run against the sandbox's OpenAI-compatible model:
 *
 * 1. Quire's overhead on a plain-language parse: the whole parse as the search page does it
 *    (prompt, POST /api/llm with the signed-in user's custom provider, the server's session and
 *    key lookup, the AI SDK's structured output, llm_usage, zod checks on both sides) minus the
 *    same prompt sent straight to the sandbox, pair by pair, p50; the same for an anonymous
 *    visitor (no session or stored key to read). The sandbox's own time (`openai-processing-ms`)
 *    is reported beside it. The built server runs in its own process, as `npm start` runs it
 *    (in the bench's process, the bench's own requests shared its thread and counted as
 *    Quire's), on PostgreSQL so the bench can confirm the account; the sandbox in its own.
 * 2. The rule-based parser: p50 per query over 1,000 generated queries, against splitting the
 *    same query into words.
 * 3. How often the rule-based parser agrees with the model on authors, years and categories:
 *    on the 50 labelled queries (the figure), and on the 1,000 generated ones.
 */

const OVERHEAD_PAIRS = 60;
const GENERATED_QUERIES = 1000;

/** A small seeded generator, so every run times the same queries. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const AUTHORS = ["Yann LeCun", "Yoshua Bengio", "Radu Timofte", "Ziwei Liu", "Dacheng Tao", "Maosong Sun", "Terence Tao", "Juan Maldacena", "Fei-Fei Li", "Rongrong Ji", "Yang Liu", "Hao Wang"];
const TOPICS = ["world models", "diffusion models", "graph neural networks", "image restoration", "retrieval augmented generation", "protein folding", "speech synthesis", "federated learning", "black hole entropy", "dark energy", "legged locomotion", "knowledge graphs", "vision transformers", "contrastive learning", "mixture of experts"];
const FIELDS = ["computer vision", "natural language processing", "machine learning", "robotics", "cryptography", "cosmology", "quantum computing", "information retrieval"];
const YEARS = ["since 2023", "after 2021", "before 2015", "in 2025", "between 2019 and 2022", "in the last 3 years", "2020-2024", ""];
const EXTRAS = ["with at least 100 citations", "open access", "highly cited", "from MIT", "published in NeurIPS", "", "", ""];

/** 1,000 plain-language queries from templates: authors, topics, fields, years and filters in different orders. */
export function generatedQueries(count = GENERATED_QUERIES, seed = 21): string[] {
  const random = seeded(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const templates: (() => string)[] = [
    () => `papers by ${pick(AUTHORS)} on ${pick(TOPICS)} ${pick(YEARS)} ${pick(EXTRAS)}`,
    () => `${pick(FIELDS)} papers on ${pick(TOPICS)} ${pick(YEARS)}`,
    () => `${pick(TOPICS)} ${pick(YEARS)} ${pick(EXTRAS)}`,
    () => `${pick(AUTHORS)}'s papers on ${pick(TOPICS)} ${pick(YEARS)}`,
    () => `${pick(EXTRAS)} ${pick(FIELDS)} research by ${pick(AUTHORS)} and ${pick(AUTHORS)} ${pick(YEARS)}`,
    () => `${pick(TOPICS)} and ${pick(TOPICS)} by ${pick(AUTHORS).toLowerCase()} ${pick(YEARS)}`,
  ];
  return Array.from({ length: count }, () => pick(templates)().replace(/\s+/g, " ").trim());
}

/** The body the AI SDK sends for a structured parse, sent straight to the sandbox. */
function directBody(messages: LlmMessage[]) {
  return JSON.stringify({
    model: "sandbox-parse",
    messages,
    temperature: 0,
    response_format: { type: "json_schema", json_schema: { name: "parsed_query", schema: z.toJSONSchema(modelParseSchema), strict: true } },
  });
}

async function askSandbox(url: string, messages: LlmMessage[]): Promise<{ ms: number; modelMs: number; answer: unknown }> {
  const started = performance.now();
  const response = await upstreamFetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: directBody(messages) });
  const body = (await response.json()) as { choices: { message: { content: string } }[] };
  const answer = JSON.parse(body.choices[0]!.message.content) as unknown;
  return { ms: performance.now() - started, modelMs: Number(response.headers.get("openai-processing-ms")), answer };
}

export async function llmSuite(): Promise<Figure[]> {
  const suite = "llm";
  const figures: Figure[] = [];
  const sandbox = await startSandboxProcess();
  const postgres = await startPostgres();
  const db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
  const server = await startProductionServer({ sandboxUrl: sandbox.url, env: { DATABASE_URL: postgres.url, LLM_ALLOW_PRIVATE_BASE_URLS: "true", LLM_TIMEOUT_MS: "20000", LLM_RATE_LIMIT_PER_MINUTE: "100000" } });
  const queries = generatedQueries();
  try {
    const session = await signUp(server, db, "llm-bench");
    const user = { headers: (extra: Record<string, string> = {}) => ({ "Content-Type": "application/json", Origin: session.origin, Cookie: session.cookie, ...extra }) };
    const added = await fetch(`${server.url}/api/llm/custom-providers`, {
      method: "POST",
      headers: user.headers(),
      body: JSON.stringify({ name: "Sandbox", baseUrl: `${sandbox.url}/llm/v1`, models: "sandbox-parse" }),
    });
    if (added.status !== 201) throw new Error(`could not add the sandbox provider: ${added.status} ${await added.text()}`);
    const directUrl = `${sandbox.url}/llm/v1/chat/completions`;

    // 1. Overhead of a parse through Quire over the model's own answer.
    const throughQuire = async (query: string): Promise<{ ms: number; parsed: ParsedQuery | null }> => {
      const started = performance.now();
      const outcome = await parseSearchQuery(query, {
        provider: { id: "Sandbox", name: "Sandbox" },
        model: "sandbox-parse",
        call: async (messages) => {
          const response = await fetch(`${server.url}/api/llm`, {
            method: "POST",
            headers: user.headers({ "x-provider": "Sandbox" }),
            body: JSON.stringify({ model: "sandbox-parse", messages, task: "query-parse", temperature: 0, component: "query-parser" }),
          });
          if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
          return ((await response.json()) as { object: unknown }).object;
        },
      });
      if (outcome.source !== "llm") throw new Error(`the parse fell back: ${outcome.parsed?.warnings.join("; ")}`);
      return { ms: performance.now() - started, parsed: outcome.parsed };
    };
    /** The same parse for an anonymous visitor: no session or stored key to look up, the base URL in the request. */
    const throughQuireAnonymously = async (query: string): Promise<number> => {
      const started = performance.now();
      const outcome = await parseSearchQuery(query, {
        provider: { id: "Local", name: "Local" },
        model: "sandbox-parse",
        call: async (messages) => {
          const response = await fetch(`${server.url}/api/llm`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Origin: server.url, "x-provider": "Local" },
            body: JSON.stringify({ model: "sandbox-parse", baseUrl: `${sandbox.url}/llm/v1`, messages, task: "query-parse", temperature: 0, component: "query-parser" }),
          });
          if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
          return ((await response.json()) as { object: unknown }).object;
        },
      });
      if (outcome.source !== "llm") throw new Error(`the anonymous parse fell back: ${outcome.parsed?.warnings.join("; ")}`);
      return performance.now() - started;
    };
    // Warm both paths: JIT, connection pools, the sandbox's author index.
    for (const query of queries.slice(0, 15)) {
      await askSandbox(directUrl, queryParseMessages(query));
      await throughQuire(query);
      await throughQuireAnonymously(query);
    }
    const overheads: number[] = [];
    const anonymousOverheads: number[] = [];
    const quireMs: number[] = [];
    const directMs: number[] = [];
    const modelMs: number[] = [];
    for (const query of queries.slice(100, 100 + OVERHEAD_PAIRS)) {
      const direct = await askSandbox(directUrl, queryParseMessages(query));
      const quire = await throughQuire(query);
      overheads.push(quire.ms - direct.ms);
      anonymousOverheads.push((await throughQuireAnonymously(query)) - direct.ms);
      quireMs.push(quire.ms);
      directMs.push(direct.ms);
      modelMs.push(direct.modelMs);
    }
    const overhead = percentile(overheads, 50);
    figures.push({
      suite,
      name: `plain-language parse: Quire's overhead over the model's answer, p50 of ${OVERHEAD_PAIRS} pairs`,
      value: round(overhead, 2),
      unit: "ms",
      baseline: "the same prompt straight to the sandbox model, p50",
      baselineValue: round(percentile(directMs, 50), 2),
      ratio: round(percentile(quireMs, 50) / percentile(directMs, 50), 2),
      goal: "< 5 ms",
      met: overhead < 5,
    });
    figures.push({
      suite,
      name: "the same overhead for an anonymous visitor through /api/llm (no session or stored key to read), p50",
      value: round(percentile(anonymousOverheads, 50), 2),
      unit: "ms",
      goal: "< 5 ms",
      met: percentile(anonymousOverheads, 50) < 5,
    });
    figures.push({ suite, name: "the sandbox model's own time (openai-processing-ms), p50", value: round(percentile(modelMs, 50), 2), unit: "ms" });
    figures.push({ suite, name: "the whole parse through Quire, p50", value: round(percentile(quireMs, 50), 2), unit: "ms" });

    // 2. The rule-based parser over 1,000 queries, one at a time.
    for (const query of queries) parseQueryWithRules(query);
    const parserUs: number[] = [];
    const baselineUs: number[] = [];
    let sink = 0;
    for (const query of queries) {
      let started = process.hrtime.bigint();
      sink += query.toLowerCase().split(/\s+/).length;
      baselineUs.push(Number(process.hrtime.bigint() - started) / 1000);
      started = process.hrtime.bigint();
      sink += parseQueryWithRules(query).topics.length;
      parserUs.push(Number(process.hrtime.bigint() - started) / 1000);
    }
    if (sink < 0) console.log(sink);
    const parserP50Ms = percentile(parserUs, 50) / 1000;
    figures.push({
      suite,
      name: `rule-based parser, p50 per query over ${queries.length} queries`,
      value: round(parserP50Ms, 4),
      unit: "ms",
      baseline: "splitting the same query into words, p50",
      baselineValue: round(percentile(baselineUs, 50) / 1000, 4),
      ratio: round(percentile(parserUs, 50) / percentile(baselineUs, 50), 1),
      goal: "< 1 ms",
      met: parserP50Ms < 1,
    });
    figures.push({ suite, name: `rule-based parser, p99 per query over ${queries.length} queries`, value: round(percentile(parserUs, 99) / 1000, 4), unit: "ms" });

    // 3. Agreement with the model, and with the labels.
    const modelParse = async (query: string) => normalizeModelParse(modelParseSchema.parse((await askSandbox(directUrl, queryParseMessages(query))).answer), query);
    const labelled: [ParsedQuery, ParsedQuery][] = [];
    const rulesAgainstLabels: [ParsedQuery, Pick<ParsedQuery, "authors" | "yearRange" | "arxivCategories">][] = [];
    const modelAgainstLabels: [ParsedQuery, Pick<ParsedQuery, "authors" | "yearRange" | "arxivCategories">][] = [];
    for (const testCase of QUERY_TEST_CASES) {
      const rules = parseQueryWithRules(testCase.query);
      const model = await modelParse(testCase.query);
      labelled.push([rules, model]);
      rulesAgainstLabels.push([rules, testCase.expected]);
      modelAgainstLabels.push([model, testCase.expected]);
    }
    const agreement = agreementRatios(labelled);
    for (const part of ["authors", "years", "categories"] as const) {
      figures.push({
        suite,
        name: `rule-based parser agrees with the model on ${part}, ${QUERY_TEST_CASES.length} labelled queries`,
        value: round(agreement[part], 2),
        unit: "ratio",
        baseline: "the labels: rule-based / model",
        goal: "≥ 0.8",
        met: agreement[part] >= 0.8,
      });
    }
    const rulesLabels = agreementRatios(rulesAgainstLabels);
    const modelLabels = agreementRatios(modelAgainstLabels);
    figures.push({
      suite,
      name: "agreement with the labels (authors/years/categories): rule-based parser | sandbox model",
      value: round((rulesLabels.authors + rulesLabels.years + rulesLabels.categories) / 3, 2),
      unit: "ratio",
      baseline: `rules ${round(rulesLabels.authors, 2)}/${round(rulesLabels.years, 2)}/${round(rulesLabels.categories, 2)}, model ${round(modelLabels.authors, 2)}/${round(modelLabels.years, 2)}/${round(modelLabels.categories, 2)}`,
    });
    const generated: [ParsedQuery, ParsedQuery][] = [];
    for (const query of queries) generated.push([parseQueryWithRules(query), await modelParse(query)]);
    const wide = agreementRatios(generated);
    figures.push({
      suite,
      name: `rule-based parser agrees with the model on ${queries.length} generated queries (authors/years/categories, mean)`,
      value: round((wide.authors + wide.years + wide.categories) / 3, 2),
      unit: "ratio",
      baseline: `authors ${round(wide.authors, 2)}, years ${round(wide.years, 2)}, categories ${round(wide.categories, 2)}`,
    });
  } finally {
    await server.close();
    await db.end().catch(() => undefined);
    postgres.stop();
    await sandbox.close();
  }
  return figures;
}
