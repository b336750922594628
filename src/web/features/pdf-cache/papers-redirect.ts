import { redirect, type LoaderFunctionArgs } from "react-router";

/**
 * /papers/{paperId}, the spec's path of a paper in the Cloud PDF Cache card, opens that
 * paper's PDF in the reader (/pdf/{paperId}): what someone clicking a cached PDF expects.
 */
export function papersRedirectLoader({ params }: LoaderFunctionArgs): Response {
  const id = (params["*"] ?? "").replace(/^\/+|\/+$/g, "");
  return redirect(id ? `/pdf/${id}` : "/search");
}
