import { lazy, Suspense, useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { PAGE_VIEW_EVENT } from "@/shared/admin";
import { STORAGE_KEYS } from "@/shared/constants";
import { hasRole } from "@/shared/roles";
import { useCurrentUser } from "@/web/hooks/use-current-user";
import { useScreenSize, type ScreenSize } from "@/web/hooks/use-media-query";
import { useMobileLayout } from "@/web/hooks/use-mobile-layout";
import { track } from "@/web/lib/analytics";
import { useAdminDebugConsole } from "@/web/lib/debug-console";
import { writeString } from "@/web/lib/storage";
import { cn } from "@/web/lib/utils";
import { AppHeader } from "@/web/components/layout/app-header";
import { AppSidebar } from "@/web/components/layout/app-sidebar";
import { MobileBottomBar } from "@/web/components/layout/mobile-bottom-bar";
import { MobileTabStrip } from "@/web/components/layout/mobile-tab-strip";
import { MENU_ONLY_ITEMS, NAV_ITEMS } from "@/web/components/layout/nav-items";
import { SkipLink } from "@/web/components/layout/skip-link";

/** The phone Menu (a Radix dialog) loads on the first tap: most visits never open it. */
const loadMobileMenuSheet = () => import("@/web/components/layout/mobile-menu-sheet");
const MobileMenuSheet = lazy(() => loadMobileMenuSheet().then((m) => ({ default: m.MobileMenuSheet })));

export const MAIN_CONTENT_ID = "main-content";

/**
 * The sidebar starts collapsed on the condensed tablet layout and expanded on desktop.
 * A manual toggle holds only for the screen size it was made on, so rotating a tablet
 * or widening a window returns to that size's default.
 */
function useSidebarCollapsed(screenSize: ScreenSize): [boolean, () => void] {
  const [override, setOverride] = useState<{ size: ScreenSize; collapsed: boolean } | null>(null);
  const collapsed = override?.size === screenSize ? override.collapsed : screenSize !== "desktop";
  const toggle = () => setOverride({ size: screenSize, collapsed: !collapsed });
  return [collapsed, toggle];
}

/** Remembers where the user was, so the native app can reopen there. */
function usePersistLastRoute(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    writeString(STORAGE_KEYS.lastRoute, `${pathname}${search}`);
  }, [pathname, search]);
}

/** Counts each app page opened, by its section (/search, /paper...): ids and queries are never sent. */
function useTrackPageViews(): void {
  const { pathname } = useLocation();
  const section = `/${pathname.split("/")[1] ?? ""}`;
  useEffect(() => {
    track(PAGE_VIEW_EVENT, { path: section });
  }, [section, pathname]);
}

/** The chrome around every app page: header, sidebar or phone navigation, and main. */
export function AppLayout() {
  const session = useCurrentUser();
  const showAdmin = hasRole(session.user, "admin");
  const screenSize = useScreenSize();
  const [mobileLayout, setMobileLayout] = useMobileLayout();
  const [sidebarCollapsed, toggleSidebar] = useSidebarCollapsed(screenSize);
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();

  usePersistLastRoute();
  useTrackPageViews();
  useAdminDebugConsole(session.user);

  // A route change (back button, a link inside a page) closes the phone menu.
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  const isPhone = screenSize === "phone";
  const phoneLayout = isPhone ? mobileLayout : null;
  const showSidebar = !isPhone || phoneLayout === "condensed";
  const [menuLoaded, setMenuLoaded] = useState(false);
  const handleOpenMenu = () => {
    setMenuLoaded(true);
    setMenuOpen(true);
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <AppHeader
        session={session}
        sidebar={isPhone ? undefined : { collapsed: sidebarCollapsed, onToggle: toggleSidebar }}
        menu={isPhone && phoneLayout !== "bottom-nav" ? { open: menuOpen, onOpen: handleOpenMenu } : undefined}
      />
      {phoneLayout === "tabs" ? <MobileTabStrip /> : null}
      <div className="flex flex-1">
        {showSidebar ? (
          <AppSidebar collapsed={isPhone || sidebarCollapsed} user={session.user} showAdmin={showAdmin} />
        ) : null}
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className={cn("min-w-0 flex-1 outline-none", phoneLayout === "bottom-nav" && "pb-[calc(4rem+env(safe-area-inset-bottom))]")}
        >
          <Outlet />
        </main>
      </div>
      {phoneLayout === "bottom-nav" ? <MobileBottomBar menuOpen={menuOpen} onOpenMenu={handleOpenMenu} /> : null}
      {isPhone && menuLoaded ? (
        <Suspense fallback={null}>
        <MobileMenuSheet
          open={menuOpen}
          onOpenChange={setMenuOpen}
          side={phoneLayout === "bottom-nav" ? "bottom" : "left"}
          items={phoneLayout === "bottom-nav" ? MENU_ONLY_ITEMS : NAV_ITEMS}
          user={session.user}
          showAdmin={showAdmin}
          layout={mobileLayout}
          onLayoutChange={setMobileLayout}
        />
        </Suspense>
      ) : null}
    </div>
  );
}
