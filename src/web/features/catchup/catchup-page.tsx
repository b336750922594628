import { useId, useMemo } from "react";
import type { CatchupFeedRequest } from "@/shared/catchup";
import { APP_NAME } from "@/shared/constants";
import { PullToRefreshIndicator } from "@/web/components/pull-to-refresh/pull-to-refresh-indicator";
import { usePullToRefresh } from "@/web/components/pull-to-refresh/use-pull-to-refresh";
import { useProfile, useSettings } from "@/web/lib/user-data/user-data-hooks";
import { useBookmarks } from "@/web/lib/user-data/user-stores";
import { CatchupChangesSection } from "@/web/features/paper-changes/catchup-changes-section";
import { CatchupFilters } from "./catchup-filters";
import { useCatchupFeed } from "./catchup-queries";
import { ColdStartPrompt } from "./cold-start-prompt";
import { CatchupResults } from "./catchup-results";
import { ResearchProfileCard } from "./research-profile-card";
import { useCatchupFilters, useCatchupLoading } from "./use-catchup-controls";

/** /catchup ("Paper Catchup"): recent papers of the profile's categories, scored by the research profile. */
export function CatchupPage() {
  const baseId = useId();
  const { profile, status: profileStatus } = useProfile();
  const { settings, status: settingsStatus } = useSettings();
  const bookmarks = useBookmarks();
  const filters = useCatchupFilters(profile.researchCategories);
  const loading = useCatchupLoading(settings.autoLoadCatchup, settingsStatus);

  const bookmarkedIds = useMemo(() => (filters.filter === "bookmarked" ? Object.keys(bookmarks) : undefined), [filters.filter, bookmarks]);
  const request: CatchupFeedRequest = {
    profile: {
      categories: profile.researchCategories,
      keywords: profile.researchInterests,
      authors: profile.authorNames,
      excludeTerms: profile.excludeTerms,
    },
    categories: filters.categories,
    range: filters.range,
    threshold: Math.round(filters.threshold * 100) / 100,
    tab: filters.tab,
    filter: filters.filter,
    author: filters.author || undefined,
    bookmarkedIds,
    page: filters.page,
  };
  const feed = useCatchupFeed(request, { enabled: loading.enabled && profileStatus !== "loading", refreshKey: loading.refreshKey });
  const data = feed.data;
  const pull = usePullToRefresh(() => loading.refresh());

  const ids = {
    author: `${baseId}-author`,
    category: `${baseId}-category`,
    range: `${baseId}-range`,
    sensitivity: `${baseId}-sensitivity`,
    filter: `${baseId}-filter`,
  };
  const failed = feed.isError;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <title>{`Paper Catchup · ${APP_NAME}`}</title>
      <PullToRefreshIndicator pull={pull} />
      <h1 className="font-serif text-2xl font-semibold tracking-tight sm:text-3xl">Paper Catchup</h1>
      <p className="mt-1 text-sm text-muted-foreground">New papers in your categories, ranked by your research profile.</p>
      <CatchupChangesSection />

      <div className="mt-5 grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <CatchupFilters
          filters={filters}
          ids={ids}
          loadedOnce={loading.loadedOnce}
          fetching={feed.isFetching && loading.enabled}
          waiting={loading.enabled && feed.isFetching && !data}
          onLoad={loading.load}
        />
        <ResearchProfileCard profile={profile} />
      </div>

      <ColdStartPrompt papers={data?.coldStart} />

      <CatchupResults
        filters={filters}
        filterId={ids.filter}
        data={data}
        loadedOnce={loading.loadedOnce}
        failed={failed}
        showSkeleton={loading.enabled && !data && !failed}
        fetching={feed.isFetching}
      />
    </div>
  );
}
