import { spawn } from "node:child_process";

/**
 * The sandbox in its own process, as a remote upstream is: in the bench's process its corpus
 * search would take the app's CPU and count as the app's time.
 */
export async function startSandboxProcess(): Promise<{ url: string; close(): Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "sandbox/main.ts"], {
    env: { ...process.env, SANDBOX_PORT: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the sandbox did not start: ${output}`)), 60_000);
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once("exit", (code) => reject(new Error(`the sandbox exited with ${code}: ${output}`)));
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
