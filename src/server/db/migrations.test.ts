import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "./client";

describe("committed migrations", () => {
  it("match the Drizzle schema (no drift)", () => {
    // Generate against a copy of the committed migrations: any schema change that was not
    // turned into a migration shows up as a new file.
    // drizzle-kit only accepts an output folder relative to the project, hence .tmp/.
    mkdirSync(".tmp", { recursive: true });
    const copy = path.relative(process.cwd(), mkdtempSync(path.join(".tmp", "drift-")));
    cpSync(migrationsFolder(), copy, { recursive: true });
    const before = readdirSync(copy).filter((name) => name.endsWith(".sql"));
    const output = execFileSync("npx", ["drizzle-kit", "generate", "--config", "drizzle.config.ts", "--name", "drift"], {
      env: { ...process.env, DRIZZLE_OUT: copy },
      encoding: "utf8",
    });
    const after = readdirSync(copy).filter((name) => name.endsWith(".sql"));
    rmSync(copy, { recursive: true, force: true });
    expect(output).toMatch(/No schema changes|Your SQL migration file/);
    expect(after, `schema drifted from the migrations; run npm run db:generate\n${output}`).toEqual(before);
  }, 60_000);
});
