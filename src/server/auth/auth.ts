import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { bearer, genericOAuth, type GenericOAuthConfig } from "better-auth/plugins";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { APP_NAME, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, WELCOME_EMAIL_MAX_ACCOUNT_AGE_MS } from "@/shared/constants";
import { accountLockSecondsLeft, clearAttempts, recordFailedAttempt } from "@/server/auth/account-attempts";
import { alreadyRegisteredEmail, verificationEmail, welcomeEmail } from "@/server/auth/auth-emails";
import type { Config } from "@/server/config";
import { createRateLimiter } from "@/server/http/client-rate-limit";
import { betterAuthOrigins, originPolicy } from "@/server/http/csrf";
import type { Database } from "@/server/db/client";
import * as schema from "@/server/db/schema";
import type { Logger } from "@/server/logger";
import type { Mailer } from "@/server/mail/mailer";
import { fetchGithubUser } from "@/server/sources/github/github-user";

/** The providers offered on /auth, in the order they are shown. */
export type SocialProviderId = "google" | "github";

export const ACCOUNT_ATTEMPT_WINDOW_MS = 15 * 60 * 1000;
/**
 * How often the owner of an address hears that someone tried to sign up with it: once a day at
 * most, however many tries (the first tells them all they need; more would be mail-bombing).
 */
export const ALREADY_REGISTERED_MAIL_WINDOW_MS = 24 * 60 * 60 * 1000;
const SIGN_IN_PATHS = ["/sign-in/email"];

