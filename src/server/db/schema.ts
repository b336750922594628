/** The whole database schema; drizzle-kit generates the migrations in /drizzle from it. */
export * from "./schema/auth";
export * from "./schema/user-data";
export * from "./schema/papers";
export * from "./schema/integrations";
export * from "./schema/system";
export * from "./schema/catchup";
export * from "./schema/arxiv-index";
export * from "./schema/author-identity";
export * from "./schema/paper-changes";
export * from "./schema/feed-marks";
