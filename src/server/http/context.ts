import type { Logger } from "@/server/logger";
import type { SearchResponse } from "@/shared/search-params";

/** What every request handler can read from `c.var`. */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    /** A /search?... page's search, started as the page is requested (earlySearch in search.routes.ts). */
    earlySearch: Promise<SearchResponse> | undefined;
    /** The page's Content-Security-Policy before its inline scripts are added (security-headers.ts). */
    contentSecurityPolicy: string | undefined;
  };
};
