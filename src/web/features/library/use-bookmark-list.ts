import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { BookmarkFilter } from "@/shared/library/bookmark-filter";
import type { Paper } from "@/shared/paper";
import type { LocalBookmark } from "@/web/lib/user-data/bookmark-store";
import { useBookmarkRevision, useUserData } from "@/web/lib/user-data/user-stores";

/** One page of bookmarks for the list: papers carry the bookmark's date as `dateAdded`. */
export type BookmarkPage = {
  bookmarks: LocalBookmark[];
  papers: Paper[];
  total: number;
  status: "loading" | "ready" | "error";
  /** A newer page is on its way; the previous one still shows. */
  refreshing: boolean;
};

/** Rows of the library's lists; a key holds whose library it is and the store's revision. */
export const bookmarkListKeys = {
  all: ["bookmark-list"] as const,
  page: (owner: string, filter: BookmarkFilter, page: number, size: number, revision: number) =>
    [...bookmarkListKeys.all, owner, "page", filter, page, size, revision] as const,
  collection: (owner: string, name: string, revision: number) => [...bookmarkListKeys.all, owner, "collection", name, revision] as const,
};

const paperOf = (bookmark: LocalBookmark): Paper => ({ ...bookmark.paperData, dateAdded: bookmark.dateAdded });

/** Whose library the stores hold: a user id, "device", or "" while the session is loading. */
function useLibraryOwner(): { owner: string; loading: boolean } {
  const { session } = useUserData();
  if (session.status === "signed-in") return { owner: session.user.id, loading: false };
  return { owner: session.status === "anonymous" ? "device" : "", loading: session.status === "loading" };
}

/**
 * The Bookmarks page's rows, from the store's `page`: a signed-in
 * library is filtered and paged by the server (`GET /api/me/bookmarks?q=&author=&category=&limit=&offset=`),
 * so page 1 of a 10,000-bookmark library downloads 20 papers and never waits for the rest;
 * the device's bookmarks are filtered here. A change made through the store (toggle, sync,
 * collections) moves its revision, and the page is asked for again.
 */
export function useBookmarkList(filter: BookmarkFilter, page: number, size: number): BookmarkPage {
  const { stores } = useUserData();
  const { owner, loading } = useLibraryOwner();
  const revision = useBookmarkRevision();
  const query = useQuery({
    queryKey: bookmarkListKeys.page(owner, filter, page, size, revision),
    enabled: !loading,
    placeholderData: keepPreviousData,
    staleTime: 0,
    queryFn: ({ signal }) => stores.bookmarks.page(filter, page, size, signal),
  });
  return useMemo((): BookmarkPage => {
    const data = query.data ?? { bookmarks: [], total: 0 };
    return {
      ...data,
      papers: data.bookmarks.map(paperOf),
      status: loading || (!query.data && !query.isError) ? "loading" : query.isError && !query.data ? "error" : "ready",
      refreshing: query.isPlaceholderData,
    };
  }, [loading, query.data, query.isError, query.isPlaceholderData]);
}

/** Every paper of one collection, newest first (the Collections page lists a collection whole). */
export function useCollectionPapers(name: string | null): { papers: Paper[]; status: "loading" | "ready" | "error" } {
  const { stores } = useUserData();
  const { owner, loading } = useLibraryOwner();
  const revision = useBookmarkRevision();
  const query = useQuery({
    queryKey: bookmarkListKeys.collection(owner, name ?? "", revision),
    enabled: !loading && name !== null,
    // The same collection's previous rows while a change is fetched, never another collection's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === (name ?? "") ? previous : undefined),
    staleTime: 0,
    queryFn: () => stores.bookmarks.all(name ?? undefined),
  });
  const papers = useMemo(() => (query.data ?? []).map(paperOf), [query.data]);
  return { papers: name === null ? [] : papers, status: query.isError && !query.data ? "error" : query.data ? "ready" : "loading" };
}
