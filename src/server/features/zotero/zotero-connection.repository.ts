import { and, eq } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { userIntegrations } from "@/server/db/schema";

export const ZOTERO_INTEGRATION = "zotero";

/** A user's Zotero row as stored: the credentials still sealed. */
export type StoredIntegration = {
  sealedCredentials: string;
  metadata: Record<string, unknown>;
  isActive: boolean;
  expiresAt: Date | null;
  updatedAt: Date;
};

/** user_integrations for Zotero: one row per user, credentials sealed by the service (secret-box). */
export function zoteroConnectionRepository(db: Database) {
  const mine = (userId: string) => and(eq(userIntegrations.userId, userId), eq(userIntegrations.integrationType, ZOTERO_INTEGRATION));
  return {
    async find(userId: string): Promise<StoredIntegration | null> {
      const [row] = await db.select().from(userIntegrations).where(mine(userId));
      if (!row) return null;
      const sealed = typeof row.credentials.sealed === "string" ? row.credentials.sealed : "";
      return { sealedCredentials: sealed, metadata: row.metadata, isActive: row.isActive, expiresAt: row.expiresAt, updatedAt: row.updatedAt };
    },

    /** Upsert on user plus integration type (the spec's user_integrations call). */
    async save(userId: string, values: { sealedCredentials: string; metadata: Record<string, unknown>; expiresAt: Date }): Promise<void> {
      const now = new Date();
      await db
        .insert(userIntegrations)
        .values({ userId, integrationType: ZOTERO_INTEGRATION, credentials: { sealed: values.sealedCredentials }, metadata: values.metadata, isActive: true, expiresAt: values.expiresAt, updatedAt: now })
        .onConflictDoUpdate({
          target: [userIntegrations.userId, userIntegrations.integrationType],
          set: { credentials: { sealed: values.sealedCredentials }, metadata: values.metadata, isActive: true, expiresAt: values.expiresAt, updatedAt: now },
        });
    },

    async setActive(userId: string, isActive: boolean, metadata?: Record<string, unknown>): Promise<boolean> {
      const rows = await db
        .update(userIntegrations)
        .set({ isActive, updatedAt: new Date(), ...(metadata ? { metadata } : {}) })
        .where(mine(userId))
        .returning({ id: userIntegrations.id });
      return rows.length > 0;
    },

    async updateMetadata(userId: string, metadata: Record<string, unknown>): Promise<void> {
      await db.update(userIntegrations).set({ metadata }).where(mine(userId));
    },

    async remove(userId: string): Promise<boolean> {
      const rows = await db.delete(userIntegrations).where(mine(userId)).returning({ id: userIntegrations.id });
      return rows.length > 0;
    },
  };
}
export type ZoteroConnectionRepository = ReturnType<typeof zoteroConnectionRepository>;
