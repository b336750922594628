import { Outlet, ScrollRestoration, useNavigation, type Location } from "react-router";

/** A thin bar at the top while the next page's code loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-[60] h-0.5 origin-left animate-pulse bg-primary"
    />
  );
}

/**
 * Every page opened by a full load (typed URL, reload, link from outside) has the history key
 * "default": keyed by it, /bookmarks opened after scrolling /search was scrolled to where /search
 * was. Those entries are keyed by their address instead; in-app entries keep their own key.
 */
function scrollKey(location: Location): string {
  return location.key === "default" ? `${location.pathname}${location.search}` : location.key;
}

export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
      {/* Restores scroll on back/forward and scrolls to #anchors (the landing page's sections). */}
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
