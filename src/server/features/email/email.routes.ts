import { Hono } from "hono";
import { z } from "zod";
import type { Auth } from "@/server/auth/auth";
import { requireRole, requireUser, type SignedInEnv } from "@/server/auth/session";
import type { Config } from "@/server/config";
import type { AppEnv } from "@/server/http/context";
import { readJson } from "@/server/http/validation";
import { APP_NAME } from "@/shared/constants";
import type { EmailService } from "./email.service";

const sendSchema = z.union([
  z.object({ type: z.literal("catchup"), frequency: z.enum(["daily", "weekly"]) }).strict(),
  z
    .object({
      to: z.email({ error: "to must be an e-mail address" }),
      subject: z.string().trim().min(1).max(300),
      html: z.string().min(1).max(200_000),
      emailType: z.enum(["welcome", "notification"]),
      userId: z.string().max(200).optional(),
    })
    .strict(),
]);

function page(title: string, text: string, status: 200 | 400): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title} · ${APP_NAME}</title></head><body style="font-family:system-ui,sans-serif;max-width:520px;margin:15vh auto;padding:0 24px;color:#111"><h1 style="font-size:22px">${title}</h1><p>${text}</p><p><a href="/settings">Open settings</a></p></body></html>`;
  return new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8" } });
}

/**
 *   POST /api/email/send  {type:"catchup", frequency} | {to, subject, html, emailType, userId}
 *        -> { processed, success, errors, message }   (admins only: the developer pages' digest test)
 *   GET|POST /api/email/unsubscribe?u=<userId>&t=<token>   digests off, no sign-in needed
 */
export function emailRoutes(deps: { email: EmailService; auth: Pick<Auth, "api">; config: Pick<Config, "publicUrl"> }) {
  const { email } = deps;
  const unsubscribe = async (userId: string | undefined, token: string | undefined) => {
    if (!userId || !token || !(await email.unsubscribe(userId, token))) {
      return page("Link not valid", "This unsubscribe link is not valid. Change e-mail preferences in Settings instead.", 400);
    }
    return page("Unsubscribed", `You will get no more catch-up digests from ${APP_NAME}. You can turn them on again in Settings.`, 200);
  };
  const send = new Hono<SignedInEnv>()
    .use("*", requireUser(deps.auth))
    .use("*", requireRole("admin"))
    .post("/", async (c) => {
      const body = await readJson(c, sendSchema);
      if ("type" in body) return c.json(await email.runDigest(body.frequency));
      const text = body.html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
      await email.outbox.send({ to: body.to, subject: body.subject, html: body.html, text });
      return c.json({ processed: 1, success: 1, errors: 0, message: `Queued the ${body.emailType} e-mail to ${body.to}.` });
    });
  return new Hono<AppEnv>()
    .get("/unsubscribe", (c) => unsubscribe(c.req.query("u"), c.req.query("t")))
    .post("/unsubscribe", (c) => unsubscribe(c.req.query("u"), c.req.query("t")))
    .route("/send", send);
}
