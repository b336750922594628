import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { NAV_ITEMS } from "@/web/components/layout/nav-items";
import { cn } from "@/web/lib/utils";

/** Phone navigation (tabs layout): every section in a scrollable strip under the header. */
export function MobileTabStrip() {
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();

  // Keep the current section's tab in view when the strip is wider than the screen.
  useEffect(() => {
    const active = listRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    active?.scrollIntoView({ block: "nearest", inline: "center" });
  }, [pathname]);

  return (
    <nav aria-label="Main" className="sticky top-14 z-30 border-b border-border bg-background/95 backdrop-blur">
      <ul ref={listRef} className="scrollbar-none flex overflow-x-auto px-2">
        {NAV_ITEMS.map((item) => {
          const Icon = item.icon;
          return (
            <li key={item.to} className="shrink-0">
              <NavLink
                to={item.to}
                className={({ isActive }) =>
                  cn(
                    "flex h-11 items-center gap-1.5 border-b-2 border-transparent px-3 text-sm whitespace-nowrap text-muted-foreground transition-colors outline-none focus-visible:bg-accent",
                    isActive && "border-primary font-medium text-foreground",
                  )
                }
              >
                <Icon className="size-4" aria-hidden />
                {item.label}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
