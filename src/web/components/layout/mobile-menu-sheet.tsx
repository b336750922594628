import { Link, NavLink } from "react-router";
import { LogOut, Menu, PanelBottom, PanelLeft, PanelTop, type LucideIcon } from "lucide-react";
import { MOBILE_LAYOUTS, type MobileLayout } from "@/shared/constants";
import type { CurrentUser } from "@/web/hooks/use-current-user";
import { ADMIN_NAV_ITEMS, type NavItem } from "@/web/components/layout/nav-items";
import { useSignOut, userInitial } from "@/web/components/layout/user-menu";
import { Button } from "@/web/components/ui/button";
import { Separator } from "@/web/components/ui/separator";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/web/components/ui/sheet";
import { cn } from "@/web/lib/utils";

const LAYOUT_OPTIONS: Record<MobileLayout, { label: string; hint: string; icon: LucideIcon }> = {
  "bottom-nav": { label: "Bottom bar", hint: "Bar along the bottom", icon: PanelBottom },
  drawer: { label: "Drawer", hint: "Menu button in the header", icon: Menu },
  tabs: { label: "Tabs", hint: "Scrollable strip on top", icon: PanelTop },
  condensed: { label: "Condensed", hint: "Icon rail on the side", icon: PanelLeft },
};

function MenuLinks({ items, onNavigate }: { items: readonly NavItem[]; onNavigate: () => void }) {
  return (
    <ul className="flex flex-col gap-0.5">
      {items.map((item) => {
        const Icon = item.icon;
        return (
          <li key={item.to}>
            <NavLink
              to={item.to}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  "flex h-11 items-center gap-3 rounded-md px-3 text-[0.9375rem] transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring",
                  isActive && "bg-accent font-medium text-primary",
                )
              }
            >
              <Icon className="size-[1.15rem] text-muted-foreground" aria-hidden />
              {item.label}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}

type MobileMenuSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: "left" | "bottom";
  /** The sections not already reachable from the screen. */
  items: readonly NavItem[];
  user: CurrentUser | null;
  showAdmin: boolean;
  layout: MobileLayout;
  onLayoutChange: (layout: MobileLayout) => void;
};

/** The phone Menu: remaining sections, the account, and the navigation-style choice. */
export function MobileMenuSheet({
  open,
  onOpenChange,
  side,
  items,
  user,
  showAdmin,
  layout,
  onLayoutChange,
}: MobileMenuSheetProps) {
  const { signOut, isSigningOut } = useSignOut();
  const handleNavigate = () => onOpenChange(false);

  const handleSignOut = () => {
    onOpenChange(false);
    void signOut();
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side={side} className="gap-0 overflow-y-auto">
        <SheetHeader className="pb-3">
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription className="sr-only">
            More sections, your account, and how navigation looks on this phone.
          </SheetDescription>
        </SheetHeader>

        <div className="flex flex-col gap-5 px-3 pb-6">
          {items.length > 0 ? (
            <nav aria-label="More">
              <MenuLinks items={items} onNavigate={handleNavigate} />
            </nav>
          ) : null}

          {showAdmin ? (
            <nav aria-label="Developer Tools">
              <p className="mb-1 px-3 text-[0.7rem] font-semibold tracking-wider text-muted-foreground uppercase">
                Developer Tools
              </p>
              <MenuLinks items={ADMIN_NAV_ITEMS} onNavigate={handleNavigate} />
            </nav>
          ) : null}

          <Separator />

          <section aria-label="Account" className="px-2">
            {user ? (
              <div className="flex items-center gap-3">
                <span
                  aria-hidden
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
                >
                  {userInitial(user.email)}
                </span>
                <span className="min-w-0 flex-1 truncate text-sm font-medium">{user.email}</span>
                <Button variant="outline" size="sm" onClick={handleSignOut} disabled={isSigningOut}>
                  <LogOut aria-hidden />
                  Sign Out
                </Button>
              </div>
            ) : (
              <div className="flex items-center justify-between gap-3">
                <p className="text-sm text-muted-foreground">Your library is kept on this device.</p>
                <Button asChild size="sm">
                  <Link to="/auth" onClick={handleNavigate}>
                    Sign In
                  </Link>
                </Button>
              </div>
            )}
          </section>

          <Separator />

          <fieldset className="px-2">
            <legend className="mb-2.5 text-sm font-medium">Navigation style</legend>
            <div className="grid grid-cols-2 gap-2">
              {MOBILE_LAYOUTS.map((value) => {
                const option = LAYOUT_OPTIONS[value];
                const Icon = option.icon;
                return (
                  <label
                    key={value}
                    className={cn(
                      "relative flex cursor-pointer items-start gap-2.5 rounded-lg border border-border p-2.5 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                      layout === value ? "border-primary bg-primary/10" : "hover:bg-accent",
                    )}
                  >
                    <input
                      type="radio"
                      name="mobile-layout"
                      value={value}
                      checked={layout === value}
                      onChange={() => onLayoutChange(value)}
                      aria-labelledby={`mobile-layout-label-${value}`}
                      aria-describedby={`mobile-layout-hint-${value}`}
                      // Invisible but covering the card, so a tap anywhere on it selects the option.
                      className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
                    />
                    <Icon
                      className={cn("mt-0.5 size-4 shrink-0", layout === value ? "text-primary" : "text-muted-foreground")}
                      aria-hidden
                    />
                    <span className="min-w-0">
                      <span id={`mobile-layout-label-${value}`} className="block text-sm font-medium">
                        {option.label}
                      </span>
                      <span id={`mobile-layout-hint-${value}`} className="block text-xs text-muted-foreground">
                        {option.hint}
                      </span>
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        </div>
      </SheetContent>
    </Sheet>
  );
}
