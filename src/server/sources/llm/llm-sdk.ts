/**
 * Everything a model call needs from the AI SDK and its provider packages, in one module that
 * llm-source.ts loads on the first call: these packages are a large share of the server's code,
 * and most starts serve no model call for a long while, if ever.
 */
export { APICallError, NoObjectGeneratedError } from "ai";
export { EmptyAnswerError, errorChain, InvalidAnswerError, refusesSchema, structuredCall, textCall } from "@/shared/llm/structured-call";
export { createLanguageModel } from "./llm-models";
