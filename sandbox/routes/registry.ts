/**
 * Every emulated upstream, in one list. A new one (OpenAlex, Crossref, Zotero, LLM, OAuth,
 * SMTP) is a `routes/<upstream>.ts` exporting an `Upstream`, added here.
 */
import type { Upstream } from "../upstream";
import { arxivUpstream } from "./arxiv";

export const UPSTREAMS: readonly Upstream[] = [arxivUpstream];
