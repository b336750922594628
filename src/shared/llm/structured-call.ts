/**
 * One structured model call through the AI SDK, the same on the server (/api/llm) and in the
 * browser (an anonymous visitor's direct call): the task's JSON schema as structured output,
 * the answer checked with zod, and JSON taken out of prose or a code fence when a model wraps
 * it. The model passed in carries its own fetch; nothing here reaches the network by itself.
 */
import { APICallError, generateText, NoObjectGeneratedError, Output, RetryError, zodSchema, type LanguageModel, type LanguageModelUsage, type Schema } from "ai";
import { extractJsonObject, LLM_TASKS, type LlmMessage, type LlmTaskName } from "./llm-tasks";

/**
 * Each task's schema as the SDK takes it, made once: the SDK turns a zod schema into JSON
 * Schema on every call otherwise (about a millisecond and a half each).
 */
const TASK_SCHEMAS: Record<LlmTaskName, Schema<unknown>> = {
  "query-parse": zodSchema(LLM_TASKS["query-parse"].schema) as Schema<unknown>,
  "arxiv-id-correction": zodSchema(LLM_TASKS["arxiv-id-correction"].schema) as Schema<unknown>,
  "bibliography-merge": zodSchema(LLM_TASKS["bibliography-merge"].schema) as Schema<unknown>,
};
for (const schema of Object.values(TASK_SCHEMAS)) void schema.jsonSchema;

export type CallUsage = { promptTokens: number | null; completionTokens: number | null };

export function usageOf(usage: LanguageModelUsage | undefined): CallUsage {
  return { promptTokens: usage?.inputTokens ?? null, completionTokens: usage?.outputTokens ?? null };
}

/** The answer was not the task's JSON: prose, or JSON that does not fit. */
export class InvalidAnswerError extends Error {
  constructor(
    message: string,
    readonly usage: CallUsage,
  ) {
    super(message);
    this.name = "InvalidAnswerError";
  }
}

/** The model answered nothing. */
export class EmptyAnswerError extends Error {
  constructor(readonly usage: CallUsage) {
    super("No response text received from the model");
    this.name = "EmptyAnswerError";
  }
}

/** An error and what caused it, retries unwrapped. */
export function errorChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth += 1) {
    chain.push(current);
    current = RetryError.isInstance(current) ? current.lastError : (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** Whether a refusal is about the JSON schema, so the call is worth making again in JSON mode. */
export function refusesSchema(error: unknown): boolean {
  return errorChain(error).some(
    (cause) =>
      APICallError.isInstance(cause) &&
      (cause.statusCode === 400 || cause.statusCode === 422) &&
      /response_format|json_schema|structured output|schema/i.test(`${cause.message} ${cause.responseBody ?? ""}`),
  );
}

export type CallSettings = {
  model: LanguageModel;
  messages: LlmMessage[];
  maxOutputTokens?: number;
  temperature?: number;
  abortSignal?: AbortSignal;
  maxRetries?: number;
};

/** The SDK takes the system prompt as `instructions`, apart from the conversation. */
function promptOf(messages: readonly LlmMessage[]) {
  const instructions = messages.filter((message) => message.role === "system").map((message) => message.content).join("\n\n");
  return {
    instructions: instructions || undefined,
    messages: messages.filter((message) => message.role !== "system").map((message) => ({ role: message.role as "user" | "assistant", content: message.content })),
  };
}

/** A plain-text call; throws EmptyAnswerError for an empty answer. */
export async function textCall(settings: CallSettings): Promise<{ text: string; usage: CallUsage }> {
  const result = await generateText({ ...settings, ...promptOf(settings.messages), maxRetries: settings.maxRetries ?? 1 });
  if (!result.text.trim()) throw new EmptyAnswerError(usageOf(result.usage));
  return { text: result.text, usage: usageOf(result.usage) };
}

/**
 * A structured call: `schema` mode sends the task's JSON schema (structured output), `json-mode`
 * only asks for JSON (for servers that refuse schemas). Either way the answer is checked
 * against the task's zod schema; throws InvalidAnswerError or EmptyAnswerError when it fails.
 */
export async function structuredCall(settings: CallSettings & { task: LlmTaskName; mode: "schema" | "json-mode" }): Promise<{ object: unknown; text: string; usage: CallUsage }> {
  const task = LLM_TASKS[settings.task];
  const output = settings.mode === "schema" ? Output.object({ schema: TASK_SCHEMAS[settings.task], name: task.name, description: task.description }) : Output.json({ name: task.name });
  try {
    const { model, maxOutputTokens, temperature, abortSignal } = settings;
    const result = await generateText({ model, maxOutputTokens, temperature, abortSignal, maxRetries: settings.maxRetries ?? 1, ...promptOf(settings.messages), output });
    const object = settings.mode === "schema" ? result.output : task.schema.parse(result.output);
    return { object, text: result.text, usage: usageOf(result.usage) };
  } catch (error) {
    const generated = errorChain(error).find((cause): cause is NoObjectGeneratedError => NoObjectGeneratedError.isInstance(cause));
    if (!generated) {
      if (error instanceof Error && error.name === "ZodError") throw new InvalidAnswerError("Invalid response format: the model's JSON does not fit the expected fields", usageOf(undefined));
      throw error;
    }
    const usage = usageOf(generated.usage);
    if (!generated.text?.trim()) throw new EmptyAnswerError(usage);
    // A model that wrapped its JSON in prose or a code fence still answered: take the JSON out.
    let json: unknown;
    try {
      json = extractJsonObject(generated.text);
    } catch {
      throw new InvalidAnswerError("Invalid response format: the model answered with text, not JSON", usage);
    }
    const checked = task.schema.safeParse(json);
    if (!checked.success) {
      const fields = [...new Set(checked.error.issues.map((issue) => issue.path.join(".") || "(answer)"))].slice(0, 4).join(", ");
      throw new InvalidAnswerError(`Invalid response format: the model's JSON does not fit the expected fields (${fields})`, usage);
    }
    return { object: checked.data, text: generated.text, usage };
  }
}

/** A structured call, asked again in JSON mode when the server refuses JSON schemas. */
export async function structuredCallWithFallback(settings: CallSettings & { task: LlmTaskName }, makeModel: (mode: "schema" | "json-mode") => LanguageModel, onFallback?: () => void) {
  try {
    return { ...(await structuredCall({ ...settings, model: makeModel("schema"), mode: "schema" })), mode: "schema" as const };
  } catch (error) {
    if (!refusesSchema(error)) throw error;
    onFallback?.();
    return { ...(await structuredCall({ ...settings, model: makeModel("json-mode"), mode: "json-mode" })), mode: "json-mode" as const };
  }
}
