import { Menu, PanelLeftClose, PanelLeftOpen } from "lucide-react";
import type { CurrentUserState } from "@/web/hooks/use-current-user";
import { QuireLogo } from "@/web/components/quire-logo";
import { ThemeToggle } from "@/web/components/theme/theme-toggle";
import { OfflineBadge } from "@/web/components/layout/offline-badge";
import { SourceCodeLink } from "@/web/components/layout/source-code-link";
import { SIDEBAR_ID } from "@/web/components/layout/app-sidebar";
import { SignInLink, UserMenu } from "@/web/components/layout/user-menu";
import { Button } from "@/web/components/ui/button";

type AppHeaderProps = {
  session: CurrentUserState;
  /** Present when a sidebar is shown that the user may collapse or expand. */
  sidebar?: { collapsed: boolean; onToggle: () => void };
  /** Present on phone layouts whose menu opens from the header. */
  menu?: { open: boolean; onOpen: () => void };
};

export function AppHeader({ session, sidebar, menu }: AppHeaderProps) {
  return (
    <header className="sticky top-0 z-40 h-14 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="flex h-full items-center gap-1.5 px-3 sm:gap-2">
        {menu ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menu.open}
            onClick={menu.onOpen}
          >
            <Menu className="size-5" aria-hidden />
          </Button>
        ) : null}
        {sidebar ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={sidebar.collapsed ? "Expand sidebar" : "Collapse sidebar"}
            aria-controls={SIDEBAR_ID}
            aria-expanded={!sidebar.collapsed}
            onClick={sidebar.onToggle}
          >
            {sidebar.collapsed ? (
              <PanelLeftOpen className="size-[1.15rem]" aria-hidden />
            ) : (
              <PanelLeftClose className="size-[1.15rem]" aria-hidden />
            )}
          </Button>
        ) : null}
        <QuireLogo className="mr-1 px-1" />
        <OfflineBadge />
        <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
          <SourceCodeLink />
          <ThemeToggle />
          <div className="ml-1 flex min-w-8 justify-end">
            {session.isPending ? (
              <span className="size-8 animate-pulse rounded-full bg-muted" aria-hidden />
            ) : session.user ? (
              <UserMenu user={session.user} />
            ) : (
              <SignInLink />
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
