import { useState } from "react";
import { Wrench } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import type { LocalBookmark } from "@/web/lib/user-data/bookmark-store";
import { useUserStores } from "@/web/lib/user-data/user-stores";

/**
 * "Fix Paper Data" (Bookmarks page): re-fetches missing or stale
 * metadata of every bookmark from its source, with a progress bar, and reports what changed.
 */
export function FixPaperDataButton({ load }: { load: () => Promise<readonly LocalBookmark[]> }) {
  const stores = useUserStores();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const handleFix = async () => {
    setProgress({ done: 0, total: 0 });
    try {
      const { runFixPaperData } = await import("./fix-paper-data");
      await runFixPaperData(load, stores, (done, total) => setProgress({ done, total }));
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      <Button variant="outline" onClick={() => void handleFix()} disabled={progress !== null}>
        <Wrench aria-hidden className={progress ? "animate-pulse" : undefined} />
        Fix Paper Data
      </Button>
      {progress && progress.total > 0 ? (
        <div className="w-full sm:w-48" role="status" aria-label="Fix Paper Data progress">
          <progress className="h-2 w-full accent-primary" max={progress.total} value={progress.done} />
          <p className="text-xs text-muted-foreground">
            Checked {progress.done} of {progress.total}
          </p>
        </div>
      ) : null}
    </>
  );
}
