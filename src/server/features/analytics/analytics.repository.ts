import { and, count, desc, eq, gte, sql, sum } from "drizzle-orm";
import type { Database } from "@/server/db/client";
import { analyticsDaily, upstreamCache, userActiveDays, visitorEvents } from "@/server/db/schema";
import { PAPER_SOURCES } from "@/shared/paper";

export type AnalyticsEventRow = { eventName: string; properties: Record<string, unknown>; userId: string | null };

const KNOWN_SOURCES: ReadonlySet<string> = new Set(PAPER_SOURCES);
/** Today's UTC date as the database sees it: the day of the events' `created_at` (now()). */
const today = sql<string>`(now() at time zone 'UTC')::date`;

/** The roll-up dimension: a paper source the event names, else "" (no free text, so the roll-up stays small). */
export function eventSource(properties: Record<string, unknown>): string {
  const source = properties.source;
  return typeof source === "string" && KNOWN_SOURCES.has(source) ? source : "";
}

export function analyticsRepository(db: Database) {
  return {
    /**
     * Stores a batch of events and counts them into the daily roll-ups in the same
     * transaction, so the analytics page never counts the events themselves.
     */
    async insertEvents(rows: AnalyticsEventRow[]) {
      if (rows.length === 0) return;
      const counts = new Map<string, { eventName: string; source: string; events: number; signedInEvents: number }>();
      for (const row of rows) {
        const source = eventSource(row.properties);
        const key = `${row.eventName}\u0000${source}`;
        const entry = counts.get(key) ?? { eventName: row.eventName, source, events: 0, signedInEvents: 0 };
        entry.events++;
        if (row.userId) entry.signedInEvents++;
        counts.set(key, entry);
      }
      const users = [...new Set(rows.map((row) => row.userId).filter((id): id is string => id !== null))];
      await db.transaction(async (tx) => {
        await tx.insert(visitorEvents).values(rows);
        await tx
          .insert(analyticsDaily)
          .values([...counts.values()].map((entry) => ({ day: today, ...entry })))
          .onConflictDoUpdate({
            target: [analyticsDaily.day, analyticsDaily.eventName, analyticsDaily.source],
            set: {
              events: sql`${analyticsDaily.events} + excluded.events`,
              signedInEvents: sql`${analyticsDaily.signedInEvents} + excluded.signed_in_events`,
            },
          });
        if (users.length > 0) await tx.insert(userActiveDays).values(users.map((userId) => ({ day: today, userId }))).onConflictDoNothing();
      });
    },

    /**
     * Recounts the roll-ups from visitor_events (as the migration that created them did): for
     * events written around the repository, e.g. a bulk import or the benchmark's seed.
     */
    async rebuildRollups(): Promise<void> {
      const sources = sql.join([...KNOWN_SOURCES].map((source) => sql`${source}`), sql`, `);
      await db.transaction(async (tx) => {
        await tx.delete(analyticsDaily);
        await tx.delete(userActiveDays);
        await tx.execute(sql`
          insert into ${analyticsDaily} (day, event_name, source, events, signed_in_events)
          select (created_at at time zone 'UTC')::date, event_name,
            case when properties->>'source' in (${sources}) then properties->>'source' else '' end,
            count(*), count(user_id)
          from ${visitorEvents} group by 1, 2, 3`);
        await tx.execute(sql`
          insert into ${userActiveDays} (day, user_id)
          select distinct (created_at at time zone 'UTC')::date, user_id from ${visitorEvents} where user_id is not null`);
      });
    },

    /** Every event ever counted, and those of signed-in users. */
    async totals(): Promise<{ events: number; signedInEvents: number }> {
      const [row] = await db.select({ events: sum(analyticsDaily.events), signedIn: sum(analyticsDaily.signedInEvents) }).from(analyticsDaily);
      return { events: Number(row?.events ?? 0), signedInEvents: Number(row?.signedIn ?? 0) };
    },

    /** Events per UTC day since `sinceDay` (YYYY-MM-DD), days without events left out. */
    async eventsPerDay(sinceDay: string): Promise<{ day: string; events: number }[]> {
      const rows = await db
        .select({ day: analyticsDaily.day, events: sum(analyticsDaily.events) })
        .from(analyticsDaily)
        .where(gte(analyticsDaily.day, sinceDay))
        .groupBy(analyticsDaily.day);
      return rows.map((row) => ({ day: row.day, events: Number(row.events ?? 0) }));
    },

    /** Signed-in users active on each UTC day since `sinceDay`. */
    async activeUsersPerDay(sinceDay: string): Promise<{ day: string; users: number }[]> {
      const rows = await db
        .select({ day: userActiveDays.day, users: count() })
        .from(userActiveDays)
        .where(gte(userActiveDays.day, sinceDay))
        .groupBy(userActiveDays.day);
      return rows.map((row) => ({ day: row.day, users: Number(row.users) }));
    },

    /** Events per name since `sinceDay`, most frequent first. */
    async eventsByName(sinceDay: string): Promise<{ name: string; events: number }[]> {
      const total = sum(analyticsDaily.events);
      const rows = await db
        .select({ name: analyticsDaily.eventName, events: total })
        .from(analyticsDaily)
        .where(gte(analyticsDaily.day, sinceDay))
        .groupBy(analyticsDaily.eventName)
        .orderBy(desc(total));
      return rows.map((row) => ({ name: row.name, events: Number(row.events ?? 0) }));
    },

    /** One event's count per source since `sinceDay` (events without a source left out). */
    async eventsBySource(eventName: string, sinceDay: string): Promise<{ source: string; events: number }[]> {
      const rows = await db
        .select({ source: analyticsDaily.source, events: sum(analyticsDaily.events) })
        .from(analyticsDaily)
        .where(and(eq(analyticsDaily.eventName, eventName), gte(analyticsDaily.day, sinceDay), sql`${analyticsDaily.source} <> ''`))
        .groupBy(analyticsDaily.source);
      return rows.map((row) => ({ source: row.source, events: Number(row.events ?? 0) }));
    },

    /** Answers held in the shared upstream cache, per source. */
    async cachedEntriesBySource(): Promise<{ source: string; entries: number }[]> {
      const rows = await db.select({ source: upstreamCache.source, entries: count() }).from(upstreamCache).groupBy(upstreamCache.source);
      return rows.map((row) => ({ source: row.source, entries: Number(row.entries) }));
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof analyticsRepository>;
