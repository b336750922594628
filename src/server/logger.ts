import pino, { type Logger } from "pino";

export type { Logger };

/** JSON lines on stdout; every request-scoped line carries `reqId` via a child logger. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "quire" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.password"], censor: "[redacted]" },
  });
}
