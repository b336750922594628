// npm run dev: the API server (restarting on change) on PORT (3000) and Vite on 5173,
// which proxies /api to it.
import { startChild } from "./lib.mjs";

const env = { ...process.env, NODE_ENV: "development", PUBLIC_URL: process.env.PUBLIC_URL ?? "http://localhost:5173" };
const server = startChild("tsx", ["watch", "--clear-screen=false", "src/server/main.ts"], { env });
const vite = startChild("vite", [], { env });
const stop = () => {
  server.kill("SIGTERM");
  vite.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", stop);
vite.on("exit", stop);
