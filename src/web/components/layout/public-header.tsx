import { Link } from "react-router";
import { Menu } from "lucide-react";
import { QuireLogo } from "@/web/components/quire-logo";
import { ThemeToggle } from "@/web/components/theme/theme-toggle";
import { OfflineBadge } from "@/web/components/layout/offline-badge";
import { Button } from "@/web/components/ui/button";
import { DeferredMenu } from "@/web/components/ui/deferred-menu";

/** In-page sections of the landing page. */
const SECTION_LINKS = [
  { href: "#features", label: "Features" },
  { href: "#how-it-works", label: "How it Works" },
] as const;

/** Phones have no room for the section links in the bar; they sit behind a small menu. */
function SectionMenu() {
  return (
    <DeferredMenu
      align="end"
      trigger={
        <Button variant="ghost" size="icon" aria-label="Page sections" className="sm:hidden">
          <Menu className="size-5" aria-hidden />
        </Button>
      }
    >
      {({ DropdownMenuItem }) =>
        SECTION_LINKS.map((link) => (
          <DropdownMenuItem key={link.href} asChild>
            <a href={link.href}>{link.label}</a>
          </DropdownMenuItem>
        ))
      }
    </DeferredMenu>
  );
}

export function PublicHeader({ showSectionLinks }: { showSectionLinks: boolean }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <QuireLogo />
        <OfflineBadge />
        <nav aria-label="Main" className="ml-auto flex items-center gap-1 sm:gap-2">
          {showSectionLinks ? (
            <ul className="mr-2 hidden items-center gap-1 sm:flex">
              {SECTION_LINKS.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <ThemeToggle />
          <Button asChild variant="ghost" size="sm" className="px-2.5 sm:px-3">
            <Link to="/auth">Sign In</Link>
          </Button>
          <Button asChild size="sm">
            <Link to="/search">Get Started</Link>
          </Button>
          {showSectionLinks ? <SectionMenu /> : null}
        </nav>
      </div>
    </header>
  );
}
