/**
 * The sandbox's arXiv from a test, with plain `fetch` (Vitest and Playwright alike): change
 * papers (new versions, publication, deletion, new papers) so incremental OAI-PMH harvests and
 * the query API see them, set the OAI page sizes and flow control, and reset. The control calls
 * are described in sandbox/README.md ("arXiv OAI-PMH").
 *
 * ```ts
 * await setArxivOai(sandboxUrl, { recordsPerPage: 100 });
 * await addArxivVersion(sandboxUrl, "2501.01234", { date: "2026-03-02", comment: "v2: typos fixed" });
 * await deleteArxivRecord(sandboxUrl, "2501.04321");
 * // a harvest with from=2026-03-02 now lists both
 * await resetArxiv(sandboxUrl);
 * ```
 */

export interface ArxivChangeResult {
  id: string;
  /** The latest version's number. */
  version: number;
  /** The record's new datestamp, "YYYY-MM-DD". */
  datestamp: string;
  deleted: boolean;
}

/** When a change happened: "YYYY-MM-DD" or an ISO 8601 time; today (now) when absent. */
type When = { date?: string };

export interface NewArxivVersion extends When {
  comment?: string;
  title?: string;
  abstract?: string;
  sizeKb?: number;
}

export interface ArxivPublication extends When {
  doi?: string;
  journalRef?: string;
}

export interface NewArxivPaper extends When {
  /** A free id in the date's month when absent. */
  id?: string;
  title: string;
  authors: (string | { name: string; affiliations?: string[] })[];
  abstract: string;
  /** arXiv categories, primary first. */
  categories: string[];
  comment?: string;
  doi?: string;
  journalRef?: string;
  license?: string;
  submitter?: string;
}

export interface ArxivOaiSettings {
  /** Records per ListRecords page (arXiv: 3,500). */
  recordsPerPage?: number;
  /** Headers per ListIdentifiers page (arXiv: 20,000). */
  identifiersPerPage?: number;
  /** Requests closer together than `minIntervalMs` get 503 with Retry-After; null turns it off. */
  flowControl?: { minIntervalMs: number; retryAfterSeconds: number } | null;
}

export interface ArxivState {
  corpus: string;
  records: number;
  changes: number;
  settings: Required<Omit<ArxivOaiSettings, "flowControl">> & { flowControl: ArxivOaiSettings["flowControl"] };
}

function base(sandboxUrl: string): string {
  return `${sandboxUrl.replace(/\/+$/, "")}/__control/arxiv`;
}

async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, { method, headers: body === undefined ? {} : { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function change(sandboxUrl: string, body: Record<string, unknown>): Promise<ArxivChangeResult> {
  const { changes } = await call<{ changes: ArxivChangeResult[] }>("POST", `${base(sandboxUrl)}/changes`, body);
  return changes[0]!;
}

export function addArxivVersion(sandboxUrl: string, id: string, version: NewArxivVersion = {}): Promise<ArxivChangeResult> {
  return change(sandboxUrl, { change: "new-version", id, ...version });
}

export function publishArxivPaper(sandboxUrl: string, id: string, publication: ArxivPublication): Promise<ArxivChangeResult> {
  return change(sandboxUrl, { change: "publish", id, ...publication });
}

export function deleteArxivRecord(sandboxUrl: string, id: string, when: When = {}): Promise<ArxivChangeResult> {
  return change(sandboxUrl, { change: "delete", id, ...when });
}

export function addArxivPaper(sandboxUrl: string, paper: NewArxivPaper): Promise<ArxivChangeResult> {
  return change(sandboxUrl, { change: "new-paper", ...paper });
}

export function setArxivOai(sandboxUrl: string, settings: ArxivOaiSettings): Promise<ArxivState> {
  return call("POST", `${base(sandboxUrl)}/oai`, settings);
}

export function arxivState(sandboxUrl: string): Promise<ArxivState> {
  return call("GET", base(sandboxUrl));
}

/** Forgets every change, the page sizes and the flow control. */
export function resetArxiv(sandboxUrl: string): Promise<{ ok: true }> {
  return call("DELETE", base(sandboxUrl));
}
