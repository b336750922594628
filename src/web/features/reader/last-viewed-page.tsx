import { Link } from "react-router";
import { BookOpenText, Bookmark, Search } from "lucide-react";
import { APP_NAME } from "@/shared/constants";
import { EmptyState } from "@/web/components/empty-state";
import { Button } from "@/web/components/ui/button";

export { lastViewedLoader } from "@/web/features/reader/last-viewed";

/** Shown at /reader when no paper has been opened yet (the loader redirects otherwise). */
export function LastViewedPage() {
  return (
    <>
      <title>{`Reader · ${APP_NAME}`}</title>
      <EmptyState
        icon={BookOpenText}
        title="No Recent Papers"
        actions={
          <>
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
          </>
        }
      >
        The last paper you open is kept here, so you can come back to it in one tap. Find something to read first.
      </EmptyState>
    </>
  );
}
