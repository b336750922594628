import { PgBoss, fromPglite } from "pg-boss";
import type { DatabaseHandle } from "@/server/db/client";
import type { Logger } from "@/server/logger";

/**
 * The job queue: pg-boss on the app's own database (its tables live in the `pgboss` schema),
 * so jobs survive a restart and every instance shares them. On PGlite it goes through
 * pg-boss's PGlite adapter; on Postgres it opens its own small pool.
 */
export async function startQueue(database: Pick<DatabaseHandle, "kind" | "pglite" | "connectionString">, logger: Logger): Promise<PgBoss> {
  const boss =
    database.kind === "pglite" && database.pglite
      ? new PgBoss({ db: fromPglite(database.pglite), backend: "pglite" })
      : new PgBoss({ connectionString: database.connectionString, max: 4 });
  boss.on("error", (error) => logger.warn({ err: error }, "job queue error"));
  await boss.start();
  return boss;
}
