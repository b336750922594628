import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 4110);
export const baseURL = `http://127.0.0.1:${port}`;

/** Debian's Chromium, with the flags this sandboxed, network-less machine needs. */
const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results/artifacts",
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "on-first-retry",
    launchOptions: chromiumLaunch,
    // The service worker would serve the app's files from its precache, out of page.route's
    // reach; e2e/offline.spec.ts, which tests it, allows it.
    serviceWorkers: "block",
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromiumLaunch },
    },
    {
      name: "mobile",
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent: devices["Pixel 7"].userAgent,
        launchOptions: chromiumLaunch,
      },
    },
  ],
  webServer: {
    command: `node scripts/demo.mjs --port ${port} --sandbox-port ${sandboxPort}`,
    url: `${baseURL}/api/health`,
    // DATA_DIR empty: every run starts on a fresh database, whatever the shell has set. Groq is
    // pointed at the sandbox's model, so a test can watch an anonymous visitor's browser call it directly.
    env: {
      DEMO_PUBLIC_URL: baseURL,
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      // Every test's browser is one client address.
      EVENTS_RATE_LIMIT_PER_MINUTE: "100000",
      LLM_RATE_LIMIT_PER_MINUTE: "1000",
      DATA_DIR: "",
      LLM_GROQ_BASE_URL: `http://127.0.0.1:${sandboxPort}/llm/groq/v1`,
      // The index takes arXiv's cs set only: searches kept to cs are answered from it, and the
      // rest still reach the sandbox's arXiv API, whose failures other tests provoke.
      ARXIV_HARVEST: "cs",
    },
    reuseExistingServer: !process.env.CI,
    // Only a cap: the demo itself exits, saying why, when the sandbox or Quire dies or stops
    // making progress, and a busy machine can take minutes to start both.
    timeout: 600_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
