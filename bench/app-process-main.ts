import { startTestServer } from "@/test/test-server";

/** Run by startAppProcess (sandbox-process.ts): argv is the sandbox's URL and the built web app's folder. */
const [sandboxUrl, webDistDir] = process.argv.slice(2);
const server = await startTestServer({ sandboxUrl, webDistDir });
console.log(`listening on ${server.url}`);
process.once("SIGTERM", () => {
  void server.close().finally(() => process.exit(0));
});
