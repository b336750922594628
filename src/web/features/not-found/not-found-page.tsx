import { Link, useLocation } from "react-router";
import { Compass, Home, Search } from "lucide-react";
import { APP_NAME } from "@/shared/constants";
import { Button } from "@/web/components/ui/button";

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <title>{`Page not found · ${APP_NAME}`}</title>
      <div className="max-w-md text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
          <Compass className="size-7" aria-hidden />
        </span>
        <p className="mt-5 font-mono text-sm text-muted-foreground">404</p>
        <h1 className="mt-1 font-serif text-2xl font-semibold">Page not found</h1>
        <p className="mt-2 leading-relaxed break-words text-muted-foreground">
          There is no page at <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm">{pathname}</code>. It
          may have moved, or the link may be mistyped.
        </p>
        <div className="mt-7 flex flex-wrap justify-center gap-3">
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
        </div>
      </div>
    </div>
  );
}
