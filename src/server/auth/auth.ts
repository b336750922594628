import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Config } from "@/server/config";
import type { Database } from "@/server/db/client";
import * as schema from "@/server/db/schema";

/** better-auth over Quire's database, mounted at /api/auth/*. */
export function createAuth(options: { db: Database; config: Config; secret: string }) {
  const { db, config, secret } = options;
  return betterAuth({
    appName: "Quire",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [config.publicUrl, "http://localhost:5173", "http://127.0.0.1:5173"],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification },
    }),
    emailAndPassword: { enabled: true },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "user", input: false },
        isSuperAdmin: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