/** better-auth over Quire's database, mounted at /api/auth/*. */
export function createAuth(options: {
  db: Database;
  config: Config;
  secret: string;
  mailer: Mailer;
  /** Where the welcome e-mail goes (the job queue's outbox in production); `mailer` otherwise. */
  welcomeMailer?: Mailer;
  logger: Logger;
}) {
  const { db, config, secret, mailer, logger } = options;
  const welcomeMailer = options.welcomeMailer ?? mailer;
  const adminEmails = new Set(config.ADMIN_EMAILS);
  const providers = socialProviders(config);
  const attemptRule = { max: config.AUTH_ACCOUNT_ATTEMPTS, windowMs: ACCOUNT_ATTEMPT_WINDOW_MS };
  const roleFor = (email: string) => (adminEmails.has(email.toLowerCase()) ? "admin" : "user");

  /** Sends the welcome e-mail once, to an account younger than a minute; failure is only logged. */
  async function sendWelcomeOnce(userId: string, ageFrom: "created" | "updated"): Promise<void> {
    try {
      const since = new Date(Date.now() - WELCOME_EMAIL_MAX_ACCOUNT_AGE_MS);
      const recent = ageFrom === "created" ? gt(schema.user.createdAt, since) : gt(schema.user.updatedAt, since);
      const [claimed] = await db
        .update(schema.user)
        .set({ welcomeEmailSentAt: new Date() })
        .where(and(eq(schema.user.id, userId), isNull(schema.user.welcomeEmailSentAt), recent))
        .returning({ email: schema.user.email, name: schema.user.name });
      if (!claimed) return;
      const [profile] = await db
        .select({ emailPreferences: schema.userProfiles.emailPreferences })
        .from(schema.userProfiles)
        .where(eq(schema.userProfiles.userId, userId));
      if (profile && profile.emailPreferences.welcome === false) return;
      await welcomeMailer.send(welcomeEmail({ to: claimed.email, name: claimed.name, appUrl: config.publicUrl }));
    } catch (error) {
      logger.warn({ err: error, userId }, "welcome e-mail failed");
    }
  }

  /**
   * Sign-up mail goes out after the answer, never before it: how long a sign-up takes must
   * not tell whether a mail was sent, or which. A failure is logged, as it was when awaited.
   */
  function sendLater(message: Parameters<Mailer["send"]>[0], what: string): void {
    void mailer.send(message).catch((error: unknown) => logger.warn({ err: error }, `${what} e-mail failed`));
  }

  /** At most one "you already have an account" mail per address per window, across instances. */
  const alreadyRegisteredMails = createRateLimiter(db, { name: "signup-existing-mail", limit: 1, windowMs: ALREADY_REGISTERED_MAIL_WINDOW_MS });

  return betterAuth({
    appName: APP_NAME,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: betterAuthOrigins(originPolicy(config)),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // An address that has an account is answered as a new one (confirmation being required,
      // better-auth hashes the password as for a new account and answers a made-up user), so
      // sign-up tells no one who has an account; the owner hears of it by mail instead.
      onExistingUserSignUp: async ({ user }) => {
        const email = user.email.toLowerCase();
        const claim = await alreadyRegisteredMails.hit(email).catch(() => ({ allowed: false }) as const);
        if (claim.allowed) sendLater(alreadyRegisteredEmail({ to: email, appUrl: config.publicUrl }), "already-registered");
      },
      // The made-up user as the database hands back a new one: its keys in the same order, its id
      // from the same generator, and the role a new account of that address would get (admin
      // for an ADMIN_EMAILS address).
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({ ...coreFields, ...additionalFields, role: roleFor(coreFields.email), id }),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      // The spec's flow: confirm, read "Email confirmed successfully! You can now sign in.", sign in.
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        sendLater(verificationEmail({ to: user.email, url }), "verification");
      },
      afterEmailVerification: async (user) => {
        // With confirmation required, the account becomes usable here: this is its first sign-in.
        await sendWelcomeOnce(user.id, "updated");
      },
    },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "user", input: false },
        isSuperAdmin: { type: "boolean", required: false, defaultValue: false, input: false },
      },
      deleteUser: { enabled: true },
    },
    // Refresh tokens (offline access) are stored encrypted with the auth secret.
    account: { encryptOAuthTokens: true, accountLinking: { enabled: true, trustedProviders: ["google", "github"] } },
    session: { expiresIn: 30 * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/*": { window: 60, max: config.AUTH_RATE_LIMIT_PER_MINUTE },
        "/sign-up/*": { window: 60, max: config.AUTH_RATE_LIMIT_PER_MINUTE },
        "/send-verification-email": { window: 60, max: 3 },
        "/delete-user": { window: 60, max: 10 },
        // Reading the session is what every page load does (and changes nothing): a busy
        // address (a campus NAT, the test browsers) must not be refused it with a 429.
        "/get-session": false,
      },
    },
    advanced: {
      // better-auth skips its origin (CSRF) check when NODE_ENV is "test"; tests run with production's check.
      disableOriginCheck: false,
      // app.ts puts the socket's address in this header (and X-Forwarded-For's first hop when
      // TRUST_PROXY is set); a client cannot set it itself.
      ipAddress: { ipAddressHeaders: ["x-quire-client-ip"] },
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: { ...user, role: roleFor(user.email) } }),
        },
        delete: {
          // The one row keyed by e-mail rather than user id: nothing of a deleted account stays.
          after: async (user) => {
            await clearAttempts(db, `account:${user.email.toLowerCase()}`);
          },
        },
      },
      session: {
        create: {
          after: async (session) => {
            await sendWelcomeOnce(session.userId, "created");
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (SIGN_IN_PATHS.includes(ctx.path)) {
          const email = signInEmail(ctx.body);
          const lockedFor = email ? await accountLockSecondsLeft(db, `account:${email}`, attemptRule) : 0;
          if (lockedFor > 0) {
            throw new APIError(
              "TOO_MANY_REQUESTS",
              {
                code: "TOO_MANY_ATTEMPTS",
                message: "Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.",
              },
              { "Retry-After": String(lockedFor) },
            );
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (!SIGN_IN_PATHS.includes(ctx.path)) return;
        const email = signInEmail(ctx.body);
        if (!email) return;
        const returned = ctx.context.returned;
        const failedPassword = returned instanceof APIError && returned.statusCode === 401;
        if (failedPassword) await recordFailedAttempt(db, `account:${email}`, attemptRule);
        else if (!(returned instanceof APIError)) await clearAttempts(db, `account:${email}`);
      }),
    },
    plugins: [bearer(), ...(providers.length > 0 ? [genericOAuth({ config: providers })] : [])],
    // A failed third-party sign-in (forged state, cancelled consent) lands on the sign-in page, which explains it.
    onAPIError: { errorURL: "/auth" },
    telemetry: { enabled: false },
  });
}

function signInEmail(body: unknown): string {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email.trim().toLowerCase() : "";
}

/** Google (OpenID Connect by discovery) and GitHub (OAuth 2.0), each only when its client id is configured. */
function socialProviders(config: Config): GenericOAuthConfig[] {
  const providers: GenericOAuthConfig[] = [];
  if (config.GOOGLE_CLIENT_ID) {
    providers.push({
      providerId: "google",
      name: "Google",
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      discoveryUrl: config.GOOGLE_DISCOVERY_URL,
      scopes: ["openid", "email", "profile"],
      pkce: true,
      // The spec: offline access and a consent prompt.
      accessType: "offline",
      prompt: "consent",
    });
  }
  if (config.GITHUB_CLIENT_ID) {
    providers.push({
      providerId: "github",
      name: "GitHub",
      clientId: config.GITHUB_CLIENT_ID,
      clientSecret: config.GITHUB_CLIENT_SECRET,
      authorizationUrl: config.GITHUB_AUTHORIZATION_URL,
      tokenUrl: config.GITHUB_TOKEN_URL,
      scopes: ["read:user", "user:email"],
      accessType: "offline",
      prompt: "consent",
      getUserInfo: async (tokens) => {
        if (!tokens.accessToken) return null;
        const user = await fetchGithubUser(config.GITHUB_API_URL, tokens.accessToken);
        return user && { id: user.id, email: user.email, name: user.name, image: user.image, emailVerified: user.emailVerified };
      },
    });
  }
  return providers;
}

/** The provider ids the sign-in page may offer. */
export function configuredProviders(config: Config): SocialProviderId[] {
  const ids: SocialProviderId[] = [];
  if (config.GOOGLE_CLIENT_ID) ids.push("google");
  if (config.GITHUB_CLIENT_ID) ids.push("github");
  return ids;
}

/** Makes the configured ADMIN_EMAILS admins (run at boot, so a list change applies on restart). */
export async function promoteConfiguredAdmins(db: Database, config: Config): Promise<number> {
  if (config.ADMIN_EMAILS.length === 0) return 0;
  const rows = await db
    .update(schema.user)
    .set({ role: "admin" })
    .where(
      and(
        or(...config.ADMIN_EMAILS.map((email) => eq(sql`lower(${schema.user.email})`, email))),
        sql`${schema.user.role} <> 'admin'`,
      ),
    )
    .returning({ id: schema.user.id });
  return rows.length;
}

export type Auth = ReturnType<typeof createAuth>;
