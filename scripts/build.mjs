// npm run build: the SPA into dist/web and the server into dist/server.
import { build } from "./lib.mjs";

build();
