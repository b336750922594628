import type { Context } from "hono";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { Auth } from "@/server/auth/auth";
import type { Database } from "@/server/db/client";
import { AppError, errors } from "@/server/errors";
import { clientKey, createRateLimiter, type RateLimiter } from "@/server/http/client-rate-limit";
import type { AppEnv } from "@/server/http/context";
import { readJson } from "@/server/http/validation";
import { LLM_COMPONENTS, LLM_MESSAGES, MODEL_ID_MAX_LENGTH, CUSTOM_PROVIDER_MODELS_MAX } from "@/shared/llm/llm-constants";
import { LLM_TASK_NAMES } from "@/shared/llm/llm-tasks";
import { parseModelList } from "@/shared/llm/providers";
import { paperSchema } from "@/shared/paper";
import type { LlmKeysService } from "./llm-keys.service";
import type { LlmService } from "./llm.service";

type LlmEnv = { Variables: AppEnv["Variables"] & { userId: string | null } };

const MESSAGE_MAX_CHARS = 20_000;
const MESSAGES_MAX = 50;

const providerId = z.string().trim().min(1, LLM_MESSAGES.providerNotFoundShort).max(100);
const modelId = z.string().trim().min(1).max(MODEL_ID_MAX_LENGTH);
const credentialFields = {
  apiKey: z.string().max(1000).optional(),
  baseUrl: z.string().trim().max(2000).optional(),
};

const completionSchema = z
  .object({
    model: modelId,
    messages: z
      .array(z.object({ role: z.enum(["system", "user", "assistant"]), content: z.string().max(MESSAGE_MAX_CHARS, `A message is at most ${MESSAGE_MAX_CHARS} characters.`) }).strict())
      .min(1, "At least one message is needed.")
      .max(MESSAGES_MAX),
    task: z.enum(LLM_TASK_NAMES).optional(),
    maxOutputTokens: z.number().int().min(1).max(8192).optional(),
    temperature: z.number().min(0).max(2).optional(),
    component: z.enum(LLM_COMPONENTS).default("llm-test"),
    ...credentialFields,
  })
  .strict();

/** "a, b" or ["a", "b"]; none gives the single model named `default`. */
const modelsField = z
  .union([z.string().max(5000), z.array(z.string().max(MODEL_ID_MAX_LENGTH))])
  .optional()
  .transform((value) => parseModelList(Array.isArray(value) ? value.join(",") : (value ?? "")))
  .pipe(z.array(z.string().max(MODEL_ID_MAX_LENGTH)).max(CUSTOM_PROVIDER_MODELS_MAX, `At most ${CUSTOM_PROVIDER_MODELS_MAX} models.`));

const customProviderSchema = z.object({ name: z.string().max(100).default(""), baseUrl: z.string().max(2000).default(""), models: modelsField, apiKey: z.string().max(1000).optional() }).strict();
const customProviderEditSchema = z.object({ baseUrl: z.string().max(2000).default(""), models: modelsField, apiKey: z.string().max(1000).optional() }).strict();
const keySchema = z.object({ apiKey: z.string().max(1000).optional() }).strict();
const testSchema = z.object({ provider: z.string().trim().max(100).default(""), model: z.string().trim().max(MODEL_ID_MAX_LENGTH).default(""), ...credentialFields }).strict();
const idCorrectionSchema = z
  .object({
    invalidId: z.string().trim().min(1).max(200),
    title: z.string().trim().min(1, "A title is needed to correct an arXiv ID.").max(1000),
    authors: z.array(z.string().max(300)).max(200).optional(),
    abstract: z.string().max(20_000).optional(),
    provider: providerId.optional(),
    model: modelId.optional(),
    ...credentialFields,
  })
  .strict();
const enhanceSchema = z.object({ paper: paperSchema, provider: providerId.optional(), model: modelId.optional(), ...credentialFields }).strict();

/** Anonymous model calls per client address and minute (LLM_RATE_LIMIT_PER_MINUTE), counted across instances. */
export function llmAnonymousRateLimit(db: Database, perMinute: number): RateLimiter {
  return createRateLimiter(db, { name: "llm-anonymous", limit: perMinute, windowMs: 60_000 });
}

function credentialsOf(body: { apiKey?: string; baseUrl?: string }) {
  return { apiKey: body.apiKey, baseUrl: body.baseUrl };
}

