import { useEffect, useId, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AlertTriangle, BookMarked, Check, Library, Loader2, LogIn, RefreshCw, Search, Trash2 } from "lucide-react";
import { APP_NAME, BREAKPOINT_LARGE_PX } from "@/shared/constants";
import type { Paper } from "@/shared/paper";
import { ZOTERO_FILTER_ITEM_TYPES, ZOTERO_LIST_PAGE_SIZE, ZOTERO_LIST_PAGE_SIZES } from "@/shared/zotero/zotero-constants";
import type { BibliographyResult } from "@/shared/zotero/zotero-contract";
import { ZOTERO_MESSAGES } from "@/shared/zotero/zotero-messages";
import { EmptyState } from "@/web/components/empty-state";
import { Pagination } from "@/web/components/pagination";
import { STACKED_ACTION } from "@/web/components/paper-list/paper-action-style";
import { PaperList } from "@/web/components/paper-list/paper-list";
import { PaperActions } from "@/web/features/library/paper-actions";
import { PaperListSkeleton } from "@/web/components/paper-list/paper-list-skeleton";
import type { PaperListSortOption } from "@/web/components/paper-list/paper-list-types";
import { ConfirmAction } from "@/web/components/confirm-action";
import { Button, buttonVariants } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { toast } from "@/web/components/ui/use-toast";
import { useMediaQuery } from "@/web/hooks/use-media-query";
import { api, isApiError } from "@/web/lib/api";
import { useSettings } from "@/web/lib/user-data/user-data-hooks";
import { useUserData } from "@/web/lib/user-data/user-stores";
import { cn } from "@/web/lib/utils";
import { useBibliography, useSignedInUserId, useZoteroActions, useZoteroStatus, type BibliographyParams } from "./zotero-queries";

const TYPE_LABELS: Record<(typeof ZOTERO_FILTER_ITEM_TYPES)[number], string> = {
  journalArticle: "Journal Article",
  preprint: "Preprint",
  book: "Book",
  thesis: "Thesis",
  conferencePaper: "Conference Paper",
  report: "Report",
  note: "Note",
};

/** The sort options, each Zotero's own sort (the list is paged on the server). */
const SORT_OPTIONS: readonly (PaperListSortOption & { zotero: NonNullable<BibliographyParams["sort"]> })[] = [
  { value: "added-desc", label: "Date Added (newest first)", column: "added", direction: "desc", zotero: "dateAdded" },
  { value: "added-asc", label: "Date Added (oldest first)", column: "added", direction: "asc", zotero: "dateAdded" },
  { value: "date-desc", label: "Item Date (newest first)", column: "date", direction: "desc", zotero: "date" },
  { value: "date-asc", label: "Item Date (oldest first)", column: "date", direction: "asc", zotero: "date" },
  { value: "title-asc", label: "Title (A–Z)", column: "title", direction: "asc", zotero: "title" },
  { value: "title-desc", label: "Title (Z–A)", column: "title", direction: "desc", zotero: "title" },
  { value: "authors-asc", label: "First author (A–Z)", column: "authors", direction: "asc", zotero: "creator" },
  { value: "authors-desc", label: "First author (Z–A)", column: "authors", direction: "desc", zotero: "creator" },
];
const DEFAULT_SORT = "added-desc";

function pageParams(searchParams: URLSearchParams) {
  const page = Math.max(0, Number.parseInt(searchParams.get("page") ?? "0", 10) || 0);
  const requested = Number.parseInt(searchParams.get("size") ?? "", 10);
  const size = (ZOTERO_LIST_PAGE_SIZES as readonly number[]).includes(requested) ? requested : ZOTERO_LIST_PAGE_SIZE;
  const sort = SORT_OPTIONS.some((option) => option.value === searchParams.get("sort")) ? searchParams.get("sort")! : DEFAULT_SORT;
  return { page, size, sort };
}

function hrefFor(page: number, size: number, sort: string): string {
  const params = new URLSearchParams();
  if (page > 0) params.set("page", String(page));
  if (size !== ZOTERO_LIST_PAGE_SIZE) params.set("size", String(size));
  if (sort !== DEFAULT_SORT) params.set("sort", sort);
  const query = params.toString();
  return query ? `/zotero-library?${query}` : "/zotero-library";
}

