import type { Logger } from "@/server/logger";

/** What every request handler can read from `c.var`. */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
  };
};
