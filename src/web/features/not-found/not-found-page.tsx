import { Link, useLocation } from "react-router";
import { Compass, Home, Search } from "lucide-react";
import { APP_NAME } from "@/shared/constants";
import { EmptyState } from "@/web/components/empty-state";
import { Button } from "@/web/components/ui/button";

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <>
      <title>{`Page not found · ${APP_NAME}`}</title>
      <EmptyState
        icon={Compass}
        tone="muted"
        eyebrow="404"
        title="Page not found"
        actions={
          <>
            <Button asChild>
              <Link to="/search">
                <Search aria-hidden />
                Search papers
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/">
                <Home aria-hidden />
                Home page
              </Link>
            </Button>
          </>
        }
      >
        There is no page at <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm">{pathname}</code>. It may
        have moved, or the link may be mistyped.
      </EmptyState>
    </>
  );
}