/** A row's Delete from Zotero, behind the spec's confirmation. */
function DeleteFromZotero({ paper }: { paper: Paper }) {
  const iconOnly = useMediaQuery(`(min-width: ${BREAKPOINT_LARGE_PX}px)`);
  const { deleteItem } = useZoteroActions();
  const [open, setOpen] = useState(false);
  if (!paper.zoteroKey) return null;
  const handleDelete = async () => {
    if (!paper.zoteroKey) {
      toast({ variant: "destructive", title: ZOTERO_MESSAGES.deletionFailed, description: ZOTERO_MESSAGES.invalidItemKey });
      return;
    }
    try {
      await deleteItem.mutateAsync(paper.zoteroKey);
      toast({ title: "Deleted from Zotero", description: paper.title });
    } catch (error) {
      const description = isApiError(error) && error.status > 0 ? ZOTERO_MESSAGES.deleteFailedStatus(error.status) : ZOTERO_MESSAGES.deletionUnexpected;
      toast({ variant: "destructive", title: ZOTERO_MESSAGES.deletionFailed, description });
    }
  };
  return (
    <>
      <Button
        variant="ghost"
        size={iconOnly ? "icon" : "sm"}
        aria-label={iconOnly ? "Delete from Zotero" : undefined}
        data-hint={iconOnly ? "Delete from Zotero" : undefined}
        className={cn(iconOnly ? "size-8" : STACKED_ACTION, "text-destructive hover:text-destructive")}
        disabled={deleteItem.isPending}
        onClick={() => setOpen(true)}
      >
        {deleteItem.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <Trash2 aria-hidden />}
        {iconOnly ? null : "Delete"}
      </Button>
      <ConfirmAction
        open={open}
        onOpenChange={setOpen}
        title="Are you sure?"
        description="This action will permanently delete the item from your Zotero library. It cannot be undone."
        confirmLabel="Delete"
        destructive
        onConfirm={() => void handleDelete()}
      />
    </>
  );
}

function FilterChip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        "inline-flex items-center gap-1 rounded-full border px-3 py-1 text-xs font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        pressed ? "border-primary bg-primary text-primary-foreground" : "border-border bg-background text-muted-foreground hover:bg-accent hover:text-foreground",
      )}
    >
      {pressed ? <Check aria-hidden className="size-3" /> : null}
      {children}
    </button>
  );
}

/**
 * /zotero-library: the user's live Zotero
 * library, searched (Enter or Search) and filtered by the chips (kept in the zoteroFilters
 * setting), paged on Zotero's side, with Read / View / PDF / Delete on each item.
 */
/**
 * Where the table has room for its optional columns (# and Date Added) beside a readable title
 * and the five row actions; narrower, they give their width to the title (a 1280-px window
 * with the sidebar left the title 140 px, wrapped to five or more lines).
 */
const ROOMY_TABLE_QUERY = "(min-width: 1536px)";

