import { Outlet, ScrollRestoration, useNavigation } from "react-router";

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

export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
      {/* Restores scroll on back/forward and scrolls to #anchors (the landing page's sections). */}
      <ScrollRestoration />
    </>
  );
}
