import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { appSettings } from "@/server/db/schema";

/**
 * The secret that signs sessions: AUTH_SECRET when set, else one generated once and kept in
 * the database, so every instance on the same database agrees and restarts keep sessions.
 */
export async function resolveAuthSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(32).toString("base64url");
  await db.insert(appSettings).values({ key: "auth_secret", value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, "auth_secret"));
  if (!row) throw new Error("Could not read the auth secret back from the database.");
  return row.value;
}
