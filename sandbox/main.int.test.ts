import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { startSandbox } from "./server";

const MAIN = fileURLToPath(new URL("./main.ts", import.meta.url));

describe("startSandbox", () => {
  it("listens on a free port on 127.0.0.1 and closes", async () => {
    const sandbox = await startSandbox({ port: 0 });
    expect(sandbox.url).toBe(`http://127.0.0.1:${sandbox.port}`);
    expect(await (await fetch(`${sandbox.url}/__control/health`)).json()).toMatchObject({ ok: true });
    await sandbox.close();
    await expect(fetch(`${sandbox.url}/__control/health`)).rejects.toThrow();
  });

  it("answers 404 in plain text for paths no upstream serves", async () => {
    const sandbox = await startSandbox({ port: 0 });
    try {
      const response = await fetch(`${sandbox.url}/nowhere`);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Not Found");
    } finally {
      await sandbox.close();
    }
  });
});

describe("main.ts", () => {
  it("starts on SANDBOX_PORT, logs its start-up phases and one line with the URL, and stops cleanly on SIGTERM", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", MAIN], { env: { ...process.env, SANDBOX_PORT: "0" }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start line within 20 s: ${output}`)), 20_000);
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child.once("exit", (code) => reject(new Error(`exited with ${code}: ${output}`)));
    });
    // Each part of the start says when it begins (a slow start says what it is doing), then
    // one line gives the URL.
    const lines = output.trim().split("\n");
    expect(lines.filter((line) => line.includes("listening on"))).toHaveLength(1);
    for (const line of lines) expect(line).toMatch(/^\[sandbox\] (starting: |listening on |started in )/);
    // With SANDBOX_PORT=0 the SMTP sink takes a free port too, and the line says where.
    expect(output).toMatch(/\(SMTP sink smtp:\/\/127\.0\.0\.1:\d+, mail at http:\/\/\S+\/__control\/mail\)/);
    expect(await (await fetch(`${url}/__control/health`)).json()).toMatchObject({ ok: true });
    const exitCode = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exitCode).toBe(0);
  });
});
