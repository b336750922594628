import { Link } from "react-router";
import { BookOpenText, Bookmark, Search } from "lucide-react";
import { APP_NAME } from "@/shared/constants";
import { Button } from "@/web/components/ui/button";

export { lastViewedLoader } from "@/web/features/reader/last-viewed";

/** Shown at /reader when no paper has been opened yet (the loader redirects otherwise). */
export function LastViewedPage() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <title>{`Reader · ${APP_NAME}`}</title>
      <div className="max-w-md text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
          <BookOpenText className="size-7" aria-hidden />
        </span>
        <h1 className="mt-5 font-serif text-2xl font-semibold">No Recent Papers</h1>
        <p className="mt-2 leading-relaxed text-muted-foreground">
          The last paper you open is kept here, so you can come back to it in one tap. Find something to read first.
        </p>
        <div className="mt-7 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/search">
              <Search aria-hidden />
              Search Papers
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/bookmarks">
              <Bookmark aria-hidden />
              View Bookmarks
            </Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
