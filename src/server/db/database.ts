import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

export type Schema = typeof schema;
/** The same Drizzle API over PGlite and node-postgres; repositories only see this. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
