import { spawn } from "node:child_process";

export type ChildServer = { url: string; close(): Promise<void> };

/**
 * A script run in its own Node process that prints "listening on http://…" once it serves.
 * A server the bench measures, or an upstream it talks to, runs apart from the bench's own
 * client work, as it does in use.
 */
export async function startServerProcess(script: string, args: string[] = [], env: Record<string, string> = {}): Promise<ChildServer> {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start: ${output}`)), 120_000);
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}: ${output}`)));
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/**
 * The sandbox in its own process, as a remote upstream is: in the bench's process its corpus
 * search would take the app's CPU and count as the app's time.
 */
export function startSandboxProcess(): Promise<ChildServer> {
  return startServerProcess("sandbox/main.ts", [], { SANDBOX_PORT: "0" });
}

/**
 * Quire's server in its own process over a fresh embedded database, wired to the sandbox, as
 * a running server is: the bench's client work (sending, reading and timing requests) then
 * takes none of the server's time.
 */
export function startAppProcess(options: { sandboxUrl: string; webDistDir: string }): Promise<ChildServer> {
  return startServerProcess("bench/app-process-main.ts", [options.sandboxUrl, options.webDistDir]);
}
