import { Hono } from "hono";
import { PDF_MESSAGES, PDF_PROXY_HEADER_LIMIT } from "@/shared/pdf";
import { AppError, envelope } from "@/server/errors";
import type { AppEnv } from "@/server/http/context";
import type { PdfProxyService } from "./pdf-proxy.service";

/** Characters the request headers take when written out as `Name: value` lines. */
export function serializedHeaderLength(headers: Headers): number {
  let length = 0;
  headers.forEach((value, name) => {
    length += name.length + 2 + value.length + 2;
  });
  return length;
}

/** GET /api/pdf-proxy?paperId=: a paper's PDF from the configured arXiv PDF host. */
export function pdfProxyRoutes(service: PdfProxyService) {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    if (serializedHeaderLength(c.req.raw.headers) >= PDF_PROXY_HEADER_LIMIT) {
      throw new AppError("headers_too_large", PDF_MESSAGES.headersTooLarge, 431 as never);
    }
    try {
      return await service.proxy({ paperId: c.req.query("paperId"), range: c.req.header("range"), signal: c.req.raw.signal });
    } catch (error) {
      // A 429 keeps its Retry-After so the client (or a person) knows when to try again.
      if (error instanceof AppError && "retryAfter" in error) {
        return c.json(envelope(error), error.status, { "Retry-After": String(error.retryAfter) });
      }
      throw error;
    }
  });
  return app;
}
