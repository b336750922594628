import { useState } from "react";
import { NavLink } from "react-router";
import { ChevronDown } from "lucide-react";
import { STORAGE_KEYS } from "@/shared/constants";
import type { CurrentUser } from "@/web/hooks/use-current-user";
import { ADMIN_NAV_ITEMS, NAV_ITEMS, type NavItem } from "@/web/components/layout/nav-items";
import { userInitial } from "@/web/components/layout/user-menu";
import { readString, writeString } from "@/web/lib/storage";
import { cn } from "@/web/lib/utils";

export const SIDEBAR_ID = "app-sidebar";

function SidebarLink({ item, collapsed }: { item: NavItem; collapsed: boolean }) {
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      data-hint={collapsed ? item.label : undefined}
      data-hint-side="right"
      className={({ isActive }) =>
        cn(
          "relative flex h-9 items-center gap-3 rounded-md px-2.5 text-sm text-sidebar-foreground/80 transition-colors outline-none hover:bg-sidebar-accent hover:text-sidebar-foreground focus-visible:ring-2 focus-visible:ring-ring",
          collapsed && "justify-center px-0",
          isActive &&
            "bg-sidebar-accent font-medium text-sidebar-foreground before:absolute before:inset-y-1.5 before:-left-3 before:w-[3px] before:rounded-r-full before:bg-primary",
        )
      }
    >
      <Icon className="size-[1.1rem] shrink-0" aria-hidden />
      {/* Collapsed, the label stays for screen readers and the hint shows it to everyone else. */}
      <span className={cn("truncate", collapsed && "sr-only")}>{item.label}</span>
    </NavLink>
  );
}

function SidebarSection({ items, collapsed, id }: { items: readonly NavItem[]; collapsed: boolean; id?: string }) {
  return (
    <ul id={id} className="flex flex-col gap-0.5">
      {items.map((item) => (
        <li key={item.to}>
          <SidebarLink item={item} collapsed={collapsed} />
        </li>
      ))}
    </ul>
  );
}

const DEVELOPER_TOOLS_LIST_ID = "sidebar-developer-tools";

/**
 * The Developer Tools group (admins only), collapsible; whether it is open is remembered on
 * the device. In the icon rail its icons always show.
 */
function DeveloperToolsGroup({ collapsed }: { collapsed: boolean }) {
  const [open, setOpen] = useState(() => readString(STORAGE_KEYS.developerToolsOpen) !== "false");
  const handleToggle = () => {
    setOpen(!open);
    writeString(STORAGE_KEYS.developerToolsOpen, String(!open));
  };
  return (
    <div role="group" aria-labelledby="sidebar-admin-heading" className={cn("mt-6", collapsed && "mt-4 border-t border-sidebar-border pt-4")}>
      {collapsed ? (
        <p id="sidebar-admin-heading" className="sr-only">
          Developer Tools
        </p>
      ) : (
        <button
          type="button"
          id="sidebar-admin-heading"
          aria-expanded={open}
          aria-controls={DEVELOPER_TOOLS_LIST_ID}
          onClick={handleToggle}
          className="mb-1.5 flex w-full items-center justify-between rounded-md px-2.5 py-1 text-[0.7rem] font-semibold tracking-wider text-muted-foreground uppercase outline-none hover:text-sidebar-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          Developer Tools
          <ChevronDown className={cn("size-3.5 transition-transform", !open && "-rotate-90")} aria-hidden />
        </button>
      )}
      {open || collapsed ? <SidebarSection id={DEVELOPER_TOOLS_LIST_ID} items={ADMIN_NAV_ITEMS} collapsed={collapsed} /> : null}
    </div>
  );
}

type AppSidebarProps = {
  collapsed: boolean;
  user: CurrentUser | null;
  showAdmin: boolean;
};

/** Desktop and tablet navigation: w-64 with labels, or an icon rail when collapsed. */
export function AppSidebar({ collapsed, user, showAdmin }: AppSidebarProps) {
  return (
    <aside
      id={SIDEBAR_ID}
      data-state={collapsed ? "collapsed" : "expanded"}
      className={cn(
        "sticky top-14 flex h-[calc(100dvh-3.5rem)] shrink-0 flex-col border-r border-sidebar-border bg-sidebar transition-[width] duration-200",
        collapsed ? "w-16" : "w-64",
      )}
    >
      <nav aria-label="Main" className="flex-1 overflow-x-hidden overflow-y-auto px-3 py-4">
        <SidebarSection items={NAV_ITEMS} collapsed={collapsed} />
        {showAdmin ? <DeveloperToolsGroup collapsed={collapsed} /> : null}
      </nav>
      {user || !collapsed ? (
        <div className="border-t border-sidebar-border p-3">
          {user ? (
            <div className={cn("flex items-center gap-2.5", collapsed && "justify-center")} title={user.email}>
              <span
                aria-hidden
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
              >
                {userInitial(user.email)}
              </span>
              <span className={cn("min-w-0", collapsed && "sr-only")}>
                <span className="block text-xs text-muted-foreground">Signed in as</span>
                <span className="block truncate text-sm font-medium">{user.email}</span>
              </span>
            </div>
          ) : (
            <p className="px-1 text-xs leading-relaxed text-muted-foreground">
              Not signed in: your library is kept on this device.
            </p>
          )}
        </div>
      ) : null}
    </aside>
  );
}
