import { defineConfig } from "drizzle-kit";

/** `npm run db:generate` writes a new migration to ./drizzle when the schema changes. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema.ts",
  out: process.env.DRIZZLE_OUT ?? "./drizzle",
});
