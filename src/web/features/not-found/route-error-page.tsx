import { isRouteErrorResponse, useRouteError } from "react-router";
import { TriangleAlert } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import { useDismissEarlyPage } from "@/web/features/reader/pdf/early-page";
import { useRevealApp } from "@/web/lib/page-preview";

/** Last-resort screen for a crash or a page chunk that failed to load (e.g. after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  useDismissEarlyPage();
  useRevealApp();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;

  const handleReload = () => window.location.reload();

  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <title>Something went wrong · Quire</title>
      <div className="max-w-md text-center">
        <TriangleAlert className="mx-auto size-10 text-destructive" aria-hidden />
        <h1 className="mt-4 font-serif text-2xl font-semibold">Something went wrong</h1>
        <p className="mt-2 text-muted-foreground">
          Quire hit an unexpected problem. Reloading usually fixes it; your saved papers are not affected.
        </p>
        {detail ? <p className="mt-3 font-mono text-xs break-words text-muted-foreground">{detail}</p> : null}
        <div className="mt-6 flex justify-center gap-3">
          <Button onClick={handleReload}>Reload</Button>
          <Button asChild variant="outline">
            {/* A plain link: the router itself may be what failed. */}
            <a href="/">Home</a>
          </Button>
        </div>
      </div>
    </main>
  );
}
