import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { History, RotateCcw, Search, UserRound } from "lucide-react";
import { PAGE_SIZE_OPTIONS } from "@/shared/constants";
import { formatCount, formatRelativeTime } from "@/shared/format";
import { hasRole } from "@/shared/roles";
import { SORT_FIELDS, SORT_ORDERS } from "@/shared/search-options";
import { ADMIN_ROLE, DEVELOPER_ROLE } from "@/shared/admin";
import { DataTable, ToolPage, ToolSection, type Column } from "@/web/components/tool-page";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { describeSearch, stateFromHistory } from "@/web/features/search/recent-searches";
import { searchKeys } from "@/web/features/search/search-queries";
import { searchHref, type SearchRequest } from "@/web/features/search/search-url";
import { useCurrentUser } from "@/web/hooks/use-current-user";
import type { SearchHistoryEntry } from "@/web/lib/user-data/search-history-store";
import { useSearchHistory } from "@/web/lib/user-data/user-stores";
import { SEARCH_V2_SOURCES, searchHrefFromV2, searchV2Href, type SearchV2Params, type SearchV2Source } from "./search-v2-url";

const SOURCE_NAMES: Record<SearchV2Source, string> = { arxiv: "arXiv", openalex: "OpenAlex", both: "Both" };

type CachedSearch = { key: string; request: SearchRequest; total: number | null; updatedAt: number };

function useCachedSearches(): CachedSearch[] {
  const queryClient = useQueryClient();
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: searchKeys.results() })
    .filter((query) => query.state.status === "success")
    .map((query) => ({
      key: query.queryHash,
      request: query.queryKey[2] as SearchRequest,
      total: (query.state.data as { total?: number } | undefined)?.total ?? null,
      updatedAt: query.state.dataUpdatedAt,
    }))
    .sort((a, b) => b.updatedAt - a.updatedAt);
}

/**
 * /dev/search-v2-test: builds a /search-v2 link from q,
 * author, source (arxiv, openalex, both), llm, sort, order, page and size, and shows the auth
 * status, the search history with the last search to restore, and the cached searches.
 */
