import { Outlet, useLocation } from "react-router";
import { PublicFooter } from "@/web/components/layout/public-footer";
import { PublicHeader } from "@/web/components/layout/public-header";
import { SkipLink } from "@/web/components/layout/skip-link";

const PUBLIC_MAIN_ID = "public-main";

/** The landing page and the static pages: a light header and footer, no app navigation. */
export function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink targetId={PUBLIC_MAIN_ID} />
      <PublicHeader showSectionLinks={pathname === "/"} />
      <main id={PUBLIC_MAIN_ID} tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
