import { describe, expect, it } from "vitest";
import { PDF_MESSAGES } from "@/shared/pdf";
import { AppError } from "@/server/errors";
import type { ArxivPdfSource } from "@/server/sources/arxiv/arxiv-pdf-source";
import { UpstreamError } from "@/server/sources/http/upstream-error";
import { pdfProxyService } from "./pdf-proxy.service";

/** A PDF host that fails every request with `error`. */
const failingHost = (error: Error): ArxivPdfSource => ({
  urlFor: (id: string) => new URL(`https://arxiv.invalid/pdf/${id}`),
  fetchPdf: async () => {
    throw error;
  },
});

async function failureOf(source: ArxivPdfSource): Promise<AppError> {
  const proxy = pdfProxyService({ source });
  const failure = await proxy.proxy({ paperId: "2401.12345", range: undefined }).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(AppError);
  return failure as AppError;
}

describe("the PDF proxy's failures", () => {
  it("tells a host that sent nothing in time as the spec's timeout, with 504", async () => {
    const failure = await failureOf(failingHost(new UpstreamError("arxiv-pdf", 0, "Timeout", "The PDF host could not be reached")));
    expect(failure.status).toBe(504);
    expect(failure.message).toBe(PDF_MESSAGES.timeout);
  });

  it("tells an unreachable host as the proxy's failure, with 502", async () => {
    const failure = await failureOf(failingHost(new UpstreamError("arxiv-pdf", 0, "Network error", "The PDF host could not be reached")));
    expect(failure.status).toBe(502);
    expect(failure.message).toBe(PDF_MESSAGES.proxyFailed);
  });
});
