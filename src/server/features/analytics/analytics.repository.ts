import type { Database } from "@/server/db/client";
import { visitorEvents } from "@/server/db/schema";

export function analyticsRepository(db: Database) {
  return {
    async insertEvents(rows: { eventName: string; properties: Record<string, unknown>; userId: string | null }[]) {
      if (rows.length === 0) return;
      await db.insert(visitorEvents).values(rows);
    },
  };
}
