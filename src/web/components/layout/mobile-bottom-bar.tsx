import { NavLink } from "react-router";
import { Menu } from "lucide-react";
import { BOTTOM_BAR_ITEMS } from "@/web/components/layout/nav-items";
import { cn } from "@/web/lib/utils";

const itemClassName =
  "flex h-full flex-col items-center justify-center gap-1 text-[0.6875rem] font-medium text-muted-foreground transition-colors outline-none focus-visible:bg-accent";

/** Phone navigation (bottom-nav layout): four sections plus Menu for everything else. */
export function MobileBottomBar({ menuOpen, onOpenMenu }: { menuOpen: boolean; onOpenMenu: () => void }) {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="grid h-16 grid-cols-5">
        {BOTTOM_BAR_ITEMS.map((item) => {
          const Icon = item.icon;
          return (
            <li key={item.to}>
              <NavLink
                to={item.to}
                className={({ isActive }) => cn(itemClassName, isActive && "text-primary")}
              >
                <Icon className="size-5" aria-hidden />
                {item.label}
              </NavLink>
            </li>
          );
        })}
        <li>
          <button
            type="button"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={onOpenMenu}
            className={cn(itemClassName, "w-full", menuOpen && "text-primary")}
          >
            <Menu className="size-5" aria-hidden />
            Menu
          </button>
        </li>
      </ul>
    </nav>
  );
}
