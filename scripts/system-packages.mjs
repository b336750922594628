// What npm cannot install: Debian's chromium (the end-to-end tests, the browser benchmarks) and
// postgresql (the PostgreSQL tests, the benchmarks that start a PostgreSQL of their own).
// npm test and npm run bench install them with apt-get when they are missing.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { findPostgresBin } from "./postgres.mjs";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Installs chromium and postgresql with apt-get (as root, or through `sudo -n`) unless both are there. */
export function ensureSystemPackages(neededBy) {
  const missing = [];
  if (!existsSync(chromiumPath)) missing.push("chromium");
  if (!findPostgresBin()) missing.push("postgresql");
  if (missing.length === 0) return;
  console.log(`Installing ${missing.join(" and ")} with apt-get (needed by ${neededBy})...`);
  const isRoot = process.getuid?.() === 0;
  const prefix = isRoot ? [] : ["sudo", "-n"];
  const apt = (args) => {
    const [command, ...rest] = [...prefix, "apt-get", ...args];
    const result = spawnSync(command, rest, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed; install ${missing.join(" ")} by hand.`);
  };
  apt(["update", "-qq"]);
  apt(["install", "-y", "-qq", "--no-install-recommends", ...missing, ...(missing.includes("chromium") ? ["fonts-dejavu-core"] : [])]);
}
