// A throwaway PostgreSQL server for the integration tests: initdb into a temp folder,
// start it on a free loopback port, hand back its URL, stop and remove it afterwards.
// Postgres refuses to run as root, so as root it runs as the `postgres` system user.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./lib.mjs";

/** The bin folder of the newest installed PostgreSQL (Debian keeps them per major version). */
export function findPostgresBin(preferredMajor = "15") {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const majors = readdirSync(base).filter((name) => existsSync(path.join(base, name, "bin", "initdb")));
  if (majors.length === 0) return null;
  const major = majors.includes(preferredMajor) ? preferredMajor : majors.sort((a, b) => Number(b) - Number(a))[0];
  return { bin: path.join(base, major, "bin"), major };
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

function asPostgresUser(command, args) {
  if (!isRoot) return execFileSync(command, args, { stdio: "pipe" });
  return execFileSync("runuser", ["-u", "postgres", "--", command, ...args], { stdio: "pipe" });
}

/**
 * Starts a PostgreSQL server on a free loopback port. By default in a new temporary folder,
 * removed when it stops; with `dir`, in that folder, made on first use and kept (a benchmark's
 * database that takes long to build), stopped cleanly so the next start finds it whole.
 * `settings` adds server settings (name -> value).
 */
export async function startPostgres(options = {}) {
  const found = findPostgresBin();
  if (!found) throw new Error("PostgreSQL is not installed (looked in /usr/lib/postgresql/*/bin).");
  const kept = Boolean(options.dir);
  const dir = kept ? options.dir : mkdtempSync(path.join(os.tmpdir(), "quire-pg-"));
  const dataDir = path.join(dir, "data");
  const socketDir = path.join(dir, "socket");
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o777);
    if (isRoot) execFileSync("chown", ["-R", "postgres:postgres", dir]);
    asPostgresUser("mkdir", ["-p", socketDir]);
    asPostgresUser(path.join(found.bin, "initdb"), ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
  }
  const port = await freePort();
  const settings = Object.entries({ fsync: "off", synchronous_commit: "off", full_page_writes: "off", max_connections: "200", ...options.settings })
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(" ");
  const serverOptions = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 ${settings}`;
  asPostgresUser(path.join(found.bin, "pg_ctl"), ["-D", dataDir, "-o", serverOptions, "-l", path.join(dir, "server.log"), "-w", "start"]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    // A kept database stops cleanly (its data whole for the next start); a throwaway one at once.
    const args = ["-D", dataDir, "-m", kept ? "fast" : "immediate", "-w", "stop"];
    if (isRoot) spawnSync("runuser", ["-u", "postgres", "--", path.join(found.bin, "pg_ctl"), ...args], { stdio: "ignore" });
    else spawnSync(path.join(found.bin, "pg_ctl"), args, { stdio: "ignore" });
    if (!kept) rmSync(dir, { recursive: true, force: true });
  };
  process.on("exit", stop);
  return { url, port, major: found.major, stop };
}