export function ZoteroLibraryPage() {
  const roomy = useMediaQuery(ROOMY_TABLE_QUERY);
  const { session } = useUserData();
  const userId = useSignedInUserId();
  const status = useZoteroStatus();
  const { settings, update } = useSettings();
  const filters = settings.zoteroFilters;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { page, size, sort } = pageParams(searchParams);
  const sortOption = SORT_OPTIONS.find((option) => option.value === sort)!;
  const [query, setQuery] = useState(filters.searchQuery);
  const baseId = useId();
  const connected = status.data?.connected === true;

  useEffect(() => setQuery(filters.searchQuery), [filters.searchQuery]);

  const params: BibliographyParams = {
    start: page * size,
    limit: size,
    q: filters.searchQuery,
    topLevelOnly: filters.topLevelOnly,
    itemTypes: filters.itemTypes,
    sort: sortOption.zotero,
    direction: sortOption.direction,
  };
  const library = useBibliography(params, connected);
  const result: BibliographyResult | undefined = library.data;
  const pageCount = Math.max(1, Math.ceil((result?.totalResults ?? 0) / size));
  const [refreshing, setRefreshing] = useState(false);

  const saveFilters = (patch: Partial<typeof filters>) => {
    void update({ zoteroFilters: { ...filters, ...patch } }).catch(() => undefined);
    if (page > 0) navigate(hrefFor(0, size, sort), { replace: true });
  };
  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    saveFilters({ searchQuery: query.trim() });
  };
  const toggleType = (type: string) => saveFilters({ itemTypes: filters.itemTypes.includes(type) ? filters.itemTypes.filter((t) => t !== type) : [...filters.itemTypes, type] });

  /** Refresh: asks Zotero whether anything changed since the version shown, and reloads when it did. */
  const handleRefresh = async () => {
    setRefreshing(true);
    try {
      if (result) {
        const changed = await api.get<BibliographyResult>("/api/zotero/bibliography", { query: { since: result.version, limit: 1 } });
        if (changed.version === result.version) {
          toast({ title: ZOTERO_MESSAGES.libraryUpToDate, description: ZOTERO_MESSAGES.noChangesSinceLastSync });
          return;
        }
      }
      await library.refetch();
    } catch {
      await library.refetch();
    } finally {
      setRefreshing(false);
    }
  };

  const header = (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="font-serif text-2xl font-semibold tracking-tight sm:text-3xl">Zotero Library</h1>
        <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
          {connected && result ? `${result.totalResults} ${result.totalResults === 1 ? "item" : "items"}${status.data?.username ? ` · ${status.data.username}` : ""}` : "\u00a0"}
        </p>
      </div>
      {connected ? (
        <Button variant="outline" onClick={() => void handleRefresh()} disabled={refreshing || library.isFetching}>
          <RefreshCw aria-hidden className={cn((refreshing || library.isFetching) && "animate-spin")} />
          Refresh
        </Button>
      ) : null}
    </div>
  );

  let body;
  if (!userId) {
    body = (
      <EmptyState
        icon={LogIn}
        title="Sign in to use Zotero"
        actions={
          <Link to="/auth?redirect=/zotero-library" className={buttonVariants()}>
            Sign in
          </Link>
        }
      >
        Connecting a Zotero library needs a {APP_NAME} account.
      </EmptyState>
    );
  } else if (status.isPending && session.status === "signed-in") {
    body = <PaperListSkeleton />;
  } else if (!connected) {
    body = (
      <EmptyState
        icon={Library}
        title={ZOTERO_MESSAGES.notConnectedTitle}
        actions={
          <Link to="/settings?zotero=1" className={buttonVariants()}>
            Connect
          </Link>
        }
      >
        {status.data?.state === "credentials_saved" ? "Your Zotero credentials are saved but not in use. Reconnect in Settings." : ZOTERO_MESSAGES.notConnectedBody}
      </EmptyState>
    );
  } else if (library.isError && !result) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-destructive/40 bg-destructive/5 px-6 py-10 text-center">
        <AlertTriangle aria-hidden className="size-7 text-destructive" />
        <h2 className="font-serif text-lg font-semibold">{ZOTERO_MESSAGES.libraryLoadError}</h2>
        <p className="text-sm text-muted-foreground">{isApiError(library.error) ? library.error.message : "Zotero could not be reached."}</p>
        <Button variant="outline" onClick={() => void library.refetch()}>
          Try Again
        </Button>
      </div>
    );
  } else if (!result) {
    body = <PaperListSkeleton />;
  } else if (result.items.length === 0) {
    body = (
      <div className="rounded-xl border border-dashed border-border px-6 py-12 text-center">
        <BookMarked aria-hidden className="mx-auto size-8 text-muted-foreground" />
        <h2 className="mt-3 font-serif text-lg font-semibold">{ZOTERO_MESSAGES.noItemsFound}</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {filters.searchQuery || filters.itemTypes.length > 0 ? "Nothing matches this search and these filters." : "Your Zotero library is empty. Export papers to it from any list."}
        </p>
      </div>
    );
  } else {
    body = (
      <>
        <PaperList
          tableId="zotero-library"
          label="Zotero library items"
          papers={result.items}
          // Export to Zotero is not offered on Zotero's own items: Delete takes its place.
          columns={{ index: roomy, startIndex: page * size, dateLabel: "Item Date", ...(roomy ? { added: "Date Added" } : {}), extraActionCount: 1 }}
          sorting={{ options: SORT_OPTIONS, value: sort, onChange: (value) => navigate(hrefFor(0, size, value)) }}
          busy={library.isFetching}
          renderActions={(paper, layout) => <PaperActions paper={paper} layout={layout} extra={<DeleteFromZotero paper={paper} />} />}
        />
        <Pagination
          label="Zotero library pages"
          page={Math.min(page, pageCount - 1)}
          pageCount={pageCount}
          hrefForPage={(target) => hrefFor(target, size, sort)}
          pageSize={size}
          pageSizeOptions={ZOTERO_LIST_PAGE_SIZES}
          onPageSizeChange={(next) => navigate(hrefFor(0, next, sort))}
        />
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>{`Zotero Library · ${APP_NAME}`}</title>
      {header}
      {connected ? (
        <div className="mt-6 space-y-3">
          <form role="search" aria-label="Search the Zotero library" onSubmit={handleSearch} className="flex gap-2">
            <div className="relative flex-1">
              <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input
                id={`${baseId}-q`}
                type="search"
                aria-label="Search your Zotero library"
                value={query}
                maxLength={500}
                placeholder="Title, creator or year"
                onChange={(event) => setQuery(event.target.value)}
                className="pl-8"
              />
            </div>
            <Button type="submit">Search</Button>
          </form>
          <div role="group" aria-label="Filters" className="flex flex-wrap gap-2">
            <FilterChip pressed={filters.topLevelOnly} onClick={() => saveFilters({ topLevelOnly: !filters.topLevelOnly })}>
              Top-level only
            </FilterChip>
            {ZOTERO_FILTER_ITEM_TYPES.map((type) => (
              <FilterChip key={type} pressed={filters.itemTypes.includes(type)} onClick={() => toggleType(type)}>
                {TYPE_LABELS[type]}
              </FilterChip>
            ))}
          </div>
        </div>
      ) : null}
      <div className="mt-6 space-y-4">{body}</div>
    </div>
  );
}