export function SearchV2TestPage() {
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const history = useSearchHistory();
  const cached = useCachedSearches();
  const [fields, setFields] = useState<SearchV2Params>({
    q: "",
    author: "",
    source: "arxiv",
    llm: false,
    sort: "relevance",
    order: "descending",
    page: 0,
    size: 20,
  });
  const set = <K extends keyof SearchV2Params>(key: K, value: SearchV2Params[K]) => setFields((current) => ({ ...current, [key]: value }));
  const href = searchV2Href(fields);
  const blank = !fields.q.trim() && !fields.author.trim();

  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    if (!blank) void navigate(href);
  };
  const handleAuthorTest = () => void navigate(searchV2Href({ ...fields, q: "" }));
  const last = history[0];

  const historyColumns: Column<SearchHistoryEntry>[] = [
    { header: "Search", cell: (row) => <span className="font-mono text-xs break-all">{describeSearch(row.params)}</span> },
    { header: "Source", cell: (row) => row.params.source },
    { header: "Results", cell: (row) => formatCount(row.results), align: "right" },
    { header: "When", cell: (row) => formatRelativeTime(row.timestamp), className: "whitespace-nowrap" },
    {
      header: "Actions",
      cell: (row) => (
        <Button asChild variant="ghost" size="sm">
          <Link to={searchHref(stateFromHistory(row.params))}>Run</Link>
        </Button>
      ),
      align: "right",
    },
  ];
  const cacheColumns: Column<CachedSearch>[] = [
    { header: "Query", cell: (row) => <span className="font-mono text-xs break-all">{row.request.q || row.request.title || row.request.authors.join(", ") || "—"}</span> },
    { header: "Source", cell: (row) => row.request.source },
    { header: "Page", cell: (row) => String(row.request.page), align: "right" },
    { header: "Total", cell: (row) => (row.total === null ? "—" : formatCount(row.total)), align: "right" },
    { header: "Fetched", cell: (row) => formatRelativeTime(row.updatedAt), className: "whitespace-nowrap" },
  ];

  return (
    <ToolPage title="Search v2 Test" description="Build a /search-v2 link and see what the search keeps on this device.">
      <ToolSection id="search-v2-form" title="Search parameters" description={<>The link opens <code className="font-mono">/search-v2</code>, which runs the same search on the search page.</>}>
        <form onSubmit={handleSearch} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div className="space-y-1.5 sm:col-span-2">
            <Label htmlFor="v2-q">Query (q)</Label>
            <Input id="v2-q" value={fields.q} onChange={(event) => set("q", event.target.value)} placeholder="cat:cs.LG AND ti:diffusion" />
          </div>
          <div className="space-y-1.5 sm:col-span-2">
            <Label htmlFor="v2-author">Author</Label>
            <Input id="v2-author" value={fields.author} onChange={(event) => set("author", event.target.value)} placeholder="Yoshua Bengio" />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="v2-source">Source</Label>
            <NativeSelect id="v2-source" value={fields.source} onChange={(event) => set("source", event.target.value as SearchV2Source)}>
              {SEARCH_V2_SOURCES.map((source) => (
                <option key={source} value={source}>
                  {SOURCE_NAMES[source]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="v2-sort">Sort</Label>
            <NativeSelect id="v2-sort" value={fields.sort} onChange={(event) => set("sort", event.target.value)}>
              {SORT_FIELDS.map((field) => (
                <option key={field} value={field}>
                  {field}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="v2-order">Order</Label>
            <NativeSelect id="v2-order" value={fields.order} onChange={(event) => set("order", event.target.value)}>
              {SORT_ORDERS.map((order) => (
                <option key={order} value={order}>
                  {order}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="space-y-1.5">
              <Label htmlFor="v2-page">Page</Label>
              <Input id="v2-page" type="number" min={0} value={fields.page} onChange={(event) => set("page", Math.max(0, Math.floor(Number(event.target.value) || 0)))} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="v2-size">Size</Label>
              <NativeSelect id="v2-size" value={String(fields.size)} onChange={(event) => set("size", Number(event.target.value))}>
                {PAGE_SIZE_OPTIONS.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <label className="flex items-center gap-2 text-sm sm:col-span-2 lg:col-span-4">
            <input type="checkbox" className="size-4 accent-[var(--primary)]" checked={fields.llm} onChange={(event) => set("llm", event.target.checked)} />
            Parse with a language model (llm)
          </label>
          <div className="space-y-2 sm:col-span-2 lg:col-span-4">
            <p className="text-xs text-muted-foreground">Link</p>
            <code className="block rounded-md bg-muted/60 p-2 font-mono text-xs break-all" aria-label="Search v2 link">
              {href}
            </code>
            <p className="text-xs text-muted-foreground">Opens</p>
            <code className="block rounded-md bg-muted/60 p-2 font-mono text-xs break-all" aria-label="Search page link">
              {searchHrefFromV2(new URL(href, "http://local").searchParams)}
            </code>
          </div>
          <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
            <Button type="submit" disabled={blank}>
              <Search aria-hidden />
              Open Search
            </Button>
            <Button type="button" variant="outline" disabled={!fields.author.trim()} onClick={handleAuthorTest}>
              <UserRound aria-hidden />
              Test Author Search
            </Button>
          </div>
        </form>
      </ToolSection>

      <ToolSection id="search-v2-auth" title="Auth status">
        {user ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            Signed in as <span className="font-medium">{user.email}</span>
            <Badge variant="secondary">{user.isSuperAdmin ? "super admin" : (user.role ?? "user")}</Badge>
            {hasRole(user, ADMIN_ROLE) ? <Badge>admin pages</Badge> : null}
            {hasRole(user, DEVELOPER_ROLE) ? <Badge>developer pages</Badge> : null}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">Not signed in: the search history is kept on this device.</p>
        )}
      </ToolSection>

      <ToolSection
        id="search-v2-history"
        title="Search history"
        description={user ? "Kept with your account (10 searches, 30 days)." : "Kept on this device (5 searches, 7 days)."}
        tools={
          <Button asChild variant="outline" size="sm" aria-disabled={!last}>
            {last ? (
              <Link to={searchHref(stateFromHistory(last.params))}>
                <RotateCcw aria-hidden />
                Restore Last Search
              </Link>
            ) : (
              <span>
                <History aria-hidden />
                No last search
              </span>
            )}
          </Button>
        }
      >
        <DataTable caption="Search history" columns={historyColumns} rows={[...history]} rowKey={(row) => String(row.timestamp)} empty="No searches yet." />
      </ToolSection>

      <ToolSection id="search-v2-cache" title="Cached searches" description="Result pages held in memory (and on this device for 24 hours); a repeat opens at once.">
        <DataTable caption="Cached searches" columns={cacheColumns} rows={cached} rowKey={(row) => row.key} empty="No cached searches." />
      </ToolSection>
    </ToolPage>
  );
}
