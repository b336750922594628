// The Android project is committed (android/). `cap sync android` regenerates parts of it (the
// plugin list, Gradle includes) from package.json and capacitor.config.ts: this check runs it
// and fails when it changed any file git keeps, i.e. when a plugin or a setting was changed
// without committing what the sync makes of it. It needs the built web app (webDir), and
// neither a network nor an Android SDK. Run by `npm test`, or alone: `node scripts/android-sync-check.mjs`.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildDir, root, run } from "./lib.mjs";

/** Every file under android/ that git keeps or would keep (not ignored), with a hash of its content. */
function snapshot() {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z", "--", "android"], { cwd: root })
    .toString()
    .split("\0")
    .filter(Boolean);
  return new Map(
    listed.map((file) => {
      const full = path.join(root, file);
      return [file, existsSync(full) ? createHash("sha256").update(readFileSync(full)).digest("hex") : "(missing)"];
    }),
  );
}

/** Runs `cap sync android`; returns the files it changed, added or removed (empty when in sync). */
export function androidSyncDrift() {
  if (!existsSync(path.join(root, buildDir, "web", "index.html"))) throw new Error("Build the web app first (npm run build): cap sync copies it into the Android project.");
  const before = snapshot();
  // With this Node (the CLI needs 22+), whatever `node` is first on PATH.
  const cli = path.join(root, "node_modules", "@capacitor", "cli", "bin", "capacitor");
  if (run(process.execPath, [cli, "sync", "android"], { stdio: ["ignore", "pipe", "inherit"] }) !== 0) throw new Error("cap sync android failed.");
  const after = snapshot();
  const changed = [];
  for (const [file, hash] of after) if (before.get(file) !== hash) changed.push(before.has(file) ? `changed: ${file}` : `added: ${file}`);
  for (const file of before.keys()) if (!after.has(file)) changed.push(`removed: ${file}`);
  return changed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const drift = androidSyncDrift();
  if (drift.length > 0) {
    console.error(`cap sync changed the committed Android project; run \`npx cap sync android\` and commit:\n  ${drift.join("\n  ")}`);
    process.exit(1);
  }
  console.log("Android project in sync with package.json and capacitor.config.ts");
}
