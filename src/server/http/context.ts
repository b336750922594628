import type { Logger } from "@/server/logger";
import type { Paper } from "@/shared/paper";
import type { SearchResponse } from "@/shared/search-params";

/** What every request handler can read from `c.var`. */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    /** A /search?... page's search, started as the page is requested (earlySearch in search.routes.ts). */
    earlySearch: Promise<SearchResponse> | undefined;
    /** A reader page's paper, when Quire holds it without asking arXiv (earlyPaper in paper-preview.ts). */
    heldPaper: Paper | undefined;
    /** The page's Content-Security-Policy before its inline scripts are added (security-headers.ts). */
    contentSecurityPolicy: string | undefined;
  };
};