/**
 * /api/llm (the list is in
 * src/shared/llm/llm-api.ts). Open to anonymous visitors, whose keys travel with each request
 * and are never stored; keys and custom providers are stored only for signed-in users, for
 * their own account. Cookie writes must come from Quire's own pages. An anonymous visitor's
 * calls that reach a model (the proxy, the provider test, id correction, enhancement) are
 * limited per client address, as sign-up is: each makes Quire call a server the visitor names.
 */
export function llmRoutes(deps: {
  auth: Pick<Auth, "api">;
  keys: LlmKeysService;
  service: LlmService;
  directProviders: () => { id: string; baseUrl: string }[];
  /** The caller's address (client-ip.ts). */
  clientAddress: (c: Context) => string | null;
  anonymousLimit: RateLimiter;
}) {
  const { keys, service } = deps;

  const session = createMiddleware<LlmEnv>(async (c, next) => {
    let userId: string | null = null;
    const headers = c.req.raw.headers;
    try {
      // Without a cookie or a bearer token there is no session to look up.
      if (headers.get("cookie") || headers.get("authorization")) userId = (await deps.auth.api.getSession({ headers }))?.user.id ?? null;
    } catch {
      // A malformed or expired token: treated as anonymous; routes that need a user say so.
      userId = null;
    }
    c.set("userId", userId);
    await next();
  });

  const anonymousCall = createMiddleware<LlmEnv>(async (c, next) => {
    if (c.var.userId === null) {
      const decision = await deps.anonymousLimit.hit(clientKey(deps.clientAddress(c)));
      if (!decision.allowed) {
        throw errors.tooManyRequests("Too many language-model requests from this address. Please wait a minute and try again, or sign in.", decision.retryAfterSeconds);
      }
    }
    await next();
  });

  const signedIn = (userId: string | null): string => {
    if (!userId) throw errors.unauthorized("Sign in to keep API keys and custom providers on your account.");
    return userId;
  };

  return new Hono<LlmEnv>()
    .use("*", session)
    .post("/", anonymousCall, async (c) => {
      const provider = c.req.header("x-provider")?.trim();
      if (!provider) throw new AppError("llm_provider_missing", `${LLM_MESSAGES.providerNotFoundShort}: send the provider's id in the x-provider header.`, 400);
      const body = await readJson(c, completionSchema);
      const response = await service.complete(
        { userId: c.var.userId },
        {
          provider,
          model: body.model,
          messages: body.messages,
          task: body.task,
          maxOutputTokens: body.maxOutputTokens,
          temperature: body.temperature,
          component: body.component,
          credentials: credentialsOf(body),
        },
      );
      return c.json(response);
    })
    // Where a browser calls the providers that allow it itself (anonymous visitors, their own keys).
    .get("/catalogue", (c) => c.json({ direct: deps.directProviders() }))
    .get("/providers", async (c) => c.json({ providers: await keys.list(signedIn(c.var.userId)) }))
    .put("/keys/:provider", async (c) => {
      const body = await readJson(c, keySchema);
      return c.json({ provider: await keys.saveKey(signedIn(c.var.userId), c.req.param("provider"), body.apiKey) });
    })
    .delete("/keys/:provider", async (c) => {
      await keys.deleteKey(signedIn(c.var.userId), c.req.param("provider"));
      return c.body(null, 204);
    })
    .post("/custom-providers", async (c) => {
      const userId = signedIn(c.var.userId);
      const body = await readJson(c, customProviderSchema);
      return c.json({ provider: await keys.addCustom(userId, body) }, 201);
    })
    .put("/custom-providers/:name", async (c) => {
      const userId = signedIn(c.var.userId);
      const body = await readJson(c, customProviderEditSchema);
      return c.json({ provider: await keys.editCustom(userId, c.req.param("name"), body) });
    })
    .delete("/custom-providers/:name", async (c) => {
      await keys.deleteCustom(signedIn(c.var.userId), c.req.param("name"));
      return c.body(null, 204);
    })
    .post("/test", anonymousCall, async (c) => {
      const body = await readJson(c, testSchema);
      return c.json(await service.testProvider({ userId: c.var.userId }, { provider: body.provider, model: body.model, credentials: credentialsOf(body) }));
    })
    .post("/correct-arxiv-id", anonymousCall, async (c) => {
      const body = await readJson(c, idCorrectionSchema);
      return c.json(await service.correctArxivId({ userId: c.var.userId }, { ...body, credentials: credentialsOf(body) }));
    })
    .post("/enhance", anonymousCall, async (c) => {
      const body = await readJson(c, enhanceSchema);
      return c.json(await service.enhance({ userId: c.var.userId }, { paper: body.paper, provider: body.provider, model: body.model, credentials: credentialsOf(body) }));
    });
}
