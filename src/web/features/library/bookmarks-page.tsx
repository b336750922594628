import { useId } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Bookmark, Search, X } from "lucide-react";
import { APP_NAME, LIST_DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from "@/shared/constants";
import { countOf } from "@/shared/plural";
import { Pagination } from "@/web/components/pagination";
import { CategoryPicker } from "@/web/components/paper-list/category-picker";
import { PaperList } from "@/web/components/paper-list/paper-list";
import { PaperActions } from "@/web/features/library/paper-actions";
import { PaperListSkeleton } from "@/web/components/paper-list/paper-list-skeleton";
import { Button, buttonVariants } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { useUserData } from "@/web/lib/user-data/user-stores";
import { PaperChangeBadge } from "@/web/features/paper-changes/paper-change-badge";
import { BookmarkRowActions } from "./bookmark-row-actions";
import { SendToZoteroButton } from "@/web/features/zotero/send-to-zotero-button";
import { ExportMenu } from "./export-menu";
import { FixPaperDataButton } from "./fix-paper-data-button";
import { allBookmarks } from "./library-export";
import { SyncMenu } from "./sync-menu";
import { useBookmarkFilters } from "./use-bookmark-filters";
import { useBookmarkList } from "./use-bookmark-list";

function pageParams(searchParams: URLSearchParams): { page: number; size: number } {
  const page = Math.max(0, Number.parseInt(searchParams.get("page") ?? "0", 10) || 0);
  const requested = Number.parseInt(searchParams.get("size") ?? "", 10);
  const size = (PAGE_SIZE_OPTIONS as readonly number[]).includes(requested) ? requested : LIST_DEFAULT_PAGE_SIZE;
  return { page, size };
}

function hrefFor(page: number, size: number): string {
  const params = new URLSearchParams();
  if (page > 0) params.set("page", String(page));
  if (size !== LIST_DEFAULT_PAGE_SIZE) params.set("size", String(size));
  const query = params.toString();
  return query ? `/bookmarks?${query}` : "/bookmarks";
}

/**
 * /bookmarks, "Bookmarked Papers": search box, author and category
 * filters (remembered in the bookmarkFilters cache entry), the paper list with Date Added and
 * paging, the Export menu, the Sync menu for signed-in users and Fix Paper Data.
 */
export function BookmarksPage() {
  const { session, stores } = useUserData();
  const signedIn = session.status === "signed-in";
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { page, size } = pageParams(searchParams);
  const filters = useBookmarkFilters();
  const list = useBookmarkList(filters.applied, page, size);
  const baseId = useId();
  const filtered = Boolean(filters.applied.q || filters.applied.author || filters.applied.category);
  const pageCount = Math.max(1, Math.ceil(list.total / size));

  const handleFilter = (patch: Parameters<typeof filters.setInput>[0]) => {
    filters.setInput(patch);
    if (page > 0) navigate(hrefFor(0, size), { replace: true });
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>{`Bookmarks · ${APP_NAME}`}</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-2xl font-semibold tracking-tight sm:text-3xl">Bookmarked Papers</h1>
          <p className="mt-1 text-sm text-muted-foreground" aria-live="polite">
            {list.status === "ready" ? countOf(list.total, filtered ? "matching bookmark" : "bookmark") : "\u00a0"}
            {signedIn ? " · saved to your account" : " · saved on this device"}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SendToZoteroButton load={() => allBookmarks(stores)} />
          <ExportMenu load={() => allBookmarks(stores)} />
          {signedIn ? <SyncMenu /> : null}
          <FixPaperDataButton load={() => allBookmarks(stores)} />
        </div>
      </div>

      <div role="search" aria-label="Filter bookmarks" className="mt-6 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
        <div className="space-y-1.5">
          <Label htmlFor={`${baseId}-q`}>Search bookmarks</Label>
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              id={`${baseId}-q`}
              type="search"
              value={filters.input.q}
              maxLength={300}
              placeholder="Title, author or abstract"
              onChange={(event) => handleFilter({ q: event.target.value })}
              className="pl-8"
            />
          </div>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${baseId}-author`}>Author</Label>
          <Input id={`${baseId}-author`} value={filters.input.author} maxLength={300} placeholder="Any author" onChange={(event) => handleFilter({ author: event.target.value })} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${baseId}-category`}>Category</Label>
          <CategoryPicker id={`${baseId}-category`} value={filters.input.category} onChange={(category) => handleFilter({ category })} />
        </div>
        <Button variant="ghost" onClick={filters.clear} disabled={!filtered} className="justify-self-start">
          <X aria-hidden />
          Clear filters
        </Button>
      </div>

      <div className="mt-6 space-y-4">
        {list.status === "loading" ? (
          <PaperListSkeleton />
        ) : list.status === "error" ? (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
            Failed to load bookmarks
          </p>
        ) : list.total === 0 ? (
          <div className="rounded-xl border border-dashed border-border px-6 py-12 text-center">
            <Bookmark aria-hidden className="mx-auto size-8 text-muted-foreground" />
            <h2 className="mt-3 font-serif text-lg font-semibold">{filtered ? "No bookmarks match these filters" : "No bookmarks yet"}</h2>
            <p className="mt-1 text-sm text-muted-foreground">
              {filtered ? "Try other words, or clear the filters." : "Bookmark papers from search, the reader or catch-up and they appear here."}
            </p>
            {filtered ? null : (
              <Link to="/search" className={buttonVariants({ className: "mt-4" })}>
                Search papers
              </Link>
            )}
          </div>
        ) : (
          <>
            <PaperList
              tableId="bookmarks"
              label="Bookmarked papers"
              papers={list.papers}
              columns={{ added: "Date Added", extraActionCount: 2 }}
              busy={list.refreshing}
              renderActions={(paper, layout) => <PaperActions paper={paper} layout={layout} keptVersion extra={<BookmarkRowActions paper={paper} />} />}
              renderNote={(paper) => <PaperChangeBadge paper={paper} />}
            />
            <Pagination
              label="Bookmark pages"
              page={Math.min(page, pageCount - 1)}
              pageCount={pageCount}
              hrefForPage={(target) => hrefFor(target, size)}
              pageSize={size}
              pageSizeOptions={PAGE_SIZE_OPTIONS}
              onPageSizeChange={(next) => navigate(hrefFor(0, next))}
            />
          </>
        )}
      </div>
    </div>
  );
}
