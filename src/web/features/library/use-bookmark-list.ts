import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { matchesBookmarkFilter, type BookmarkFilter } from "@/shared/library/bookmark-filter";
import type { Paper } from "@/shared/paper";
import type { ServerBookmark } from "@/shared/user-data";
import { api } from "@/web/lib/api";
import type { BookmarkMap, LocalBookmark } from "@/web/lib/bookmark-store";
import { toLocalBookmark } from "@/web/lib/user-data/server-bookmark-store";
import { useBookmarks, useUserData } from "@/web/lib/user-stores";

/** One page of bookmarks for the list: papers carry the bookmark's date as `dateAdded`. */
export type BookmarkPage = {
  bookmarks: LocalBookmark[];
  papers: Paper[];
  total: number;
  status: "loading" | "ready" | "error";
  /** A newer page is on its way; the previous one still shows. */
  refreshing: boolean;
};

export const bookmarkListKeys = {
  all: ["bookmark-list"] as const,
  page: (userId: string, filter: BookmarkFilter, page: number, size: number, version: BookmarkMap) =>
    [...bookmarkListKeys.all, userId, filter, page, size, version] as const,
};

const paperOf = (bookmark: LocalBookmark): Paper => ({ ...bookmark.paperData, dateAdded: bookmark.dateAdded });

/** The device's bookmarks filtered and paged here (anonymous visitors), newest first. */
export function filterDeviceBookmarks(map: BookmarkMap, filter: BookmarkFilter, page: number, size: number): { bookmarks: LocalBookmark[]; total: number } {
  const matching = Object.values(map)
    .filter((bookmark) => matchesBookmarkFilter({ paper: bookmark.paperData, collections: bookmark.collections }, filter))
    .sort((a, b) => Date.parse(b.dateAdded) - Date.parse(a.dateAdded) || (a.paperId < b.paperId ? 1 : -1));
  return { bookmarks: matching.slice(page * size, page * size + size), total: matching.length };
}

/**
 * The Bookmarks page's rows. Signed-in users' bookmarks are filtered and paged by the server
 * (`GET /api/me/bookmarks?q=&author=&category=&limit=&offset=`), so page 1 of a 10,000-bookmark
 * library downloads 20 papers, not 10,000; anonymous visitors' are filtered on the device.
 * Any change to the bookmarks (toggle, sync, collections) asks for the page again.
 */
export function useBookmarkList(filter: BookmarkFilter, page: number, size: number): BookmarkPage {
  const { session } = useUserData();
  const map = useBookmarks();
  const signedIn = session.status === "signed-in";
  const userId = session.status === "signed-in" ? session.user.id : "";

  const server = useQuery({
    queryKey: bookmarkListKeys.page(userId, filter, page, size, map),
    enabled: signedIn,
    placeholderData: keepPreviousData,
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const query: Record<string, string | number> = { limit: size, offset: page * size };
      for (const [key, value] of Object.entries(filter)) if (value) query[key] = value;
      const answer = await api.get<{ bookmarks: ServerBookmark[]; total: number }>("/api/me/bookmarks", { query, signal });
      return { bookmarks: answer.bookmarks.map(toLocalBookmark), total: answer.total };
    },
  });

  const device = useMemo(() => (signedIn ? null : filterDeviceBookmarks(map, filter, page, size)), [signedIn, map, filter, page, size]);

  return useMemo((): BookmarkPage => {
    if (session.status === "loading") return { bookmarks: [], papers: [], total: 0, status: "loading", refreshing: false };
    if (device) return { ...device, papers: device.bookmarks.map(paperOf), status: "ready", refreshing: false };
    const data = server.data ?? { bookmarks: [], total: 0 };
    return {
      ...data,
      papers: data.bookmarks.map(paperOf),
      status: server.isError && !server.data ? "error" : server.data ? "ready" : "loading",
      refreshing: server.isPlaceholderData,
    };
  }, [session.status, device, server.data, server.isError, server.isPlaceholderData]);
}
