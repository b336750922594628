/**
 * Every emulated upstream, in one list. A new one (Zotero, LLM, OAuth, SMTP) is a
 * `routes/<upstream>.ts` exporting an `Upstream`, added here.
 */
import type { Upstream } from "../upstream";
import { arxivUpstream } from "./arxiv";
import { arxivHtmlUpstream } from "./arxiv-html";
import { arxivOaiUpstream } from "./arxiv-oai";
import { crossrefUpstream } from "./crossref";
import { llmUpstream } from "./llm";
import { oauthGithubUpstream } from "./oauth-github";
import { oauthGoogleUpstream } from "./oauth-google";
import { openalexUpstream } from "./openalex";
import { zoteroUpstream } from "./zotero";

export const UPSTREAMS: readonly Upstream[] = [arxivUpstream, arxivHtmlUpstream, arxivOaiUpstream, openalexUpstream, crossrefUpstream, oauthGoogleUpstream, oauthGithubUpstream, zoteroUpstream, llmUpstream];
